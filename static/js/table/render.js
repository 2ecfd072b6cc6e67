// Draws the whole table page from its state: the seats, the prompt, the game (by its renderer, its
// cards travelling where they go), the panels. Redrawing replaces nodes; focus and scroll are kept as they were.
import { fill, h, IN_FLIGHT } from "../dom.js";
import { renderCoach } from "../coach.js";
import { linkTerms } from "../rule-snippets.js";
import { makeContext } from "../context.js";
import { moving } from "../kit.js";
import { signalTurn } from "../yourturn.js";
import { renderHint, renderHintSetting } from "./hints.js";
import { keepInView } from "./in-view.js";
import { renderPanels } from "./panels.js";
import { offlineTurnNote, promptLine } from "./prompt.js";
import { check, send } from "./requests.js";
import { renderSeatAsks } from "./seat-asks.js";
import { renderSeatButton, renderTakeover, renderWaiting, renderWatchers } from "./seating.js";
import { redrawWhy } from "./why.js";

/** The `ctx` the game's renderer is given for the page as it stands. */
export function tableContext(page) {
  const inFlight = Boolean(page.pending) || page.conn !== "connected";
  return makeContext({
    view: page.view, previous: page.previous, catalog: page.catalog, seat: page.you, seats: page.table?.seats ?? [],
    t: page.t, lang: page.lang,
    send: (action) => send(page, action), check: (action) => check(page, action),
    busy: inFlight ? IN_FLIGHT : false, redraw: () => render(page),
  });
}

export function render(page) {
  if (!page.table) return;
  const app = page.app;
  const ctx = tableContext(page);
  app.toggleAttribute("data-busy", Boolean(ctx.busy));
  app.dataset.version = page.version; // the version drawn, for whoever compares the page with the server
  // Redrawing replaces nodes: the focused control is found again by its data-key, and the page stays put.
  const focused = app.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
  // A control used up by its own move (unavailable now, saying why) is focused again only when nothing
  // else takes the focus on; one that was unavailable already, being looked at, is.
  const usable = focused && document.activeElement.hasAttribute("data-why") ? ":not(:disabled)" : ":not(:disabled):not([data-why])";
  const { scrollX, scrollY } = window;
  renderWaiting(page, ctx);
  renderTakeover(page, ctx);
  renderSeatButton(page, ctx);
  const tableEl = document.getElementById("table");
  tableEl.hidden = !page.view;
  document.getElementById("table-title").hidden = tableEl.hidden; // the heading the game's own headings come under
  const promptEl = document.getElementById("prompt");
  promptEl.hidden = !page.view;
  const line = page.view ? promptLine(page, ctx) : "";
  // The line is one run of text, also once its key terms are buttons (a game may lay the prompt out as a flex box).
  const lineEl = h("span", { class: "prompt-line" }, line);
  fill(promptEl, lineEl, offlineTurnNote(page, ctx));
  linkTerms(page, lineEl);
  document.getElementById("log").hidden = !page.view;
  if (page.view) moving(tableEl, () => page.game.render(tableEl, ctx));
  renderHint(page, ctx, tableEl);
  renderHintSetting(page, ctx);
  renderWatchers(page, ctx);
  renderSeatAsks(page, ctx);
  renderPanels(page, ctx);
  renderCoach(page, ctx);
  signalTurn(page.signal, ctx.seat !== null && page.table.status === "playing" && Boolean(page.view?.legal?.length), ctx.t);
  if (focused && !app.contains(document.activeElement)) {
    // A control that is gone for good (the game ended under it) hands focus on to "play again".
    const again = app.querySelector(`[data-key="${CSS.escape(focused)}"]${usable}`)
      ?? (page.table.status === "finished" ? app.querySelector('[data-key="again"]') : null)
      ?? app.querySelector(`[data-key="${CSS.escape(focused)}"]:not(:disabled)`);
    again?.focus({ preventScroll: true });
  }
  if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
  keepInView(page, ctx, line);
  redrawWhy(page); // a reason on show follows its control into the new nodes
}
