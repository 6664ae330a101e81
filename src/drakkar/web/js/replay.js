// Replay a finished game step by step, as a spectator or as any seat saw it.
import { api, drawTable, el, logLine, result, scoresTable, seatName, seatNames } from "/static/js/common.js";

const gameId = location.pathname.split("/").filter(Boolean).pop();
const $ = (id) => document.getElementById(id);
let step = 0; // the move on screen
let steps = 0;
// The move last asked for: a press counts from it, not from the screen, which lags behind while
// the server answers (a second press before the first came back was lost); an answer to an
// older press is dropped.
let wanted = 0;
let asked = 0;

// The step buttons that would go nowhere from the move asked for are disabled: at the first
// move "first" and "back", at the last "next" and "last". A disabled button drops the focus
// (to the page's body, where Tab starts again from the top), so a keyboard user who steps to
// an end is moved to the button that steps back from it.
const TOWARDS = { first: "next", prev: "next", next: "prev", last: "prev" };

function ends() {
  const known = steps > 0; // (nothing is known of the game before its first answer)
  const at = { first: wanted <= 0, prev: wanted <= 0, next: wanted >= steps, last: wanted >= steps };
  const focused = document.activeElement?.id;
  for (const [id, end] of Object.entries(at)) $(id).disabled = known && end;
  if (focused in TOWARDS && $(focused).disabled && !$(TOWARDS[focused]).disabled) {
    $(TOWARDS[focused]).focus();
  }
}

async function show(n) {
  const seat = $("seat").value;
  const ticket = ++asked;
  wanted = n;
  ends();
  let msg;
  try {
    msg = await api(`/api/games/${gameId}/replay/${n}${seat === "" ? "" : `?seat=${seat}`}`);
  } catch (e) {
    $("error").replaceChildren(el("div", { class: "error" }, e.message));
    return;
  }
  if (ticket !== asked) return;
  step = msg.step;
  steps = msg.steps;
  ends();
  if (!$("seat").options.length) {
    $("seat").replaceChildren(el("option", { value: "" }, "a spectator"),
      ...msg.seats.map((s, i) => el("option", { value: i }, s.name)));
  }
  $("where").textContent = `${msg.title} · replay of game ${msg.game_id}`;
  $("step").max = steps;
  $("step").value = step;
  $("step").setAttribute("aria-valuetext", `move ${step} of ${steps}`);
  $("counter").textContent = `move ${step} of ${steps}`;
  $("banner").className = "banner" + (msg.over ? " over" : "");
  // the server names the next move only to the seat that makes it (it may show a hidden card)
  $("banner").textContent = msg.over
    ? `The game is over${result(msg)}.` // (as the table page says it)
    : msg.played === null
      ? `Next: ${seatName(msg, msg.played_by)} moves (view the replay as them to see which move)`
      : `Next: ${seatName(msg, msg.played_by)} — ${seatNames(msg, msg.played)}`;
  await drawTable($("board"), msg, { act: () => {}, legal: [], interactive: false, seat: msg.seat });
  $("log").replaceChildren(...msg.log.filter((line) => String(line).trim()).map((line) => logLine(msg, line)));
  $("log").scrollTop = $("log").scrollHeight;
  $("scores").replaceChildren(msg.over ? scoresTable(msg) : "");
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(Math.max(0, wanted - 1)));
$("next").addEventListener("click", () => show(Math.min(steps, wanted + 1)));
$("last").addEventListener("click", () => show(steps));
$("step").addEventListener("input", () => show(Number($("step").value)));
$("seat").addEventListener("change", () => show(wanted));
document.addEventListener("keydown", (e) => {
  // the slider and the seat list have arrow keys of their own: the page took a step beside
  // theirs (in the seat list, at its last seat, the move changed instead)
  if (e.target.closest("input, select")) return;
  // (at an end, as the disabled button there, nothing: the same move was asked for again)
  if (e.key === "ArrowRight" && wanted < steps) show(wanted + 1);
  if (e.key === "ArrowLeft" && wanted > 0) show(wanted - 1);
});
$("record").href = `/api/games/${gameId}/record`;
show(0);
