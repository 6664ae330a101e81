// Small helpers shared by the lobby, the table and the replay.

/** Make an element: el("div", {class: "x", onclick: f}, child, "text", ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Fetch JSON; a refusal throws an Error carrying the server's reason. */
export async function api(path, options = {}) {
  const init = { ...options, headers: { "content-type": "application/json" } };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.reason || `${response.status} ${response.statusText}`);
  return data;
}

/** The seats a page's link holds: "#s0=TOKEN&s2=TOKEN" -> {0: "TOKEN", 2: "TOKEN"}. */
export function heldSeats(hash = location.hash) {
  const held = {};
  for (const part of hash.replace(/^#/, "").split("&")) {
    const m = /^s(\d+)=(.+)$/.exec(part);
    if (m) held[Number(m[1])] = decodeURIComponent(m[2]);
  }
  return held;
}

/** Remember the seat links this browser made, so the lobby can offer them again. */
export function rememberLinks(gameId, created) {
  const mine = JSON.parse(localStorage.getItem("drakkar.links") || "{}");
  mine[gameId] = { links: created.links, all: created.all_seats, at: Date.now() };
  localStorage.setItem("drakkar.links", JSON.stringify(mine));
}

export function myLinks() {
  return JSON.parse(localStorage.getItem("drakkar.links") || "{}");
}

export function seatName(msg, seat) {
  return seat === null || seat === undefined ? "spectator" : (msg.seats[seat]?.name ?? `Seat ${seat + 1}`);
}

/** Load a game's renderer module (/static/games/<name>.js), else the generic one. */
const renderers = {};
export async function rendererFor(game) {
  if (!renderers[game]) {
    renderers[game] = import(`/static/games/${game}.js`).catch(() => import("/static/js/generic.js"));
  }
  return renderers[game];
}

/** Draw with the game's renderer; if it breaks (a view it does not know), draw the generic
 * table instead, marked so tests notice, rather than leave a player with nothing. */
export async function drawTable(root, msg, ui) {
  const renderer = await rendererFor(msg.game);
  try {
    root.classList.remove("renderer-failed");
    return renderer.render(root, msg, ui) || new Set();
  } catch (error) {
    console.error(`the ${msg.game} renderer failed:`, error);
    const generic = await import("/static/js/generic.js");
    root.classList.add("renderer-failed");
    return generic.render(root, msg, ui);
  }
}

/** The final scores as a table, winners marked (returns 1 or a share of a win). */
export function scoresTable(msg) {
  const rows = msg.scores.map((score, seat) => ({ seat, score, win: msg.returns[seat] > 0 }));
  rows.sort((a, b) => b.score - a.score);
  return el("div", { class: "scores", id: "final-scores" },
    el("h2", {}, "Final scores"),
    el("table", {},
      el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Score"), el("th", {}, "")),
      rows.map((r) => el("tr", { class: r.win ? "winner" : "" },
        el("td", {}, seatName(msg, r.seat)), el("td", {}, fmt(r.score)),
        el("td", {}, r.win ? (msg.returns[r.seat] < 1 ? "shared win" : "winner") : "")))));
}

/** Who won, for the banner of the table and of a replay's last move: ": Astrid wins",
 * ": Astrid and Bjorn share the win" (the final scores stand above the table, but on a phone
 * the banner is what is in sight). */
export function result(msg) {
  const won = (msg.returns || []).flatMap((r, seat) => (r > 0 ? [seatName(msg, seat)] : []));
  if (!won.length) return "";
  if (won.length === 1) return `: ${won[0]} wins`;
  return `: ${won.slice(0, -1).join(", ")} and ${won.at(-1)} share the win`;
}

/** Text with "player 2" or "seat 2" written as that seat's name (games count seats from 0 in
 * their log and labels, "steal a Book from player 0"; the screen counts them from 1). */
export function seatNames(msg, text) {
  return String(text).replace(/\b(?:player|seat) (\d+)\b/gi, (all, n) =>
    (Number(n) < msg.seats.length ? msg.seats[Number(n)].name : all));
}

/** A log line, its seats by name. */
export function logLine(msg, line) {
  return el("p", {}, seatNames(msg, line));
}

export function fmt(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}
