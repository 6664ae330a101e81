// Gone Viking!: the trick and trump in the middle, each player's tokens and won cards around
// it, your hand below. A play of several cards is built by clicking cards (each one goes into
// the play being built, shown in the trick), then confirmed with "done".
import { el } from "/static/js/common.js";
import { actionsByCard, backs, card, zone } from "/static/js/cards.js";

const GODS = { Odin: "Books 12", Freya: "Coins 11", Thor: "Hammers 10", Loki: "Fists 9" };
// What the seat to move decides, in each phase (the rules page's words, shortened)
const HINTS = {
  tricks: "Click cards of one type to build your play, then \"done\"; or lay a God face down.",
  "free swap": "Click cards to swap, or stop swapping.",
  "paid swaps": "Pay a token to put two cards of your hand under the draw pile and draw two from its top, or stop swapping.",
  "paid swap: pick two cards": "Click the two cards to swap.",
  "leader names trump": "Name trump: any of the four types.",
  "God names trump": "Your God names trump: any of the four types.",
  "Odin's Home Power": "Odin's Home Power: take 2 tokens from the supply, one at a time.",
  "Freya's Home Power": "Freya's Home Power: return one of your tokens (not a Ship) to the supply.",
  "Loki's Home Power": "Loki's Home Power: take a token from the supply, or steal one (not a Ship) from another player.",
  "ship building": "Build a Ship from a Book, a Coin, a Hammer and a Fist, or from 4 Trees (with Thor's Home Power, any 4 tokens); or build none.",
  "Thor's ship": "Thor's Home Power: choose the 4 tokens (not Ships) that make your Ship, one at a time.",
  "the Jarl's tribute": "The Jarl takes half your tokens that are not Ships, rounded up: choose which, one at a time.",
};

function gvCard(name, opts = {}) {
  if (GODS[name]) {
    return card(name, { ...opts, kind: "god", kindLabel: "God", extra: el("small", {}, `as ${GODS[name]}`) });
  }
  const [type, value] = String(name).split(" ");
  return card(value ?? name, { ...opts, kind: `suit-${(type || "").toLowerCase()}`, corner: value, kindLabel: type, title: name });
}

function tokens(t) {
  return el("span", {}, Object.entries(t).filter(([, n]) => n > 0).map(([k, n]) =>
    el("span", { class: `token token-${k.toLowerCase()}` }, `${n} ${k}`)));
}

export function render(root, msg, ui) {
  const v = msg.view;
  const drawn = new Set();
  const name = (seat) => msg.seats[seat]?.name ?? `Seat ${seat + 1}`;
  const over = v.winners.length > 0; // the last raid's trump and God no longer matter
  const header = el("div", { class: "row" },
    el("span", { class: "stat" }, `Raid ${v.raid}`),
    el("span", { class: "stat" }, `phase: ${v.phase}`),
    over ? null : el("span", { class: "trump" }, `Trump: ${v.trump}`),
    v.led ? el("span", { class: "stat" }, `led: ${v.led}`) : null,
    el("span", { class: "stat" }, `Raid Leader: ${name(v.leader)}`), // (not the trick's: "led" is its type)
    el("span", { class: "stat" }, `wealth to win: ${v.win_wealth}`),
    v.god_in_play && !over ? el("span", { class: "stat" }, `God in play: ${v.god_in_play.god} (${name(v.god_in_play.owner)})`) : null);

  const plays = v.trick.map((t) => el("div", { class: "play" },
    el("div", { class: "muted" }, `${name(t.seat)} · ${t.type} ${t.strength}`),
    el("div", { class: "cards" }, t.cards.map((c) => gvCard(c, { small: true })))));
  if (v.playing && (v.playing.cards.length || v.playing.seat === msg.to_move)) {
    plays.push(el("div", { class: "play building" },
      el("div", { class: "muted" }, `${name(v.playing.seat)} is playing…`),
      el("div", { class: "cards" }, v.playing.cards.map((c) => gvCard(c, { small: true, kind: "selected" })))));
  }
  if (v.god_face_down) {
    plays.push(el("div", { class: "play" }, el("div", { class: "muted" }, `${name(v.god_face_down.seat)}: a God face down`),
      el("div", { class: "cards" }, v.god_face_down.god ? gvCard(v.god_face_down.god, { small: true }) : backs(1))));
  }
  const trick = zone("The trick", el("div", { class: "row trick" }, plays.length ? plays : el("span", { class: "muted" }, "no cards yet")));

  // as the terminal says it: "You have picked 1 card to swap" to the swapper, "Astrid has ..." to the others
  const swap = v.swapping ? el("p", { class: "muted swapping" },
    `${v.swapping.seat === msg.seat ? "You have" : `${name(v.swapping.seat)} has`} picked ${v.swapping.picked === 1 ? "1 card" : `${v.swapping.picked} cards`} to swap`,
    v.swapping.cards && v.swapping.cards.length ? `: ${v.swapping.cards.join(", ")}` : "") : null;

  const players = el("div", { class: "players" }, v.tokens.map((t, seat) => el("div", {
    class: `player${seat === msg.to_move ? " to-move" : ""}`, dataset: { seat },
  },
    el("div", { class: "name" }, name(seat), seat === msg.seat ? " (you)" : "",
      v.winners.includes(seat) ? " — winner" : ""),
    el("div", {}, el("span", { class: "stat" }, "wealth ", el("b", {}, v.wealth[seat])),
      el("span", { class: "stat" }, `won ${v.won[seat].length} cards`),
      // the Fist value won this raid, the Jarl's tie-break (the terminal's "Fists won" column)
      v.fists_won[seat] ? el("span", { class: "stat", title: "Fist value won this raid: the Jarl's tie-break" }, "Fists won ", el("b", {}, v.fists_won[seat])) : null),
    el("div", {}, tokens(t)),
    v.voids[seat].length ? el("div", { class: "muted" }, `out of ${v.voids[seat].join(", ")}`) : null,
    seat === msg.seat ? null : zone(`hand (${v.hand_sizes[seat]})${(v.known_hands || {})[seat] ? ` · you know: ${v.known_hands[seat].join(", ")}` : ""}`,
      el("div", { class: "cards fan" }, backs(v.hand_sizes[seat]))))));

  const table = el("div", { class: "row" },
    zone(`pile (${v.pile_size})`, el("div", { class: "cards" }, v.pile_size ? backs(1) : [])),
    zone("supply", tokens(v.supply)),
    v.discard.length ? zone("discard", el("span", {}, v.discard.map((c) => el("span", { class: "chip" }, c)))) : null,
    v.pile_known.length ? zone("you know in the pile", el("span", {}, v.pile_known.map(([i, c]) => el("span", { class: "chip" }, `${i + 1}: ${c}`)))) : null);

  let hand = null;
  if (v.hand) {
    const byCard = actionsByCard(ui.legal, v.hand);
    hand = zone("your hand", el("div", { class: "cards", id: "hand" }, v.hand.map((c) => {
      const actions = byCard.get(c);
      actions.forEach((a) => drawn.add(a.action));
      return gvCard(c, { actions, ui });
    })));
  }
  const hint = ui.interactive && HINTS[v.phase] ? el("p", { class: "hint" }, HINTS[v.phase]) : null;
  root.replaceChildren(...[header, hint, trick, swap, hand, table, players].filter(Boolean)); // your hand in sight
  return drawn;
}
