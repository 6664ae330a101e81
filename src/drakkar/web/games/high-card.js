// High Card, the toy game: hands as cards, each seat's played cards in a row.
import { el } from "/static/js/common.js";
import { actionsByCard, backs, card, zone } from "/static/js/cards.js";

export function render(root, msg, ui) {
  const v = msg.view;
  const drawn = new Set();
  const players = v.played.map((played, seat) => el("div", { class: `player${seat === msg.to_move ? " to-move" : ""}` },
    el("div", { class: "name" }, msg.seats[seat].name, seat === msg.seat ? " (you)" : ""),
    el("div", { class: "stat" }, `total ${played.reduce((a, b) => a + b, 0)}`),
    zone("played", el("div", { class: "cards" }, played.map((c) => card(c, { small: true, corner: c })))),
    seat === msg.seat ? null : zone("hand", el("div", { class: "cards fan" }, backs(v.hand_sizes[seat])))));
  let hand = null;
  if (v.hand) {
    const plays = actionsByCard(ui.legal, v.hand);
    hand = zone("your hand", el("div", { class: "cards", id: "hand" }, v.hand.map((c) => {
      const actions = plays.get(String(c));
      actions.forEach((a) => drawn.add(a.action));
      return card(c, { corner: c, actions, ui, kindLabel: "high card" });
    })));
  }
  root.replaceChildren(...[el("div", { class: "players" }, players), hand].filter(Boolean));
  return drawn;
}
