// The turn timer under the prompt: each awaited seat's time left, counted down between the server's
// pushes (which say the seconds left, so no two clocks need agree), and the creator's pause. While
// this seat is awaited the clock is the page's play bar: it stays at the top of the screen while the
// player scrolls down to their cards (zashiki.css, `.clock.turn`).
import { h, fill, nameOf } from "./dom.js";

/** The turn timer of one page: the clock as last sent, when it came, and the ticker counting it down. */
export function newClock() {
  return { state: null, at: 0, ticker: null };
}

/** The clock as the server last sent it (`null`: this table has no timer). */
export function setClock(clock, state) {
  clock.state = state ?? null;
  clock.at = performance.now();
}

function secondsLeft(clock, seat) {
  const left = clock.state.left[seat];
  return clock.state.paused ? left : Math.max(0, left - (performance.now() - clock.at) / 1000);
}

// Whole seconds, rounded up: "0:01" until the very end.
const shown = (seconds) => {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

/** Draws the clocks; `togglePause(paused)`: when this page may pause them (`may.pause_clock`), else null. Ticks by itself while it runs. */
export function renderClock(clock, ctx, playing, togglePause) {
  const el = document.getElementById("clock");
  const state = clock.state;
  el.hidden = !state || !playing;
  clearInterval(clock.ticker);
  if (el.hidden) return;
  const seats = Object.keys(state.left).map(Number).sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  el.classList.toggle("turn", seats[0] === ctx.seat);
  const times = seats.map((seat) => [seat, h("strong", {})]);
  const tick = () => {
    for (const [seat, strong] of times) {
      const left = secondsLeft(clock, seat);
      strong.textContent = shown(left);
      strong.parentElement?.classList.toggle("short", left < 10);
    }
  };
  fill(el,
    h("span", { class: "clock-mark", "aria-hidden": "true" }, state.paused ? "⏸" : "⏱"),
    // The play bar on a phone says it in a word (zashiki.css shows one of the two).
    state.paused ? h("span", { class: "clock-paused" }, h("span", { class: "sentence" }, ctx.t("clock.paused")),
      h("span", { class: "word" }, ctx.t("clock.pausedWord"))) : null,
    times.map(([seat, strong]) => h("span", { class: `clock-seat seat-${seat}${seat === ctx.seat ? " mine" : ""}` },
      seat === ctx.seat ? ctx.t("clock.you") : nameOf(ctx, seat), " ", strong)),
    togglePause ? h("button", { type: "button", dataset: { key: "clock-pause" }, onclick: () => togglePause(!state.paused) },
      ctx.t(state.paused ? "clock.resume" : "clock.pause")) : null);
  tick(); // only the times change between pushes: the button keeps its focus
  if (!state.paused && seats.length) clock.ticker = setInterval(tick, 500);
}

/** A log line: the table's own events (a decision the bot made because a seat's time ran out), else the game's. */
export function describeEvent(game, event, ctx) {
  return event.kind === "timed_out" ? ctx.t("clock.timedOut", { name: nameOf(ctx, event.seat) }) : game.describe(event, ctx);
}
