// Villainous Vikings: the map of eight Regions with the ships in each, the Journey Pool of
// Locations (click one to conquer, raid or pay danegeld), the battle and its dice, each
// captain's ship, crew, Locations and Asgard cards. Click a Region to sail there. A battle says
// who wins if both sides stop now and what each sacrifice gives; a decision the labels do not
// explain (contest or retreat, colonize or raze, take a Hero) is spelled out; "Abilities in
// play" names what every card in play does (the terminal's `info`, games/villainous_vikings/info.py).
import { el, seatName } from "/static/js/common.js";
import { actionsByCard, card, playable, zone } from "/static/js/cards.js";

const COLOURS = ["white", "grey", "red"]; // the dice and the Longship's sections, left to right
const LETTER = { white: "W", grey: "G", red: "R" };
const FACE = { sword: "S", swords2: "SS", shield: "D", sword_shield: "SD", hammer: "H", blank: "·" }; // sword, defence (shield), hammer
const FACE_WORDS = { sword: "sword", swords2: "2 swords", shield: "shield", sword_shield: "sword and shield", hammer: "hammer", blank: "blank" };
const KEY = "Key: W G R = the white, grey (not green) and red dice and Longship sections, left to right; x = a lost section.";
const FACE_KEY = "Dice faces: SS 2 swords, S sword, SD sword and shield, D shield, H hammer, · blank.";
// info.py's RULES word for word (browser_test checks it): the prices are battle.SWORD_COST
// and rules.REPAIR_COST
const RULES = "In a battle the side behind decides first (the attacker on a tie; a Captain always before "
  + "a Location or the Gods): sacrifice at most one face-up Location, one Warrior and one "
  + "Asgard card a battle, and buy swords at 5 gold each, until both sides stop. "
  + "More swords win; a Location or the Gods win a tie, Captains fight a tie again. Your hits "
  + "are the other side's swords less your shields, counted from the right (red, grey, white); "
  + "a section flips when all its helmets are hit, and a flipped white section sinks the ship. "
  + "A Location without a Sovereign counts each hammer as 2 swords. Retreat from a contest: 2 "
  + "gold per undamaged section (or all your gold if less). Repair: grey 3 gold, red 2.";
const nameOf = (x) => (typeof x === "string" ? x : x?.name ?? String(x));
/** '1 sword', '2 swords': a number and its noun, singular for one (effects.count). */
const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
/** 'white: +2 swords · grey: +1 sword · red: -' (info.hammers). */
const hammers = (h) => Object.entries(h).map(([colour, text]) => `${colour}: ${text}`).join(" · ");
let abilitiesOpen = false; // the panel stays open across redraws (the table is drawn anew at every move)

function location(loc, regions, opts = {}) {
  if (loc.type === "asgard") return asgardCard(loc, opts);
  const info = [
    regions[loc.region] ?? "",
    loc.age !== undefined ? `age ${loc.age}` : null,
    loc.gold !== undefined ? `${loc.gold} gold · ${loc.vp} VP` : null,
    loc.dice && loc.dice.length ? `dice: ${loc.dice.join(", ")}` : null,
    loc.warrior ? `${loc.warrior.kind ?? "hero"}: ${loc.warrior.name}` : null,
  ].filter(Boolean).join(" · ");
  return card(loc.name, { ...opts, kind: `location region-${loc.region}`, kindLabel: "location", title: `${loc.name}: ${info}`, extra: el("small", {}, info) });
}

/** An Asgard card in the Journey Pool or a hand: what using it does, what its sacrifice gives
 * and its VP (the pool's also its age, the Gods' dice and a win's reward). */
function asgardCard(c, opts = {}) {
  const lines = [
    c.age !== undefined ? `age ${c.age} · ${c.vp} VP` : `${c.vp} VP`,
    c.use ? `use: ${c.use}` : null,
    c.dice && c.dice.length ? `the Gods roll ${c.dice.join(", ")}` : null,
    (c.reward ?? "-") !== "-" ? `a win gives ${c.reward}` : null,
    (c.sacrifice ?? "-") !== "-" ? `sacrifice: ${c.sacrifice}` : null,
  ].filter(Boolean);
  return card(c.name, { ...opts, kind: `asgard${opts.small ? "" : " wide"}`, kindLabel: opts.small ? undefined : "asgard",
    title: `${c.name}: ${lines.join("; ")}`, extra: el("small", {}, lines.map((l, i) => [i ? el("br") : null, l])) });
}

/** A die: its colour's letter and its face's symbol, read out as words ("grey 2 swords"). */
function die([colour, face]) {
  const c = COLOURS[colour] ?? String(colour);
  const words = `${c} ${FACE_WORDS[face] ?? face}`;
  return el("span", { class: `die die-${c}`, role: "img", "aria-label": words, title: words },
    el("span", { class: "die-colour", "aria-hidden": "true" }, LETTER[c] ?? "?"), FACE[face] ?? face);
}

/** The Longship's sections, a lost one crossed out: "W G x". */
function ship(p) {
  const words = p.sections.map((up, i) => `${COLOURS[i]} ${up ? "whole" : "lost"}`).join(", ");
  // (role img: a screen reader says its label, not "W G x")
  return el("div", { class: "ship", role: "img", "aria-label": `Longship sections: ${words}`, title: `Longship sections: ${words}` }, "ship",
    p.sections.map((up, i) => [" ", el("span", { class: `section section-${COLOURS[i]}${up ? "" : " broken"}` }, up ? LETTER[COLOURS[i]] : "x")]));
}

function sideTotals(x) {
  let got = `${count(x.total, "sword")}, ${count(x.shields, "shield")}`;
  if (x.weaken) got += `, enemy -${x.weaken}`;
  if (x.bought) got += ` (${count(x.bought, "sword")} bought)`;
  const sacs = x.sacrificed_cards || [];
  if (sacs.length) got += `; sacrificed ${sacs.map((c) => `${c.name} (${c.gives})`).join(", ")}`;
  return got;
}

/** Who wins if both stop now, the tie rule, the damage each Captain would take (render._standing). */
function standing(b, names) {
  const sides = b.sides;
  const win = b.winner_now;
  const first = win === 1 ? 1 : 0; // the winner's swords first
  const score = `${count(sides[first].total, "sword")} to ${sides[1 - first].total}`;
  let now;
  if (win === null || win === undefined) now = `a tie, ${score}: Vikings do not tie, so the battle would be fought again`;
  else if (win === -1) now = `both Longships sink (${score}): no victor`;
  else now = `${names[win]} wins, ${score}`;
  if (win !== null && win !== undefined) {
    now += sides[1].seat < 0 ? ` (a tie goes to ${names[1]})` : " (a tie between Captains is fought again)";
  }
  const hurt = sides.map((x, i) => (x.hits === null || x.hits === undefined ? null
    : `${names[i]} takes ${count(x.hits, "hit")}${x.sections_lost ? `, losing ${count(x.sections_lost, "section")}` : ""}`)).filter(Boolean);
  return `If both stop now: ${now}. ${hurt.join("; ")}${hurt.length ? "." : ""}`;
}

/** What the side to decide may do: each card it may sacrifice, with what that gives (clickable
 * when it is yours to choose), and the price of a sword (render._choices_text). */
function choices(msg, c, ui, take) {
  const you = c.seat === msg.seat;
  const [who, has] = you ? ["You decide", "you have"] : [`${seatName(msg, c.seat)} decides`, "has"];
  const gold = msg.view.players[c.seat].gold;
  const buy = c.can_buy ? `buy a sword for ${c.sword_cost} gold (${has} ${gold})`
    : `no sword to buy (one costs ${c.sword_cost} gold, ${has} ${gold})`;
  const plays = you ? take(c.sacrifice.map((x) => x.name)) : new Map();
  return el("div", { class: "choices" },
    el("p", {}, `${who}: ${c.sacrifice.length ? "sacrifice a card, " : ""}${buy}, or done.`),
    c.sacrifice.length ? el("ul", { class: "sacrifices" }, c.sacrifice.map((x) => {
      const row = el("span", { class: "choice" }, el("b", {}, `sacrifice ${x.name}`), ` (${x.kind}): ${x.gives}`);
      const acts = plays.get(x.name) || [];
      if (acts.length && ui.interactive) {
        playable(row, acts, ui);
        row.setAttribute("aria-label", `${acts.map((a) => (ui.say || String)(a.label)).join(" or ")}: ${x.gives}`);
      }
      return el("li", {}, row);
    })) : null);
}

function battle(b, msg, ui, take) {
  const v = msg.view;
  const names = b.sides.map((x) => (x.seat >= 0 ? seatName(msg, x.seat) : x.name));
  const sides = b.sides.map((x, i) => el("div", { class: "play side", dataset: { side: i } },
    el("div", { class: "name" }, names[i], x.seat >= 0 ? el("span", { class: "muted" }, ` ${v.players[x.seat]?.captain ?? ""}`) : null),
    el("div", { class: "dice" }, (x.dice || []).length ? x.dice.map(die) : el("span", { class: "muted" }, "no dice")),
    el("div", {}, sideTotals(x))));
  const target = b.target;
  const w = target?.warrior;
  const defender = w ? el("p", { class: "defender" }, `${target.name} is defended by ${w.kind} ${w.name}: ${w.static}`,
    w.hammers ? `. Hammers: ${hammers(w.hammers)}` : "") : null;
  let title = `Battle: ${b.kind}`;
  if (target) title += target.type === "location" ? ` of ${target.name}` : ` (${target.name})`;
  if (b.region >= 0) title += ` in ${v.regions[b.region]}`;
  return zone(`${title}, fight ${b.fight}`,
    el("div", { class: "row trick" }, sides),
    el("p", { class: "key muted" }, FACE_KEY),
    defender,
    el("p", { class: "standing" }, standing(b, names)),
    b.choices ? choices(msg, b.choices, ui, take) : null);
}

/** The choice a label alone does not explain: contest or retreat, colonize or raze, a Hero. */
function decision(msg, d) {
  const v = msg.view;
  let text;
  if (d.kind === "contest") {
    const who = d.defender === msg.seat ? "You" : seatName(msg, d.defender);
    text = `${who}: contest (a battle; ${seatName(msg, d.attacker)} attacks, the loser goes home) or retreat `
      + `(pay ${d.retreat_cost} gold: 2 per undamaged section, or all your gold if less, and go home to `
      + `the Northlands, leaving ${v.regions[d.region]}).`;
  } else if (d.kind === "conquest") {
    const w = d.warrior;
    let [keep, raze, both] = ["", "", ""];
    if (w && w.kind === "hero") [keep, raze] = [`; ${w.name} may join your crew`, `; ${w.name} is discarded`];
    else if (w && w.kind === "sovereign") both = ` Either way ${w.name} is killed and kept (${w.vp} VP).`;
    else if (w) both = ` Either way the unhired ${w.name} is discarded.`;
    text = `${d.location} is taken: colonize (keep it: +${d.gold} gold, ${d.vp} VP${keep}) or raze `
      + `(+${3 * d.gold} gold, repair one section, discard it${raze}).${both}`;
  } else if (d.kind === "hero") {
    const w = d.warrior;
    text = `${w.name} (${w.kind}: ${w.static}; sacrifice: ${w.sacrifice}): take him into the crew (each `
      + "undamaged section holds one Warrior; a full crew discards one) or dismiss him.";
  } else return null;
  return el("p", { class: "hint decision" }, text);
}

const sac = (text) => (text === "-" ? "no sacrifice" : `sacrifice ${text}`);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a Warrior does (info._warrior): "hero. Static: +1 shield. Sacrifice +2 swords". */
function warriorText(w) {
  let text = `${w.kind}. Static: ${w.static}`;
  if (w.hammers) text += `. Hammers: ${hammers(w.hammers)}`;
  if (w.kind === "mercenary") text += `. Hire for ${w.cost} gold`;
  if (w.kind === "sovereign") text += `. ${w.vp} VP to whoever takes his Location`;
  return `${text}. ${capital(sac(w.sacrifice))}`;
}

function locationText(c, regions) {
  let text = `${regions[c.region]}, Age ${c.age}, dice ${c.dice.join(", ")}, ${c.gold} gold, ${c.vp} VP; ${sac(c.sacrifice)}`;
  if (c.warrior) text += `. ${c.warrior.name}, ${warriorText(c.warrior)}`;
  return text;
}

function asgardText(c) {
  let text = `use: ${c.use}`;
  if (c.dice && c.dice.length) text += ` (the Gods roll ${c.dice.join(", ")})`;
  if ((c.reward ?? "-") !== "-") text += `; a win gives ${c.reward}`;
  return `${text}; ${sac(c.sacrifice ?? "-")}; ${c.vp} VP if kept`;
}

/** Every ability in play, as the terminal's `info` lists it, in a panel that opens on request. */
function abilities(msg) {
  const v = msg.view;
  const parts = [];
  const section = (title, rows) => {
    if (!rows.length) return;
    parts.push(el("h4", {}, title), el("dl", { class: "abilities" },
      rows.map(([name, text]) => [el("dt", {}, name), el("dd", {}, text)])));
  };
  section("Captains (static ability; Heathen Hammers fire once a colour a battle)", v.players.map((p) =>
    [`${seatName(msg, p.seat)}: ${p.captain}`, `Static: ${p.static}. Hammers: ${hammers(p.hammers)}`]));
  const t = v.battle?.target;
  if (t) section("This battle", [[t.name, t.type === "location" ? locationText(t, v.regions) : asgardText(t)]]);
  for (const p of v.players) {
    const mine = p.seat === msg.seat;
    const rows = p.crew.map((w) => [w.name, warriorText(w)]);
    if (mine) {
      rows.push(...p.locations.map((x) => [x.name, x.face_up ? `Location, ${x.vp} VP; ${sac(x.sacrifice)}`
        : "raided: no VP, cannot be sacrificed until rebuilt"]));
      rows.push(...(p.asgard_cards || []).map((a) => [a.name, `Asgard card, ${a.vp} VP; ${sac(a.sacrifice)}`]));
    }
    section(mine ? "Your cards" : `${seatName(msg, p.seat)}'s crew`, rows);
  }
  section("The Journey Pool", v.pool.map((c) => [c.name, c.type === "location" ? locationText(c, v.regions) : asgardText(c)]));
  const helmets = v.helmets || {};
  section("Dice (six faces) and Longship sections", Object.entries(v.dice_faces || {}).map(([colour, faces]) =>
    [colour, faces.join(", ") + (colour in helmets ? `; section of ${count(helmets[colour], "helmet")}` : "")]));
  parts.push(el("h4", {}, "How a battle goes"), el("p", {}, RULES));
  return el("details", { class: "abilities-panel", id: "abilities", open: abilitiesOpen, ontoggle: (e) => { abilitiesOpen = e.target.open; } },
    el("summary", {}, "Abilities in play"), parts);
}

// Your Asgard cards, and any crew or Location a legal action names (to sacrifice or use it),
// each with what its sacrifice gives.
function ownCards(p, own, ui) {
  const asgard = p.asgard.map(nameOf);
  const named = [...p.crew, ...p.locations].map(nameOf).filter((n) => (own.get(n) || []).length);
  const shown = [...new Set([...asgard, ...named])];
  if (!shown.length) return null;
  const gives = new Map([...p.crew, ...p.locations, ...(p.asgard_cards || [])]
    .filter((c) => c.sacrifice && c.sacrifice !== "-").map((c) => [c.name, c.sacrifice]));
  const asgardCards = new Map((p.asgard_cards || []).map((c) => [c.name, c]));
  return el("div", { class: "cards", id: "hand" }, shown.map((n) => asgardCards.has(n)
    ? asgardCard(asgardCards.get(n), { actions: own.get(n), ui })
    : card(n, { small: true, kind: asgard.includes(n) ? "asgard" : "location", actions: own.get(n), ui,
      title: gives.has(n) ? `${n}: sacrifice ${gives.get(n)}` : n,
      extra: gives.has(n) ? el("small", {}, `sacrifice: ${gives.get(n)}`) : null })));
}

export function render(root, msg, ui) {
  const v = msg.view;
  const drawn = new Set();
  const take = (names) => {
    const byCard = actionsByCard(ui.legal, names);
    for (const actions of byCard.values()) actions.forEach((a) => drawn.add(a.action));
    return byCard;
  };
  const name = (seat) => seatName(msg, seat);
  const header = el("div", { class: "row" },
    el("span", { class: "stat" }, `Round ${v.round}`),
    v.actions_left !== undefined && !v.over ? el("span", { class: "stat" }, `actions left: ${v.actions_left}`) : null,
    el("span", { class: "stat" }, `deck ${v.deck_size} (ages ${(v.deck_ages || []).join("/")})`),
    el("span", { class: "stat" }, `draugr ${v.draugr_reserve}`),
    v.tokens_left && v.tokens_left.length ? el("span", { class: "stat" }, `tokens: ${v.tokens_left.join(", ")}`) : null);
  const key = el("p", { class: "key muted" }, KEY);

  const sail = take(v.regions);
  const map = zone("The map", el("div", { class: "map" }, v.regions.map((region, i) => {
    const acts = sail.get(region) || [];
    const here = v.players.filter((p) => p.region === i);
    const box = el("div", { class: `region region-${i}`, dataset: { region: i } },
      el("div", { class: "name" }, region),
      el("div", {}, here.map((p) => el("span", { class: `ship-marker${p.seat === msg.to_move ? " to-move" : ""}` }, `◆ ${name(p.seat)}`))),
      el("div", { class: "muted" }, v.pool.filter((l) => l.region === i).map((l) => l.name).join(", ")));
    if (acts.length && ui.interactive) playable(box, acts, ui); // a click, Enter or Space sails
    return box;
  })));

  const onLocation = take(v.pool.map((l) => l.name));
  const pool = zone(`Journey Pool (${v.pool_size})`, el("div", { class: "cards" }, v.pool.map((l) =>
    location(l, v.regions, { actions: onLocation.get(l.name), ui }))));

  const fight = v.battle ? battle(v.battle, msg, ui, take) : null;
  const choice = v.decision ? decision(msg, v.decision) : null;
  const rag = v.ragnarok;
  const ragnarok = rag ? zone("Ragnarok", el("div", {}, // (spelt as the log and the rules page spell it)
    rag.winner !== null && rag.winner !== undefined ? el("span", { class: "stat" }, `${name(rag.winner)} wins Ragnarok`) : null,
    Object.entries(rag.swords || {}).map(([seat, n]) => el("span", { class: "stat" }, `${name(Number(seat))}: ${n} swords`)),
    (rag.out || []).length ? el("span", { class: "stat" }, `out: ${rag.out.map(name).join(", ")}`) : null),
  rag.choices ? choices(msg, rag.choices, ui, take) : null) : null;

  const mine = v.players.find((p) => p.seat === msg.seat);
  const ownNames = mine ? [...mine.asgard.map(nameOf), ...mine.crew.map(nameOf), ...mine.locations.map(nameOf)] : [];
  const own = take(ownNames);
  const players = el("div", { class: "players" }, v.players.map((p) => el("div", {
    class: `player${p.seat === msg.to_move ? " to-move" : ""}`, dataset: { seat: p.seat },
  },
    el("div", { class: "name" }, name(p.seat), p.seat === msg.seat ? " (you)" : ""),
    el("div", { class: "muted" }, `${p.captain}: ${p.static}`),
    el("div", {}, [["VP", p.vp], ["gold", p.gold], ["at", v.regions[p.region]]].map(([k, x]) => el("span", { class: "stat" }, `${k} `, el("b", {}, x)))),
    ship(p),
    p.crew.length ? el("div", {}, "crew: ", p.crew.map((c) => el("span", { class: "chip", title: c.static ? `${c.static}; ${sac(c.sacrifice ?? "-")}` : "" }, nameOf(c)))) : null,
    p.locations.length ? el("div", {}, "locations: ", p.locations.map((l) => el("span", { class: "chip" }, nameOf(l), l.face_up === false ? " (raided)" : ""))) : null,
    p.sovereigns.length ? el("div", {}, "sovereigns: ", p.sovereigns.map((s) => el("span", { class: "chip" }, nameOf(s)))) : null,
    p.tokens.length ? el("div", {}, "tokens: ", p.tokens.map((t) => el("span", { class: "chip" }, nameOf(t)))) : null,
    p.seat !== msg.seat && p.asgard.length ? el("div", {}, "Asgard: ", p.asgard.map((a) => el("span", { class: "chip" }, nameOf(a)))) : null)));

  const hint = ui.interactive && !v.battle && !v.pending
    ? el("p", { class: "hint" }, "Click a Region (or Tab to it and press Enter) to move there, a Location to conquer, raid or pay danegeld; other moves are below.")
    : null;
  const yours = mine ? ownCards(mine, own, ui) : null; // in sight, above the map
  root.replaceChildren(...[header, key, hint, choice, fight, yours ? zone("Your cards", yours) : null,
    map, ragnarok, pool, players, abilities(msg)].filter(Boolean));
  return drawn;
}
