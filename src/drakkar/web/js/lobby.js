// The lobby: create a game (game, players, options, each seat a person or a bot level), copy
// the seats' links, and see the games, newest first: watch a running one, replay or download a
// finished one.
import { api, el, myLinks, rememberLinks } from "/static/js/common.js";

const $ = (id) => document.getElementById(id);
let catalogue = [];

function showError(text) {
  $("error").replaceChildren(el("div", { class: "error", role: "alert" }, text));
}

function current() {
  return catalogue.find((g) => g.name === $("game").value);
}

function fillPlayers() {
  const g = current();
  const select = $("players");
  select.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) {
    select.append(el("option", { value: n, selected: n === g.default_players }, n));
  }
  fillOptions();
  fillSeats();
}

// An option that names a seat counts seats from 0, as the games do, and -1 for none; the form
// counts seats from 1 and says -1 in words: a choice of seats, its help without the numbers.
const SEAT_OPTIONS = { first_player: { none: "drawn at random", help: "the seat that plays first" } };

function fillOptions() {
  const box = $("options");
  box.replaceChildren();
  for (const o of current().options) {
    if (o.name.includes("stack")) continue; // stacked decks are for tests, not for the lobby
    const id = `option-${o.name}`;
    let input;
    let shown = Array.isArray(o.default) ? o.default.join(",") || "none" : String(o.default);
    let help = o.help;
    const seat = SEAT_OPTIONS[o.name];
    if (seat) {
      input = el("select", { id, dataset: { option: o.name, type: o.type, seats: "" } },
        el("option", { value: -1, selected: o.default === -1 }, seat.none));
      seatChoices(input, o.default);
      shown = o.default === -1 ? seat.none : `Seat ${o.default + 1}`;
      help = seat.help;
    } else if (o.choices) {
      input = el("select", { id, dataset: { option: o.name, type: o.type } },
        o.choices.map((c) => el("option", { value: c, selected: c === o.default }, String(c))));
    } else if (o.type === "bool") {
      input = el("input", { id, type: "checkbox", checked: o.default, dataset: { option: o.name, type: o.type } });
    } else {
      const value = Array.isArray(o.default) ? o.default.join(",") : (o.default ?? "");
      input = el("input", { id, value, type: o.type === "int" ? "number" : "text", dataset: { option: o.name, type: o.type } });
    }
    // the help in sight, not only as a tooltip (a phone shows none)
    const said = el("small", { class: "option-help", id: `${id}-help` }, `${help.replace(/\.$/, "")}. Default: ${shown}.`);
    input.setAttribute("aria-describedby", said.id);
    box.append(el("label", {}, o.name.replaceAll("_", " "), input, said));
  }
}

/** A seat option's choices after its first: "Seat 1" ... for the player count, keeping the
 * seat chosen while there still is one. */
function seatChoices(select, chosen = Number(select.value)) {
  while (select.options.length > 1) select.remove(1);
  for (let i = 0; i < Number($("players").value); i++) {
    select.append(el("option", { value: i, selected: i === chosen }, `Seat ${i + 1}`));
  }
}

// What each bot level plays (docs/bots.md); a person's seat moves by its level when time runs out
const LEVELS = { easy: "plays at random", normal: "plays by rules of thumb", hard: "searches ahead (up to 2 s a move)" };

function fillSeats() {
  const n = Number($("players").value);
  const levels = current().levels;
  const said = levels.filter((l) => LEVELS[l]).map((l) => `${l} ${LEVELS[l]}`);
  $("levels").textContent = said.length ? `Bot levels: ${said.join("; ")}.` : "";
  const box = $("seats");
  // the seats filled in so far stay as they were when the player count changes
  const had = [...box.querySelectorAll(".seat-row")].map((row) => [row.querySelector("select").value, row.querySelector("input").value]);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const fresh = i === 0 ? "person" : `bot:${levels.includes("normal") ? "normal" : levels[0]}`;
    let [kind, typed] = had[i] ?? [fresh, ""];
    if (kind !== "person" && !levels.includes(kind.slice(4))) kind = fresh; // (another game's level)
    const who = el("select", { id: `seat-${i}`, dataset: { seat: i }, "aria-label": `Seat ${i + 1}: a person or a bot` },
      el("option", { value: "person", selected: kind === "person" }, "a person"),
      levels.map((l) => el("option", { value: `bot:${l}`, selected: kind === `bot:${l}` }, `bot, ${l}`)));
    const name = el("input", { id: `seat-name-${i}`, value: typed, placeholder: `name (Player ${i + 1})`, maxlength: 40, "aria-label": `Seat ${i + 1}: name` });
    box.append(el("div", { class: "seat-row" }, el("span", {}, `Seat ${i + 1}`), who, name));
  }
}

function readOptions() {
  const out = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const o = current().options.find((x) => x.name === input.dataset.option);
    let value = input.type === "checkbox" ? input.checked : input.value;
    if (o.type === "int" && value !== "") value = Number(value);
    if (value !== o.default && String(value) !== String(o.default)) out[o.name] = value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  $("error").replaceChildren();
  const n = Number($("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const [kind, level] = $(`seat-${i}`).value.split(":");
    const name = $(`seat-name-${i}`).value.trim();
    seats.push({ kind, level, name: name || undefined });
  }
  try {
    const created = await api("/api/games", {
      method: "POST",
      body: { game: current().name, players: n, options: readOptions(), seats, turn_seconds: Number($("turn-seconds").value) || 0 },
    });
    rememberLinks(created.id, created);
    if ($("together").checked && created.all_seats) {
      location.href = created.all_seats;
      return;
    }
    showCreated(created);
    refresh();
  } catch (e) {
    // the server counts seats from 0, the form from 1 ("seat 1: ..." is the form's Seat 2)
    showError(e.message.replace(/\bseat (\d+):/g, (all, n) => `Seat ${Number(n) + 1}:`));
  }
}

function showCreated(created) {
  const rows = Object.entries(created.links).map(([seat, link]) => {
    const url = new URL(link, location.href).href;
    const who = created.game.seats[seat].name;
    const field = el("input", { class: "link-text", readonly: true, value: url, "aria-label": `${who}'s link`, onfocus: (e) => e.target.select() });
    const said = el("span", { class: "copied muted", role: "status" });
    return el("li", {},
      `${who}: `, el("a", { href: link, class: "seat-link", dataset: { seat } }, "play here"), " · ",
      el("button", { class: "secondary", type: "button", "aria-label": `copy ${who}'s link`, onclick: () => copyLink(field, said) }, "copy link"),
      " ", said, " ", field);
  });
  // (el drops a missing child; replaceChildren would write "null")
  $("created").replaceChildren(el("div", {},
    el("h3", {}, `Game ${created.id} is ready`),
    rows.length
      ? el("p", { class: "muted" }, "Each link holds one seat: send it to that player and keep it secret.")
      : el("p", { class: "muted" }, "Every seat is a bot: watch them play."),
    rows.length ? el("ul", { class: "links" }, rows) : null,
    created.all_seats && Object.keys(created.links).length > 1
      ? el("p", {}, el("a", { href: created.all_seats }, "Play every person's seat in this browser (pass and play)")) : null,
    el("p", {}, el("a", { href: created.watch }, "Watch"))));
}

/** Copy a seat's link. Without the clipboard API (plain http on a LAN name is not a secure
 * context) select it in its field and use the older copy command; say what happened. */
async function copyLink(field, said) {
  try {
    await navigator.clipboard.writeText(field.value);
    said.textContent = "copied";
    return;
  } catch (e) {
    // no clipboard API here, or it refused: the fallback below
  }
  field.focus();
  field.select();
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch (e) {
    done = false;
  }
  said.textContent = done ? "copied" : "selected: press Ctrl+C (⌘C) to copy";
}

// The newest games first, PAGE at a time: "show more" asks for PAGE more. (Not pages by
// offset: the list is fetched anew every 3 s and new games come in at the top, so a page
// would shift under its reader; the games in sight stay, with the new ones above them.)
const PAGE = 20;
let wanted = PAGE;

async function refresh() {
  let games;
  let total;
  try {
    const response = await fetch(`/api/games?limit=${wanted}`);
    if (!response.ok) return;
    games = await response.json();
    total = Number(response.headers.get("x-total-count") ?? games.length);
  } catch (e) {
    return;
  }
  const more = Math.min(PAGE, total - games.length);
  $("more").hidden = more <= 0;
  $("more").textContent = `Show ${more} more (${total - games.length} not shown)`;
  $("shown").textContent = total > games.length ? `The newest ${games.length} of ${total} games.` : "";
  const mine = myLinks();
  const table = $("games");
  table.replaceChildren(el("tr", {}, ["Game", "Seats", "Status", "Moves", ""].map((h) => el("th", {}, h))));
  if (!games.length) table.append(el("tr", {}, el("td", { colspan: 5, class: "muted" }, "No games yet.")));
  for (const g of games) {
    const seats = g.seats.map((s) => `${s.name}${s.kind === "bot" ? " (bot)" : s.connected ? " (here)" : ""}`).join(", ");
    const links = [el("a", { href: `/play/${g.id}` }, g.status === "finished" ? "final table" : "watch")];
    if (g.status === "finished") {
      links.push(" · ", el("a", { href: `/replay/${g.id}` }, "replay"), " · ",
        el("a", { href: `/api/games/${g.id}/record`, download: "" }, "record"));
    } else if (mine[g.id]?.all) {
      links.push(" · ", el("a", { href: mine[g.id].all }, "my seats"));
    }
    table.append(el("tr", { dataset: { game: g.id } },
      el("td", {}, g.title, el("br"), el("span", { class: "muted" }, g.id),
        g.arranged ? el("span", { class: "muted", title: "its creator chose the seed or stacked a deck, so may know hidden cards" }, " · arranged") : ""),
      // (a phone shows each row as lines, each named by its column: data-label)
      el("td", { dataset: { label: "Seats" } }, seats),
      el("td", { dataset: { label: "Status" } }, el("span", { class: `status ${g.status}` }, g.status)),
      el("td", { dataset: { label: "Moves" } }, g.moves),
      el("td", {}, links)));
  }
}

async function start() {
  try {
    catalogue = await api("/api/catalogue");
  } catch (e) {
    showError(`cannot reach the server: ${e.message}`);
    return;
  }
  $("game").replaceChildren(...catalogue.map((g) => el("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", () => {
    document.querySelectorAll("select[data-seats]").forEach((select) => seatChoices(select));
    fillSeats();
  });
  $("create").addEventListener("submit", create);
  $("more").addEventListener("click", async () => {
    const shown = document.querySelectorAll("#games tr[data-game]").length;
    wanted += PAGE;
    await refresh();
    // the last "more" hides its button, which drops the focus: it goes to the first game shown
    if ($("more").hidden) document.querySelectorAll("#games tr[data-game]")[shown]?.querySelector("a")?.focus();
  });
  fillPlayers();
  refresh();
  setInterval(refresh, 3000);
}

start();
