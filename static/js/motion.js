// Things travel where they go: a card played from the hand slides to the trick, a card bought from the
// market to the hand. A redraw puts everything in its new place at once; this measures where each
// thing was just before (`data-flip`: the same name for the same thing wherever it is drawn), and
// slides it from there, with a transform only, so nothing around it moves (FLIP: first, last, invert,
// play). A thing new to the table may start from another's place (`data-flip-from`: the deck it was
// drawn from). With reduced motion asked for, everything is simply where it is.

const TRAVEL_MS = 360; // under half a second (shared/UI.md: reveals are moments, not waits)
const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";

const stillness = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Runs `draw()`, which redraws `root`, and slides what moved from where it was. */
export function withMotion(root, draw) {
  if (stillness()) return draw();
  const before = new Map();
  for (const el of root.querySelectorAll("[data-flip]")) before.set(el.dataset.flip, el.getBoundingClientRect());
  draw();
  if (!before.size) return;
  for (const el of root.querySelectorAll("[data-flip]")) {
    const from = before.get(el.dataset.flip) ?? before.get(el.dataset.flipFrom);
    if (from) slide(el, from);
  }
}

function slide(el, from) {
  const to = el.getBoundingClientRect();
  if (!to.width || !to.height) return; // not laid out (a hidden panel)
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const scale = `scale(${from.width / to.width}, ${from.height / to.height})`;
  el.animate([{ transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) ${scale}` }, { transformOrigin: "0 0", transform: "none" }],
    { duration: TRAVEL_MS, easing: EASING });
}
