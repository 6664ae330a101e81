// Knarr: the five board slots with their Vikings, the Destinations to explore, each player's
// crew columns (one per colour), ship and tokens, and your hand. Click a Viking in your hand
// to recruit it (then pick the slot), a Destination to explore it (then how to pay).
import { el } from "/static/js/common.js";
import { actionsByCard, backs, card, zone } from "/static/js/cards.js";

const COLOURS = ["red", "yellow", "green", "blue", "purple"];
const HINTS = {
  action: "Recruit a Viking (click a card in your hand) or explore a Destination (click it).",
  pay: "Pay for the Destination: click Vikings of your crew (under your name).",
  "trade or end": "Trade (spend n bracelets, 1 to 3, to gain columns 1 to n of your ship and of every Destination above it) or end your turn.",
};
const TRADE_FIRST = " You may trade bracelets first (once a turn)."; // the action step's trade buttons
// the icons the moves and Destinations write short (the terminal's legend, games/knarr/render.py)
const KEY = "Key: VP victory point · BR silver bracelet · RC recruit token · REP reputation · CARD a blind Viking from the deck.";

function viking(name, opts = {}) {
  const [colour, ...asset] = String(name).split(" ");
  return card(asset.join(" ") || name, { ...opts, kind: `viking viking-${colour}`, kindLabel: colour, title: name });
}

// "A04  cost 3 of different colours  gain BR  trade VP | REP | RC": its parts under the id
function destination(id, text, opts = {}) {
  const [, cost, gain, trade] = (text || "").match(/cost (.*?)  gain (.*?)  trade (.*)$/) || [];
  const extra = cost ? el("span", { class: "terms" },
    el("span", {}, `cost ${cost}`), el("span", {}, `gain ${gain}`), el("span", {}, `trade ${trade}`)) : null;
  return card(id, { ...opts, kind: `destination knarr-destination deck-${String(id)[0].toLowerCase()}`, kindLabel: "destination", title: text || id, extra });
}

function crewColumns(crew) {
  return el("div", { class: "crew-columns" }, crew.map((column, i) => el("div", { class: `crew-column viking-${COLOURS[i]}` },
    el("div", { class: "muted" }, COLOURS[i]),
    column.map((v) => el("div", { class: `mini viking-${v.split(" ")[0]}`, title: v }, v.split(" ").slice(1).join(" "))))));
}

export function render(root, msg, ui) {
  const v = msg.view;
  const drawn = new Set();
  const name = (seat) => msg.seats[seat]?.name ?? `Seat ${seat + 1}`;
  const take = (names) => {
    const byCard = actionsByCard(ui.legal, names);
    for (const actions of byCard.values()) actions.forEach((a) => drawn.add(a.action));
    return byCard;
  };
  const header = el("div", { class: "row" },
    el("span", { class: "stat" }, `Round ${v.round}`),
    el("span", { class: "stat" }, `phase: ${v.phase}`),
    el("span", { class: "stat" }, `ship side: ${v.ship_side}`),
    v.end_triggered && v.phase !== "over" ? el("span", { class: "trump" }, "last round") : null, // (not on the final table)
    v.artifacts && v.artifacts.length ? el("span", { class: "stat" }, `artifacts: ${v.artifacts.join(", ")}`) : null);

  const board = zone("The board", el("div", { class: "cards", id: "board-slots" }, v.board.map((vk, i) =>
    el("div", { class: "slot" }, el("div", { class: "muted" }, `slot ${i + 1} (${COLOURS[i]})`), vk ? viking(vk, { small: true }) : backs(0)))));

  const explore = take(v.destinations);
  const destinations = zone("Destinations", el("div", { class: "cards" }, v.destinations.map((d) =>
    destination(d, (v.destination_text || {})[d], { actions: explore.get(d), ui }))));

  const decks = el("div", { class: "row" },
    zone(`Viking deck (${v.viking_deck})`, el("div", { class: "cards" }, v.viking_deck ? backs(1) : [])),
    zone(`deck A (${v.deck_a})`, el("div", { class: "cards" }, v.deck_a ? backs(1) : [])),
    zone(`deck B (${v.deck_b})`, el("div", { class: "cards" }, v.deck_b ? backs(1) : [])),
    v.discard.length ? zone("discard", el("span", {}, v.discard.map((c) => el("span", { class: "chip" }, c)))) : null);

  // Crew Vikings are paid or discarded; a recruit names a hand card, even one that looks alike
  const crewNames = v.seats[msg.seat ?? -1]?.crew?.flat() ?? [];
  const pay = actionsByCard(ui.legal.filter((a) => /^(pay|discard) /.test(a.label)), crewNames);
  for (const actions of pay.values()) actions.forEach((a) => drawn.add(a.action));
  const players = el("div", { class: "players knarr-players" }, v.seats.map((p, seat) => el("div", {
    class: `player${seat === msg.to_move ? " to-move" : ""}`, dataset: { seat },
  },
    el("div", { class: "name" }, name(seat), seat === msg.seat ? " (you)" : ""),
    el("div", {}, [["score", p.score], ["reputation", p.reputation], ["recruits", p.recruits], ["bracelets", p.bracelets]]
      .map(([k, x]) => el("span", { class: "stat" }, `${k} `, el("b", {}, x)))),
    crewColumns(p.crew),
    seat === msg.seat && pay.size ? el("div", { class: "cards" }, [...pay].filter(([, acts]) => acts.length)
      .map(([vk, acts]) => viking(vk, { small: true, actions: acts, ui }))) : null,
    el("div", { class: "muted" }, "ship: ", p.ship.length ? p.ship.map((d) => el("span", { class: "chip", title: (v.destination_text || {})[d] || d }, d)) : "none",
      p.reserved.length ? [" · reserved: ", p.reserved.map((d) => el("span", { class: "chip", title: (v.destination_text || {})[d] || d }, d))] : ""),
    seat === msg.seat ? null : zone(`hand (${p.hand_size})${p.known_hand.length ? ` · known: ${p.known_hand.join(", ")}` : ""}`,
      el("div", { class: "cards fan" }, backs(p.hand_size))))));

  let hand = null;
  if (v.hand) {
    const recruit = take(v.hand);
    hand = zone("your hand", el("div", { class: "cards", id: "hand" }, v.hand.map((vk) => viking(vk, { actions: recruit.get(vk), ui }))));
  }
  const trade = v.phase === "action" && ui.legal.some((a) => a.label.startsWith("trade "));
  const hint = ui.interactive && HINTS[v.phase] ? el("p", { class: "hint" }, HINTS[v.phase] + (trade ? TRADE_FIRST : "")) : null;
  const key = el("p", { class: "key muted" }, KEY);
  root.replaceChildren(...[header, key, hint, hand, destinations, board, players, decks].filter(Boolean)); // your choices in sight
  return drawn;
}
