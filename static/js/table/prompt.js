// The prompt line (what this seat may do now, or whom the table waits for) and the news said aloud:
// new log lines of note, "your turn" when it becomes so, and the end of the game.
import { h, nameOf } from "../dom.js";
import { describeEvent } from "../clock.js";
import { announce } from "./notices.js";
import { tableContext } from "./render.js";

/** The game says what this seat may do now; else the generic line: your turn, waiting for…, watching. */
export function promptLine(page, ctx) {
  const own = page.game.prompt(ctx);
  if (own) return own;
  if (ctx.seat === null) return ctx.t("table.watching");
  if (ctx.view.legal?.length) return ctx.t("table.yourTurn");
  const awaiting = ctx.view.awaiting ?? [];
  return awaiting.length ? ctx.t("table.waitingFor", { names: ctx.names(awaiting) }) : "";
}

/** When it is this seat's turn and the page has lost its socket, the prompt says that too. */
export function offlineTurnNote(page, ctx) {
  const turn = ctx.seat !== null && page.table.status === "playing" && Boolean(ctx.view?.legal?.length);
  if (!turn || page.conn === "connected" || page.conn === "connecting") return null;
  return h("span", { class: "prompt-offline" }, ctx.t("table.yourTurnOffline"));
}

/** A log line: the table's own events (a hint asked, a decision made by the clock) and the game's, in the page's language. */
export const describe = (page, event, ctx) => (event.kind === "hinted"
  ? ctx.t("hint.asked", { name: nameOf(ctx, event.seat) }) : describeEvent(page.game, event, ctx));

/** New log lines of note (a game may pick them: `notable(event)`), and "your turn" when it becomes so. */
export function announceNews(page, events) {
  if (!page.view) return;
  const ctx = tableContext(page);
  const lines = events.filter((e) => e.kind === "timed_out" || e.kind === "hinted" || (page.game.notable?.(e, ctx) ?? true))
    .map((e) => describe(page, e, ctx)).filter(Boolean);
  const turn = ctx.seat !== null && Boolean(ctx.view.legal?.length);
  if (turn && !page.spoken.turn) lines.push(ctx.t("table.yourTurn"));
  page.spoken.turn = turn;
  // The end of the game is said once, with its result, after the last move.
  const over = page.table?.status === "finished";
  if (over && !page.spoken.over) lines.push(ctx.t("table.gameOver"), promptLine(page, ctx));
  page.spoken.over = over;
  if (lines.length) announce(page, lines.join(" "));
}
