// What is asked stays in view. When the prompt starts asking this seat for something, or asks for
// something else, the controls it asks for are brought into view together, as far as they fit: those
// the renderer marks `data-asked` (the kit marks a composer's options of the step it asks, or its
// confirm), else the open controls that send an action; when they do not all fit, the first. Only at
// that moment, and not when the player scrolled in the last seconds; the page never moves while the
// player reads the other seats. At game over the finished panel (the result and "play again") comes
// into view once.

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

/** The controls the prompt asks this seat for now (none when it asks nothing of this seat). */
function askedControls(page, ctx) {
  const view = ctx.view;
  if (!view || ctx.seat === null || page.table.status !== "playing" || !view.legal?.length) return [];
  if (!(view.awaiting ?? []).includes(ctx.seat)) return [];
  const shown = (el) => el.getClientRects().length > 0;
  const tableEl = document.getElementById("table");
  const marked = [...tableEl.querySelectorAll("[data-asked]")].filter(shown);
  return marked.length ? marked : [...tableEl.querySelectorAll('[data-action]:not(:disabled):not([aria-disabled="true"])')].filter(shown);
}

/** Whether the element is inside the window (a tall one: its top part). */
function inWindow(el) {
  const rect = el.getBoundingClientRect();
  return rect.top >= 0 && Math.min(rect.bottom, rect.top + window.innerHeight * 0.6) <= window.innerHeight;
}

/**
 * How far the page must scroll for a sticky bar (the notice, the turn clock, a game's play bar) to stop covering the
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

/**
 * How far the page must scroll for all the elements to be in the window with their scroll margins
 * (the room the sticky bars take, zashiki.css): > 0 down, < 0 up; null when they cannot all be at once.
 */
function together(els) {
  let top = Infinity;
  let bottom = -Infinity;
  for (const el of els) {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    top = Math.min(top, rect.top - parseFloat(style.scrollMarginTop));
    bottom = Math.max(bottom, Math.min(rect.bottom, rect.top + window.innerHeight * 0.6) + parseFloat(style.scrollMarginBottom));
  }
  if (bottom - top > window.innerHeight) return null;
  return top < 0 ? top : Math.max(0, bottom - window.innerHeight);
}

/** Whether the element is a card still travelling to its place, or on one: it is seen where it is not staying. */
const travelling = (el) => Boolean(el.closest("[data-flip]")?.getAnimations().some((flight) => flight.id === "flip"));

/** Brings the elements `find()` gives into view, clear of the sticky bars: all of them if they fit, else the first. */
function bringIntoView(page, find, block = "nearest") {
  const inView = page.inView;
  clearTimeout(inView.retry);
  if (find().some(travelling)) {
    // Judged where they land: once they have (found again, as a redraw may have replaced them).
    inView.retry = setTimeout(() => {
      if (performance.now() - inView.userScroll >= USER_SCROLL_MS) bringIntoView(page, find, block);
    }, LANDED_MS);
    return;
  }
  const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  const move = (els, how) => {
    const by = els.every((el) => inWindow(el) && !covered(el)) ? 0 : together(els);
    if (by === null && !inWindow(els[0])) return els[0].scrollIntoView({ block, inline: "nearest", behavior: how });
    if (by) return window.scrollBy({ top: by, behavior: how });
    // Clear of the sticky bars: the first control a bar covers (when they do not all fit, the first only).
    const under = (by === null ? [els[0]] : els).map(covered).find((n) => n !== 0);
    if (under) window.scrollBy({ top: under, behavior: how });
  };
  const els = find();
  if (!els.length) return;
  move(els, behavior);
  // Once the scroll settles, the rest at once: a redraw may have stopped it halfway (the controls found again).
  inView.retry = setTimeout(() => {
    const now = find();
    if (now.length && performance.now() - inView.userScroll >= 700) move(now, "auto");
  }, 700);
}

/** After each drawing: brings a new ask (its step, question `line` and controls), or the game's end, into view. */
export function keepInView(page, ctx, line) {
  const inView = page.inView;
  const over = page.table.status === "finished";
  if (over && inView.over === false) {
    inView.ask = null;
    bringIntoView(page, () => [document.getElementById("finished")].filter((el) => !el.hidden), "start");
  }
  inView.over = page.table.status === "waiting" ? null : over;
  const controls = askedControls(page, ctx);
  // The ask: its step, its question and its controls; another seat's move leaves it as it is.
  const ask = controls.length ? [ctx.view.phase, line, controls.map((el) => el.dataset.key ?? "").join(" ")].join("|") : null;
  if (ask === inView.ask) return;
  inView.ask = ask;
  clearTimeout(inView.retry); // the last ask's second look is over with it
  if (controls.length && performance.now() - inView.userScroll >= USER_SCROLL_MS) bringIntoView(page, () => askedControls(page, ctx));
}
