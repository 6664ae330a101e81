// The table for any game: its view as labelled values (lists as chips, objects nested). The
// page around it shows whose turn it is, the legal actions as buttons, the log and the scores.
import { el } from "/static/js/common.js";

export function render(root, msg) {
  const view = { ...msg.view };
  delete view.log; // the page shows the seat's whole log beside the table
  root.replaceChildren(value(view));
  return new Set(); // no action drawn here: the page lists them all as buttons
}

function value(v) {
  if (v === null || v === undefined) return el("span", { class: "muted" }, "—");
  if (Array.isArray(v)) {
    if (v.length === 0) return el("span", { class: "muted" }, "none");
    if (v.every((x) => typeof x !== "object" || x === null)) {
      return el("span", {}, v.map((x) => el("span", { class: "chip" }, String(x))));
    }
    return el("ol", { start: 0 }, v.map((x) => el("li", {}, value(x))));
  }
  if (typeof v === "object") {
    return el("dl", { class: "view" },
      Object.entries(v).map(([k, x]) => [el("dt", {}, k.replaceAll("_", " ")), el("dd", {}, value(x))]));
  }
  return el("span", {}, String(v));
}
