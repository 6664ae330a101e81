// Villainous Vikings: the map of eight Regions with the ships in each, the Journey Pool of
// Locations (click one to conquer, raid or pay danegeld), the battle and its dice, each
// captain's ship, crew, Locations and Asgard cards. Click a Region to sail there.
import { el } from "/static/js/common.js";
import { actionsByCard, card, playable, zone } from "/static/js/cards.js";

const FACE = { sword: "S", swords2: "SS", shield: "D", sword_shield: "SD", hammer: "H", blank: "·" }; // sword, defence (shield), hammer
const nameOf = (x) => (typeof x === "string" ? x : x?.name ?? String(x));

function location(loc, regions, opts = {}) {
  const info = [
    regions[loc.region] ?? "",
    loc.age !== undefined ? `age ${loc.age}` : null,
    loc.gold !== undefined ? `${loc.gold} gold · ${loc.vp} VP` : null,
    loc.dice ? `dice: ${loc.dice.join(", ")}` : null,
    loc.warrior ? `hero: ${loc.warrior.name}` : null,
  ].filter(Boolean).join(" · ");
  return card(loc.name, { ...opts, kind: `location region-${loc.region}`, kindLabel: "location", title: `${loc.name}: ${info}`, extra: el("small", {}, info) });
}

function battle(b, msg) {
  const sides = (b.sides || []).map((s) => el("div", { class: "play" },
    el("div", { class: "name" }, msg.seats[s.seat]?.name ?? s.name, " ", el("span", { class: "muted" }, s.name ?? "")),
    el("div", { class: "dice" }, (s.dice || []).map(([, face]) => el("span", { class: "die", title: face.replace("swords2", "2 swords").replace("_", " and ") }, FACE[face] ?? face))),
    el("div", {}, `swords ${s.swords} · shields ${s.shields}`, s.total !== undefined ? ` · total ${s.total}` : "",
      s.sacrificed_cards && s.sacrificed_cards.length ? ` · sacrificed ${s.sacrificed_cards.map((c) => `${c.name} (${c.gives})`).join(", ")}` : "")));
  return zone(`Battle: ${b.kind ?? ""}${b.region !== undefined ? ` in ${msg.view.regions[b.region]}` : ""}`, el("div", { class: "row trick" }, sides));
}

// Your Asgard cards, and any crew or Location a legal action names (to sacrifice or use it).
function ownCards(p, own, ui) {
  const asgard = p.asgard.map(nameOf);
  const named = [...p.crew, ...p.locations].map(nameOf).filter((n) => (own.get(n) || []).length);
  const shown = [...new Set([...asgard, ...named])];
  if (!shown.length) return null;
  return el("div", { class: "cards", id: "hand" }, shown.map((n) =>
    card(n, { small: true, kind: asgard.includes(n) ? "asgard" : "location", actions: own.get(n), ui })));
}

export function render(root, msg, ui) {
  const v = msg.view;
  const drawn = new Set();
  const take = (names) => {
    const byCard = actionsByCard(ui.legal, names);
    for (const actions of byCard.values()) actions.forEach((a) => drawn.add(a.action));
    return byCard;
  };
  const name = (seat) => msg.seats[seat]?.name ?? `Seat ${seat + 1}`;
  const header = el("div", { class: "row" },
    el("span", { class: "stat" }, `Round ${v.round}`),
    v.actions_left !== undefined && !v.over ? el("span", { class: "stat" }, `actions left: ${v.actions_left}`) : null,
    el("span", { class: "stat" }, `deck ${v.deck_size} (ages ${(v.deck_ages || []).join("/")})`),
    el("span", { class: "stat" }, `draugr ${v.draugr_reserve}`),
    v.tokens_left && v.tokens_left.length ? el("span", { class: "stat" }, `tokens: ${v.tokens_left.join(", ")}`) : null);

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

  const fight = v.battle ? battle(v.battle, msg) : null;
  const ragnarok = v.ragnarok ? zone("Ragnarök", el("div", {},
    v.ragnarok.winner !== null && v.ragnarok.winner !== undefined ? el("span", { class: "stat" }, `${name(v.ragnarok.winner)} wins Ragnarök`) : null,
    Object.entries(v.ragnarok.swords || {}).map(([seat, n]) => el("span", { class: "stat" }, `${name(Number(seat))}: ${n} swords`)),
    (v.ragnarok.out || []).length ? el("span", { class: "stat" }, `out: ${v.ragnarok.out.map(name).join(", ")}`) : null)) : null;

  const mine = v.players.find((p) => p.seat === msg.seat);
  const ownNames = mine ? [...mine.asgard.map(nameOf), ...mine.crew.map(nameOf), ...mine.locations.map(nameOf)] : [];
  const own = take(ownNames);
  const players = el("div", { class: "players" }, v.players.map((p) => el("div", {
    class: `player${p.seat === msg.to_move ? " to-move" : ""}`, dataset: { seat: p.seat },
  },
    el("div", { class: "name" }, name(p.seat), p.seat === msg.seat ? " (you)" : ""),
    el("div", { class: "muted" }, `${p.captain}: ${p.static}`),
    el("div", {}, [["VP", p.vp], ["gold", p.gold], ["at", v.regions[p.region]]].map(([k, x]) => el("span", { class: "stat" }, `${k} `, el("b", {}, x)))),
    el("div", {}, "ship ", p.sections.map((ok) => el("span", { class: `section${ok ? "" : " broken"}` }, ok ? "▮" : "▯"))),
    p.crew.length ? el("div", {}, "crew: ", p.crew.map((c) => el("span", { class: "chip", title: c.static ?? "" }, nameOf(c)))) : null,
    p.locations.length ? el("div", {}, "locations: ", p.locations.map((l) => el("span", { class: "chip" }, nameOf(l)))) : null,
    p.sovereigns.length ? el("div", {}, "sovereigns: ", p.sovereigns.map((s) => el("span", { class: "chip" }, nameOf(s)))) : null,
    p.tokens.length ? el("div", {}, "tokens: ", p.tokens.map((t) => el("span", { class: "chip" }, nameOf(t)))) : null,
    p.seat === msg.seat ? ownCards(p, own, ui) : null,
    p.seat !== msg.seat && p.asgard.length ? el("div", {}, "Asgard: ", p.asgard.map((a) => el("span", { class: "chip" }, nameOf(a)))) : null)));

  const hint = ui.interactive && !v.battle && !v.pending
    ? el("p", { class: "hint" }, "Click a Region (or Tab to it and press Enter) to move there, a Location to conquer, raid or pay danegeld; other moves are below.")
    : null;
  root.replaceChildren(...[header, hint, map, fight, ragnarok, pool, players].filter(Boolean));
  return drawn;
}
