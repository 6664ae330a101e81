// The table page: one WebSocket per seat this link holds (several when passing and playing),
// or one to watch. The server sends each seat its own view; this page only draws it.
import { drawTable, el, heldSeats, logLine, rendererFor, result, scoresTable, seatName, seatNames } from "/static/js/common.js";

const gameId = location.pathname.split("/").filter(Boolean).pop();
const held = heldSeats();
const seats = Object.keys(held).map(Number).sort((a, b) => a - b);
const watching = seats.length === 0;
let fatal = null; // why this link cannot open its game: shown until the page is left
const latest = new Map(); // seat (or "watch") -> its latest state message
const sockets = new Map();
let onScreen = watching ? "watch" : seats[0]; // whose view is drawn
let waitingFor = null; // pass and play: the seat the device is being handed to
let pending = false; // an action sent, its answer not yet back
let ticket = 0; // the newest draw; an older one still loading its renderer gives way
let advice = null; // the last hint: {seat, move, choices, more}
let asked = null; // a hint asked for, its answer not yet back: {seat, move}
let focusAdvice = false; // move the focus to the hint's first choice when it is drawn

const $ = (id) => document.getElementById(id);

function connect(key) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}`);
  sockets.set(key, ws);
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify(key === "watch" ? { type: "hello" } : { type: "hello", seat: key, token: held[key] }));
  });
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") {
      latest.set(key, msg);
      pending = false;
      update();
    } else if (msg.type === "hint") {
      if (asked && asked.seat === key) asked = null;
      advice = { ...msg, seat: key };
      focusAdvice = true;
      update();
    } else if (msg.type === "timeout") { // this seat's time ran out: its bot moved for it
      const now = latest.get(key);
      showError(`Your time ran out: "${now ? seatNames(now, msg.label) : msg.label}" was played for you.`);
    } else if (msg.type === "error") {
      pending = false;
      if (asked && asked.seat === key) asked = null;
      if (["bad-token", "bad-seat", "unknown-game"].includes(msg.code)) {
        ws.fatal = true;
        showFatal(refusal(msg, key));
      } else showError(msg.reason);
      update();
    }
  });
  ws.addEventListener("close", () => {
    if (asked && asked.seat === key) asked = null; // its answer will not come: ask again
    if (ws.fatal) return;
    $("where").textContent = "connection lost: reconnecting…";
    setTimeout(() => connect(key), 1000); // the server restarted, or the network blinked: rejoin
  });
}

function showError(text) {
  if (fatal) return; // the fatal error stays
  const box = el("div", { class: "error", role: "alert" }, text);
  $("error").replaceChildren(box);
  setTimeout(() => box.remove(), 6000);
}

/** The server's refusal of a link in the screen's words: seats count from 1 there. */
function refusal(msg, key) {
  if (msg.code === "unknown-game") return `There is no game ${gameId} on this server.`;
  if (key === "watch") return msg.reason;
  if (msg.code === "bad-token") return `This link does not hold seat ${key + 1} of game ${gameId}: it may be mistyped or cut short.`;
  return `This link names seat ${key + 1}, which no person plays in game ${gameId}.`;
}

/** A link that cannot open its game: the reason stays, with the way back to the lobby. */
function showFatal(text) {
  fatal = text;
  $("error").replaceChildren(el("div", { class: "error fatal", role: "alert" },
    text, " ", el("a", { href: "/" }, "Back to the lobby")));
  if (!newest()) {
    $("banner").className = "banner failed";
    $("turn").textContent = "This link does not open a game.";
    $("where").textContent = `game ${gameId}`;
  }
}

function newest() {
  let best = null;
  for (const msg of latest.values()) if (!best || msg.moves > best.moves) best = msg;
  return best;
}

function update() {
  const now = newest();
  if (!now) return;
  // Pass and play: when another held seat is to move, hide everything until it is handed over.
  if (seats.length > 1 && !now.over && seats.includes(now.to_move) && now.to_move !== onScreen) {
    const shown = !$("handover").hidden;
    waitingFor = now.to_move;
    $("handover-title").textContent = `Pass to ${seatName(now, now.to_move)}`;
    $("handover").hidden = false;
    // nothing of the last seat's stays in the page under the cover (a screen reader reads it)
    for (const id of ["board", "log", "actions", "advice", "scores"]) $(id).replaceChildren();
    $("banner").className = "banner";
    $("turn").textContent = `Pass the device to ${seatName(now, now.to_move)}.`;
    document.querySelector("main").inert = true;
    if (!shown) $("handover-ready").focus();
    return;
  }
  draw(latest.get(onScreen) || now);
}

$("handover-ready").addEventListener("click", () => {
  onScreen = waitingFor;
  waitingFor = null;
  $("handover").hidden = true;
  document.querySelector("main").inert = false;
  refocus = "first"; // the new player starts at the first thing they may play
  update();
});

// Focus across redraws: the table is drawn anew at every move, which would drop the focus to
// <body>. The control that had it is found again in the new table by what it is (its action,
// card, label and text); if it is gone, the first thing to play, else the banner.
const REDRAWN = "#board, #actions, #advice";
const PLAYABLE = ".playable:not([disabled]), #actions button:not([disabled]), #advice button:not([disabled])";
let focused = null; // what the focused control in the table is
// Moved by mouse or touch, the focus must not scroll the page: the table would jump under the
// finger after every move (to the banner, or to a card) on a screen shorter than the table.
let pointer = false;
document.addEventListener("pointerdown", () => { pointer = true; }, true);
document.addEventListener("keydown", () => { pointer = false; }, true);
let refocus = null; // "same": find it again; "first": the first playable control
let parked = false; // the focus waits on the banner for a control to play
document.addEventListener("focusin", (e) => {
  const inside = e.target.closest(REDRAWN);
  focused = inside ? focusKey(e.target) : null;
  if (e.target !== $("banner")) parked = false;
});

function focusKey(node) {
  if (node.dataset.focus) return node.dataset.focus; // a control whose words change (Hint)
  return [node.tagName, node.dataset.action, node.dataset.card, node.dataset.region,
    node.getAttribute("aria-label"), node.textContent.slice(0, 80)].join("|");
}

function placeFocus() {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected || active.closest("[hidden]") !== null;
  const inTable = !lost && active.closest(REDRAWN) !== null;
  if (refocus !== "first") {
    if (!lost && !parked) return; // on a control that survived, or elsewhere: leave it
    if (lost && !parked && focused === null && refocus === null) return; // never in the table
  }
  let target = null;
  if (refocus !== "first" && focused !== null && !parked) {
    target = [...document.querySelectorAll("#board *, #actions *, #advice *")]
      .find((n) => n.matches("button, a, summary, [tabindex]") && !n.disabled && focusKey(n) === focused) || null;
  }
  target ||= document.querySelector(PLAYABLE);
  if (target) {
    target.focus({ preventScroll: pointer });
  } else if (lost || parked || inTable) {
    $("banner").focus({ preventScroll: pointer });
    parked = true;
  }
}

function act(action, msg) {
  const ws = sockets.get(onScreen);
  if (pending || !ws || ws.readyState !== WebSocket.OPEN) return;
  pending = true;
  refocus = "same";
  ws.send(JSON.stringify({ type: "act", action, move: msg.moves }));
  document.querySelectorAll("#actions button, #advice button, .card.playable").forEach((b) => b.setAttribute("disabled", ""));
}

async function draw(msg) {
  const mine_ticket = ++ticket;
  document.querySelectorAll(".menu").forEach((m) => m.remove()); // a menu of an older table
  const me = msg.seat;
  $("where").textContent = `${msg.title} · ${watching ? "watching" : seatName(msg, me)} · game ${msg.game_id}`;
  const mine = me !== null && msg.to_move === me;
  // a tab in the background says it is your turn in its title (the tab strip shows it)
  document.title = `${mine && !msg.over ? "Your turn · " : ""}drakkar — ${msg.title}`;
  const banner = $("banner");
  banner.className = "banner" + (msg.over ? " over" : mine ? " yours" : "");
  const turn = msg.over ? `The game is over${result(msg)}.` : mine ? `Your turn, ${seatName(msg, me)}.` : `Waiting for ${seatName(msg, msg.to_move)}…`;
  if ($("turn").textContent !== turn) $("turn").textContent = turn; // (a live region: said aloud)
  banner.dataset.deadline = msg.deadline ?? "";
  $("seats").replaceChildren(...msg.seats.map((s, i) => el("span", {
    class: `seat-chip${i === msg.to_move ? " to-move" : ""}${i === me ? " me" : ""}`,
  }, s.name, s.kind === "bot" ? el("span", { class: "badge" }, "bot") : "")));

  // (labels are matched to cards as the game wrote them, and shown with the seats' names)
  const ui = { act: (a) => act(a, msg), legal: msg.legal, interactive: mine && !pending, seat: me, say: (t) => seatNames(msg, t) };
  await rendererFor(msg.game);
  if (mine_ticket !== ticket) return; // a newer message arrived meanwhile
  const drawn = await drawTable($("board"), msg, ui);
  $("actions").replaceChildren(...msg.legal.filter((a) => !drawn.has(a.action)).map((a) =>
    el("button", { class: "action", dataset: { action: a.action }, onclick: (e) => { if (e.detail <= 1) ui.act(a.action); } }, ui.say(a.label)))); // (not the second click of a double click)

  $("advice").replaceChildren(mine && !msg.over && msg.legal.length > 1 ? adviceFor(msg, ui) : "");
  const firstChoice = document.querySelector(".advice button");
  if (focusAdvice && firstChoice) firstChoice.focus({ preventScroll: pointer }); // the answer to the Hint button
  focusAdvice = false;

  showLog(msg);
  $("scores").replaceChildren(msg.over ? scoresTable(msg) : "");
  placeFocus();
  refocus = null;
  $("tools").replaceChildren(msg.over ? el("span", {},
    el("a", { href: `/api/games/${msg.game_id}/record`, download: "" }, "Download the record"), " · ",
    el("a", { href: `/replay/${msg.game_id}` }, "Replay it step by step")) : "");
}

/** The log, a live region: only lines new since the last draw are added (so only they are
 * read out); a log that changed otherwise is written anew. Empty lines are left out. */
function showLog(msg) {
  const log = $("log");
  const lines = msg.log.filter((line) => String(line).trim());
  const had = [...log.children];
  const same = had.length <= lines.length && had.every((p, i) => p.dataset.line === lines[i]);
  const fresh = (line) => { const p = logLine(msg, line); p.dataset.line = line; return p; };
  if (same) log.append(...lines.slice(had.length).map(fresh));
  else log.replaceChildren(...lines.map(fresh));
  log.scrollTop = log.scrollHeight;
}

/** The hard bot's advice for this move once asked (each move a button to play it, its share
 * its description), else a button that asks for it: the server searches this seat's information
 * set only. It is no live region: it is drawn anew at every move, and the Hint button was said
 * aloud each time; the answer takes the focus, and so is read out. */
function adviceFor(msg, ui) {
  if (!(advice && advice.seat === msg.seat && advice.move === msg.moves)) {
    const thinking = asked !== null && asked.seat === msg.seat && asked.move === msg.moves;
    // while thinking it is aria-disabled, not disabled: the focus stays on it until the answer
    return el("button", {
      class: "ask-hint", disabled: pending, "aria-disabled": thinking ? "true" : "false",
      dataset: { focus: "ask-hint" },
      onclick: () => {
        const ws = sockets.get(onScreen);
        if (thinking || !ws || ws.readyState !== WebSocket.OPEN) return;
        asked = { seat: msg.seat, move: msg.moves };
        ws.send(JSON.stringify({ type: "hint" }));
        update();
      },
    }, thinking ? "Thinking…" : "Hint: what would the hard bot play?");
  }
  return el("div", { class: "advice" },
    el("p", { class: "muted" }, "The hard bot's search, by its share of the search:"),
    el("ol", {}, advice.choices.map((c, i) => el("li", {},
      el("button", { class: "action", dataset: { action: c.action }, "aria-describedby": `share-${i}`,
        onclick: (e) => { if (e.detail <= 1) ui.act(c.action); } }, ui.say(c.label)),
      el("span", { class: "share", id: `share-${i}` }, ` ${Math.round(c.share * 100)}%`)))),
    advice.more ? el("p", { class: "muted" }, `and ${advice.more} more the search tried less`) : null);
}

setInterval(() => {
  const clock = document.getElementById("clock");
  const deadline = Number($("banner").dataset.deadline || 0);
  const left = Math.max(0, Math.ceil(deadline - Date.now() / 1000));
  // "45 s"; a minute or more as "4:05" ("245 s" is sums to do)
  const said = left < 60 ? `${left} s` : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  if (clock) clock.textContent = deadline ? said : "";
}, 250);

if (watching) connect("watch");
else seats.forEach(connect);

// Another seat's link pasted into this tab differs only after the "#": no page load follows,
// so join as the seats it holds now.
window.addEventListener("hashchange", () => location.reload());
