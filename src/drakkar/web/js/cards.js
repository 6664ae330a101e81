// Cards drawn with CSS, and the link between a card on the table and the legal actions that
// play it: a card is clickable when some legal action's label names it.
import { el } from "/static/js/common.js";

/** A face-up card. `opts`: {kind, corner, small, title, actions, ui, extra}. */
export function card(name, opts = {}) {
  const classes = ["card", opts.kind, opts.small ? "small" : ""].filter(Boolean);
  const rank = /^\d+$/.test(String(name));
  const node = el("div", { class: classes.join(" "), title: opts.title || String(name), dataset: { card: String(name) } },
    // the corner repeats the value for the eye; a screen reader read it twice ("8 8 Fists")
    opts.corner !== undefined ? el("span", { class: "corner", "aria-hidden": "true" }, opts.corner) : null,
    el("span", { class: rank ? "rank" : "name" }, String(name)),
    opts.extra || null,
    opts.kindLabel ? el("span", { class: "kind" }, opts.kindLabel) : null);
  if (opts.actions && opts.actions.length && opts.ui && opts.ui.interactive) playable(node, opts.actions, opts.ui);
  return node;
}

/** Make `node` (a card, a Region of a map) play its `actions` by click, Enter or Space: one
 * action at once, several through a menu. The second click of a double click is ignored: it
 * would land on whatever the redrawn table put under the pointer and play that too. */
export function playable(node, actions, ui) {
  node.classList.add("playable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  const say = ui.say || String; // a label's seats by name
  node.setAttribute("aria-label", actions.length === 1 ? say(actions[0].label) : severalWays(node, actions.map((a) => say(a.label))));
  if (actions.length > 1) node.setAttribute("aria-haspopup", "menu");
  const choose = (event) => {
    if (actions.length === 1) ui.act(actions[0].action);
    else menu(event, actions, ui, node);
  };
  node.addEventListener("click", (event) => {
    if (event.detail > 1) return;
    choose(event);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const box = node.getBoundingClientRect();
      choose({ pageX: box.left + window.scrollX, pageY: box.bottom + window.scrollY });
    }
  });
  return node;
}

/** The name of a card that plays several ways: their labels joined by "or" while that is short
 * ("conquer Armagh or raid Armagh"), else the words the labels share and how many ways
 * ("recruit yellow VP: take slot…, 5 ways, a menu"); the menu names each in full. A Knarr
 * card's five recruits joined ran to some 300 characters, read out as the card's one name. */
function severalWays(node, labels) {
  if (labels.join(" or ").length <= 100) return labels.join(" or ");
  let shared = labels[0];
  for (const label of labels) while (!label.startsWith(shared)) shared = shared.slice(0, -1);
  if (labels.some((label) => /\w/.test(label[shared.length] || ""))) shared = shared.replace(/\S*$/, ""); // whole words
  shared = shared.replace(/[\s:,;]+$/, "");
  const what = shared || node.dataset.card || node.dataset.region || node.textContent.trim();
  return `${what}${shared ? "…" : ""}, ${labels.length} ways, a menu`;
}

/** `n` face-down cards. */
export function backs(n, small = true) {
  return Array.from({ length: n }, () => el("div", { class: `card back${small ? " small" : ""}` }));
}

/** Which legal actions play which card: a label names the card whose name comes first in it
 * ("play Odin as Books 12" plays Odin, "sail for Far Village" sails for Far Village, not for
 * Village). Returns a Map from each name in `names` to its actions (possibly none). */
export function actionsByCard(legal, names) {
  const unique = [...new Set(names.map(String))];
  const out = new Map(unique.map((n) => [n, []]));
  for (const a of legal) {
    const label = ` ${a.label.toLowerCase()} `;
    let best = null;
    let at = Infinity;
    for (const name of unique) {
      const i = firstWord(label, ` ${name.toLowerCase()}`);
      if (i >= 0 && (i < at || (i === at && name.length > best.length))) {
        best = name;
        at = i;
      }
    }
    if (best !== null) out.get(best).push(a);
  }
  return out;
}

/** Where `needle` first stands as whole words in `text` (not followed by a letter or digit). */
function firstWord(text, needle) {
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
    if (!/[a-z0-9]/.test(text[i + needle.length] || "")) return i;
  }
  return -1;
}

/** A little menu of actions by a clicked card, when it can be played more than one way. It
 * takes the focus; Escape, "cancel" or a click elsewhere closes it and gives the focus back. */
function menu(event, actions, ui, opener) {
  document.querySelectorAll(".menu").forEach((m) => m.remove());
  const close = () => {
    box.remove();
    document.removeEventListener("pointerdown", outside, true);
    if (opener && opener.isConnected) opener.focus();
  };
  const outside = (e) => { if (!box.contains(e.target)) close(); };
  const box = el("div", { class: "menu", role: "menu" },
    actions.map((a) => el("button", { role: "menuitem", onclick: () => { close(); ui.act(a.action); } }, (ui.say || String)(a.label))),
    el("button", { class: "secondary", role: "menuitem", onclick: close }, "cancel"));
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); close(); return; }
    // a menu is moved through by arrows (a screen reader passes them to it), round its ends
    const items = [...box.querySelectorAll("button")];
    const at = items.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    items[(to + items.length) % items.length].focus();
  });
  box.style.left = `${event.pageX}px`;
  box.style.top = `${event.pageY}px`;
  document.body.append(box);
  setTimeout(() => document.addEventListener("pointerdown", outside, true)); // not this click
  box.querySelector("button").focus();
}

/** A titled zone of the table. */
export function zone(title, ...content) {
  return el("div", { class: "zone" }, el("h3", {}, title), content);
}
