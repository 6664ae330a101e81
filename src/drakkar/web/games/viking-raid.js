// Viking Raid: your hand of Viking cards, each raider's ship, crew and Destination, the
// Encounter cards of the latest raid turn (a phase each, with what each card did), the decks
// and discards. A card is clickable when a legal
// action names it (build, hire, sail for, discard); "done hiring", "go raiding" and the
// attacks are buttons under the table.
import { el } from "/static/js/common.js";
import { actionsByCard, backs, card, zone } from "/static/js/cards.js";

// What each card is, for drawing it (the rules' data lives in games/viking_raid/cards.py).
const VIKING = {
  "Long Ship": ["ship", "cost 2 · 20 crew"],
  "Serpent Ship": ["ship", "cost 3 · 30 crew"],
  "Dragon Ship": ["ship", "cost 4 · 40 crew"],
  Berserkers: ["crew", "negate 5 kills"],
  Navigator: ["crew", "negate 1st Lost"],
  Carpenter: ["crew", "negate 1st Rocks"],
  "Sail Maker": ["crew", "negate 1st Storm"],
};
const SIZES = {
  "Near Village": 2, Village: 2, "Far Village": 3, "Near Monastery": 3, Monastery: 3,
  "Far Monastery": 4, "Near Town": 4, Town: 4, "Far Town": 5, "Near City": 5, City: 6, "Far City": 7,
};
const NO_EFFECT = ["no effect", "no treasure"]; // drawn results shown dimmed
const ENCOUNTER = {
  Lost: ["sea", "miss a turn"], Storm: ["sea", "1 sail damage"], Rocks: ["sea", "1 hull damage"],
  "Peasants Militia": ["defenders", "kill 5"], Garrison: ["defenders", "kill 10"],
  Knights: ["defenders", "kill 15"], Livestock: ["treasure", "3 gold"],
  "Women Captives": ["treasure", "5 gold"], Coins: ["treasure", "7 gold"], Artifacts: ["treasure", "9 gold"],
};

// What the seat to move is choosing, in a few words.
const HINTS = {
  discard: "Over the hand limit: click a card to discard.",
  declare: "Go raiding or stay home (and draw an extra card).",
  build: "Build a Ship: click a Ship card.",
  hire: "Hire Crew: click Crew cards one by one, then \"done hiring\".",
  destination: "Choose a Destination: click a Destination card.",
  tactics: "Attack directly, or by surprise.",
};

function vikingCard(name, opts = {}) {
  const [kind, info] = VIKING[name] || ["destination", `size ${SIZES[name] ?? "?"}`];
  return card(name, { ...opts, kind, kindLabel: kind, extra: el("small", { class: "muted-ink" }, info) });
}

function encounterCard(name, opts = {}) {
  const [kind, info] = ENCOUNTER[name] || ["sea", ""];
  return card(name, { ...opts, kind: `encounter ${kind}`, kindLabel: kind, extra: el("small", {}, info) });
}

/** A drawn Encounter card with what it did beneath it ("ignored (Far)", "+7 Gold"); those that
 * did nothing are dimmed, their result still written. */
function encounterDrawn(d, msg) {
  const whose = d.player !== undefined ? `, ${msg.seats[d.player]?.name}` : "";
  const idle = NO_EFFECT.includes(d.result);
  return el("figure", { class: `drawn${idle ? " idle" : ""}` },
    encounterCard(d.card, { small: true, title: `${d.card} (${d.phase}${whose}): ${d.result || "drawn"}` }),
    el("figcaption", {}, d.result || ""));
}

/** The latest raid turn's Encounter cards, a row per phase (render._drawn in the terminal). */
function drawnCards(msg, drawn) {
  const phases = new Map();
  for (const d of drawn) phases.set(d.phase, [...(phases.get(d.phase) || []), d]);
  const whose = msg.seats[drawn[0].player]?.name ?? `player ${drawn[0].player}`;
  return zone(`Encounter cards of ${whose}'s latest raid turn`, el("div", { class: "phases" }, [...phases].map(([phase, cards]) =>
    el("div", { class: "phase", dataset: { phase } }, el("h4", {}, phase),
      el("div", { class: "cards" }, cards.map((d) => encounterDrawn(d, msg)))))));
}

/** What damage does, under the raiders (the terminal's legend says it too). */
function sinkingNote(v) {
  const sunk = v.sinking === "lose-raid" ? "its player loses that raid and plays on" : "its player is out of the game";
  return el("p", { class: "key muted", id: "sinking-note" }, `Damage: 2 hull or 2 sail damage sinks the ship; ${sunk}.`);
}

/** "1 more hull damage sinks it" once a ship has 1 of either. */
function nearSinking(p) {
  const near = [p.hull_damage === 1 ? "hull" : null, p.sail_damage === 1 ? "sail" : null].filter(Boolean);
  return p.ship && !p.out && near.length ? el("div", { class: "stat warn" }, `1 more ${near.join(" or ")} damage sinks it`) : null;
}

function counts(obj) {
  const entries = Object.entries(obj || {});
  if (!entries.length) return el("span", { class: "muted" }, "empty");
  return el("span", {}, entries.map(([name, n]) => el("span", { class: "chip" }, n > 1 ? `${name} ×${n}` : name)));
}

function raider(msg, v, p, seat) {
  const stats = [
    ["gold", p.gold], ["raids", p.raids], ["crew", p.crew],
    ["hull damage", p.hull_damage], ["sail damage", p.sail_damage],
  ];
  return el("div", { class: `player${seat === msg.to_move ? " to-move" : ""}`, dataset: { seat } },
    el("div", { class: "name" }, msg.seats[seat].name, seat === msg.seat ? " (you)" : "",
      v.winners && v.winners.includes(seat) ? " — winner" : "", p.out ? " — out" : ""),
    el("div", {}, stats.map(([k, x]) => el("span", { class: "stat" }, `${k} `, el("b", {}, x)))),
    nearSinking(p),
    p.attack ? el("div", { class: "stat" }, `attacks ${p.attack}`) : null,
    p.continues_at ? el("div", { class: "stat" }, `continues at ${p.continues_at}`) : null,
    el("div", { class: "cards" },
      p.ship ? vikingCard(p.ship, { small: true }) : null,
      Object.entries(p.special_crew || {}).map(([name, state]) =>
        vikingCard(name, { small: true, title: `${name} (${state})` })),
      p.destination ? vikingCard(p.destination, { small: true, title: `${p.destination}: ${p.distance}, size ${p.size}` }) : null),
    seat === msg.seat ? null : zone(`hand (${p.hand_size})`, el("div", { class: "cards fan" }, backs(p.hand_size))));
}

export function render(root, msg, ui) {
  const v = msg.view;
  const drawn = new Set();
  const header = el("div", { class: "row" },
    el("span", { class: "stat" }, `Round ${v.round} of ${v.max_rounds}`),
    v.step && v.step !== "none" ? el("span", { class: "stat" }, `step: ${v.step}`) : null,
    el("span", { class: "stat" }, `sinking: ${v.sinking}`),
    v.ending && !v.winners ? el("span", { class: "trump" }, "last round") : null); // (someone has 3 raids)
  const decks = el("div", { class: "row" },
    zone(`Viking deck (${v.viking_deck})`, el("div", { class: "cards" }, v.viking_deck ? backs(1) : [])),
    zone(`Encounter deck (${v.encounter_deck})`, el("div", { class: "cards" }, v.encounter_deck ? backs(1) : [])),
    zone("Viking discard", counts(v.viking_discard)),
    zone("Encounter discard", counts(v.encounter_discard)));
  const raid = v.drawn && v.drawn.length ? drawnCards(msg, v.drawn) : null;
  let hand = null;
  if (v.hand) {
    const plays = actionsByCard(ui.legal, v.hand);
    hand = zone("your hand", el("div", { class: "cards", id: "hand" }, v.hand.map((name) => {
      const actions = plays.get(name);
      actions.forEach((a) => drawn.add(a.action));
      return vikingCard(name, { actions, ui });
    })));
  }
  const players = el("div", { class: "players" }, v.players.map((p, seat) => raider(msg, v, p, seat)));
  const note = v.players.some((p) => p.ship) ? sinkingNote(v) : null; // (no damage to read before)
  // (a raid needs a Destination and a Ship you can afford: say so when there is none to declare)
  const raidless = v.step === "declare" && !ui.legal.some((a) => a.label === "go raiding");
  const say = raidless ? "No raid this turn: it needs a Destination and a Ship you can afford. Stay home and draw an extra card." : HINTS[v.step];
  const hint = ui.interactive && say ? el("p", { class: "hint" }, say) : null;
  root.replaceChildren(...[header, hint, hand, raid, players, note, decks].filter(Boolean)); // your hand in sight
  return drawn;
}
