// What is asked stays in view. When the prompt starts asking this seat for something, or asks for
// something else, the control it asks for is brought into view: the one the renderer marks
// `data-asked`, else the first open control that sends an action. Only at that moment, and not when
// the player scrolled in the last seconds; the page never moves while the player reads the other
// seats. At game over the finished panel (the result and "play again") comes into view once.

const USER_SCROLL_MS = 2000;
const LANDED_MS = 400; // a card's flight (motion.js) is over by then
const SCROLL_KEYS = Object.freeze(["PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown", " "]);

/** Notes when the player scrolls by themselves, so that the page leaves the scrolling to them for a while. */
export function watchScrolling(page) {
  const userScrolled = () => { page.inView.userScroll = performance.now(); };
  window.addEventListener("wheel", userScrolled, { passive: true });
  window.addEventListener("touchmove", userScrolled, { passive: true });
  window.addEventListener("keydown", (event) => {
    if (SCROLL_KEYS.includes(event.key) && !event.target.closest?.("button, input, select, textarea, [contenteditable], [role=slider]")) userScrolled();
  });
}

/** The control the prompt asks this seat for now, or null when it asks nothing of this seat. */
function askedControl(page, ctx) {
  const view = ctx.view;
  if (!view || ctx.seat === null || page.table.status !== "playing" || !view.legal?.length) return null;
  if (!(view.awaiting ?? []).includes(ctx.seat)) return null;
  const shown = (el) => el && el.getClientRects().length > 0;
  const tableEl = document.getElementById("table");
  const marked = [...tableEl.querySelectorAll("[data-asked]")].find(shown);
  return marked ?? [...tableEl.querySelectorAll('[data-action]:not(:disabled):not([aria-disabled="true"])')].find(shown) ?? null;
}

/** Whether the element is inside the window (a tall one: its top part). */
function inWindow(el) {
  const rect = el.getBoundingClientRect();
  return rect.top >= 0 && Math.min(rect.bottom, rect.top + window.innerHeight * 0.6) <= window.innerHeight;
}

/**
 * How far the page must scroll for a sticky bar (the notice, a game's play bar) to stop covering the
 * element: > 0 down, < 0 up, 0 when nothing covers it (a control inside the bar is never covered).
 */
function covered(el) {
  const rect = el.getBoundingClientRect();
  const y = Math.min(rect.top + rect.height / 2, rect.top + 40);
  const hit = document.elementFromPoint(rect.left + rect.width / 2, y);
  if (!hit || el.contains(hit) || hit.contains(el)) return 0;
  let cover = hit;
  while (cover && !["sticky", "fixed"].includes(getComputedStyle(cover).position)) cover = cover.parentElement;
  if (!cover) return 0;
  const bar = cover.getBoundingClientRect();
  const gap = 12;
  return bar.top + bar.height / 2 > window.innerHeight / 2 ? rect.bottom - bar.top + gap : -(bar.bottom - rect.top + gap);
}

/** Whether the element is a card still travelling to its place, or on one: it is seen where it is not staying. */
const travelling = (el) => Boolean(el.closest("[data-flip]")?.getAnimations().some((flight) => flight.id === "flip"));

function bringIntoView(page, el, block = "nearest") {
  const inView = page.inView;
  clearTimeout(inView.retry);
  if (travelling(el)) {
    // Judged where it lands: once it has (drawn again meanwhile, it is found by its data-key).
    const key = el.dataset.key;
    inView.retry = setTimeout(() => {
      const landed = el.isConnected ? el : key && document.querySelector(`#table [data-key="${CSS.escape(key)}"]`);
      if (landed && performance.now() - inView.userScroll >= USER_SCROLL_MS) bringIntoView(page, landed, block);
    }, LANDED_MS);
    return;
  }
  const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  const uncover = () => {
    const by = el.isConnected ? covered(el) : 0;
    if (by) window.scrollBy({ top: by, behavior });
  };
  if (inWindow(el)) return uncover();
  el.scrollIntoView({ block, inline: "nearest", behavior });
  // Once the scroll settles: clear of the sticky bars; a redraw may have stopped it halfway, so the rest at once.
  inView.retry = setTimeout(() => {
    if (!el.isConnected || performance.now() - inView.userScroll < 700) return;
    if (!inWindow(el)) el.scrollIntoView({ block, inline: "nearest" });
    uncover();
  }, 700);
}

/** After each drawing: brings a new ask (its step, question `line` and control), or the game's end, into view. */
export function keepInView(page, ctx, line) {
  const inView = page.inView;
  const over = page.table.status === "finished";
  if (over && inView.over === false) {
    inView.ask = null;
    bringIntoView(page, document.getElementById("finished"), "start");
  }
  inView.over = page.table.status === "waiting" ? null : over;
  const control = askedControl(page, ctx);
  // The ask: its step, its question and its control; another seat's move leaves it as it is.
  const ask = control ? [ctx.view.phase, line, control.dataset.key ?? ""].join("|") : null;
  if (ask === inView.ask) return;
  inView.ask = ask;
  if (control && performance.now() - inView.userScroll >= USER_SCROLL_MS) bringIntoView(page, control);
}
