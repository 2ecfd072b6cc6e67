// The one `ctx` every game renderer is given, on the table page and the review page alike: what to
// draw (a seat's view, the players), the page's language, and what the page lets the renderer do.
import { listNames, namedSeats, seatsAround } from "./dom.js";

/** The renderer's context. `send`, `check` and `busy` are the table's, or do nothing on the review page. */
export function makeContext({ view, previous, catalog, seat, seats, t, lang, send, check, busy, redraw }) {
  const players = namedSeats(seats, t); // a renderer may annotate its own copy
  const ctx = {
    view, previous, catalog, seat, players, t, lang, send, check,
    busy, // truthy while a move is in flight; as `disabled`, it makes a control aria-disabled
    redraw, // after a change of the renderer's own state (a selection): draws the page again
    names: (list) => listNames(ctx, list),
    around: () => seatsAround(players.length, seat), // own seat first, then clockwise
  };
  return ctx;
}
