// Cards travel where they go. A table is drawn through the kit's `moving` (kit.js), which measures
// the elements a renderer keyed before the draw and after it, and plays each difference back from
// where the element was to where it is now (FLIP: First, Last, Invert, Play). Only transforms and
// opacity are animated, so nothing around a card moves; with prefers-reduced-motion nothing moves at all.
//
// What a renderer marks, and all it does for motion:
//   data-flip="card-7"     the card's identity, once in the table: wherever it was drawn last, it travels from there
//   data-flip-from="a b"   where a card new to the table comes from: other identities, or places, the first found
//   data-flip-place="deck" a place cards come from (a seat's area, a deck): measured, never moved
//   data-flip-face         the element shows a card's face: coming from anything that did not (a back, a place,
//                          nowhere), it turns over; every face a draw reveals turns at once

const TIMING = Object.freeze({ duration: 380, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" }); // ease-out: off quickly, lands softly
const KEYED = "[data-flip], [data-flip-place]";

const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The element's box in page coordinates (a scroll between the two measures is no motion); null when not shown. */
function boxOf(el) {
  const rect = el.getBoundingClientRect();
  if (!rect.width || !rect.height) return null;
  return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, w: rect.width, h: rect.height, face: "flipFace" in el.dataset };
}

const near = (a, b) => Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1 && Math.abs(a.w - b.w) < 1 && Math.abs(a.h - b.h) < 1;

/** Identity or place → box, of everything keyed in `root` now (a card in flight: where it is seen). */
function measure(root) {
  const boxes = new Map();
  for (const el of root.querySelectorAll(KEYED)) {
    const box = boxOf(el);
    if (box) boxes.set(el.dataset.flip ?? el.dataset.flipPlace, { ...box, place: !el.dataset.flip });
  }
  return boxes;
}

/** A card leaving a place (a seat's area, a deck) starts at its middle, at its own size, inside the page's width. */
function outOf(place, { w, h }) {
  const x = Math.max(0, Math.min(place.x + (place.w - w) / 2, document.documentElement.clientWidth - w));
  return { x, y: place.y + (place.h - h) / 2, w, h, face: false };
}

/** Stops every flight under way, so that each element's own place can be measured; how far each had come. */
function land(flights) {
  const under = new Map();
  for (const [key, flight] of flights) {
    const { playState, currentTime } = flight.animation;
    if (playState === "running" || playState === "paused") under.set(key, { ...flight, time: currentTime, paused: playState === "paused" });
    flight.animation.cancel();
  }
  flights.clear();
  return under;
}

/** How an element drawn at `last` gets there: from its own identity's box, else from where it comes from. */
function plan(el, first, last) {
  const own = first.get(el.dataset.flip);
  const found = own ?? (el.dataset.flipFrom ?? "").split(" ").map((key) => first.get(key)).find(Boolean);
  const origin = found?.place ? outOf(found, last) : found;
  const turn = "flipFace" in el.dataset && !origin?.face;
  const from = origin && !near(origin, last) ? origin : null;
  if (!from && !turn) return null;
  // A card that comes out of another (a market stack, a place) fades in as it leaves it.
  return { from, turn, fade: !own && Boolean(from) && !turn };
}

/** The first keyframe: the element put back where it was, as it was; it then plays to its own place. */
function keyframesOf({ from, turn, fade }, last) {
  const transform = [];
  if (from) {
    // The transform origin is the element's centre: move centre onto centre, then scale to the old
    // size, evenly (a small card's number is not stretched to a big card's shape) and within it.
    const dx = from.x + from.w / 2 - (last.x + last.w / 2);
    const dy = from.y + from.h / 2 - (last.y + last.h / 2);
    transform.push(`translate(${dx}px, ${dy}px)`, `scale(${Math.min(from.w / last.w, from.h / last.h)})`);
  }
  if (turn) transform.push("rotateY(90deg)"); // edge on: it opens to its face as it lands
  // Above the cards it passes over, until it has landed.
  return [{ offset: 0, transform: transform.join(" "), zIndex: 5, ...(fade ? { opacity: 0 } : {}) }, { offset: 0.99, zIndex: 5 }];
}

function fly(flights, key, el, keyframes, to, time = 0, paused = false) {
  const animation = el.animate(keyframes, TIMING);
  animation.id = "flip";
  animation.currentTime = time;
  if (paused) animation.pause(); // held (to look at a moment of it): it stays held
  const flight = { animation, keyframes, to };
  flights.set(key, flight);
  animation.onfinish = () => {
    if (flights.get(key) === flight) flights.delete(key);
  };
}

/** Lands every card in flight at once: a flight is worked out for the layout it set out in, which a resize changes. */
function landAll() {
  for (const animation of document.getAnimations()) if (animation.id === "flip") animation.finish();
}

/**
 * Draws with `draw()` and plays what moved in `root`. `flights` is the table's (kept by the kit):
 * the animations under way by identity. A redraw, however often, neither restarts nor stacks them:
 * a card still going to the same place carries on from where it is, even drawn as a new node, and
 * one whose place changed turns there from where it is seen. An unchanged node has not moved, so
 * nothing replays on it. The first draw of a table moves nothing: everything starts where it is.
 */
export function drawMoving(root, flights, draw) {
  if (still()) {
    draw();
    return;
  }
  window.addEventListener("resize", landAll); // once: the same listener is never added twice
  const first = measure(root);
  draw();
  if (!first.size) return;
  const under = land(flights);
  for (const el of root.querySelectorAll("[data-flip]")) {
    const last = boxOf(el);
    if (!last) continue;
    const key = el.dataset.flip;
    const flight = under.get(key);
    if (flight && near(flight.to, last)) {
      fly(flights, key, el, flight.keyframes, last, flight.time, flight.paused);
      continue;
    }
    const move = plan(el, first, last);
    if (move) fly(flights, key, el, keyframesOf(move, last), last, 0, flight?.paused);
  }
}

/** An element's marks for motion: its identity, where it comes from when new (`from`), and whether it shows a face. */
export function flipMarks(key, { from = [], face = false } = {}) {
  return { flip: key, ...(from.length ? { flipFrom: from.join(" ") } : {}), ...(face ? { flipFace: "" } : {}) };
}
