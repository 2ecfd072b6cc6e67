// The panels around the game, each drawn by its own module and wired here to the page's state and to
// what the server lets this page do: the turn clock, the chat, the evening, the finished game, the log.
import { h, fill } from "../dom.js";
import { renderChat } from "../chat.js";
import { renderClock } from "../clock.js";
import { renderEvening } from "../evening.js";
import { renderTurnSettings } from "../yourturn.js";
import { pauseClock, setChat } from "./api.js";
import { describe, promptLine } from "./prompt.js";
import { render } from "./render.js";
import { playAgain, say } from "./requests.js";

export function renderPanels(page, ctx) {
  const { status } = page.table;
  const may = page.may;
  renderFinished(page, ctx);
  renderEvening(page.evening, document.getElementById("evening"), ctx, page.code, page.table, () => render(page));
  renderLog(page, ctx);
  renderClock(page.clock, ctx, status === "playing", may.pause_clock === true ? (paused) => pauseClock(page, paused) : null);
  renderTurnSettings(document.getElementById("turn-settings"), ctx.t, ctx.seat !== null);
  document.getElementById("chat-text").maxLength = page.limits.chat;
  renderChat(page.chat, ctx, {
    say: (body) => say(page, body), setChat: (mode, spectators) => setChat(page, mode, spectators), may,
    playing: status === "playing", rule: page.view && page.game.tableTalk ? ctx.t(page.game.tableTalk(page.view)) : null,
  });
}

function renderFinished(page, ctx) {
  const panel = document.getElementById("finished");
  panel.hidden = page.table.status !== "finished";
  if (panel.hidden) return;
  const { code } = page;
  const again = page.may.play_again === true
    ? h("button", { type: "button", class: "primary", disabled: ctx.busy, dataset: { key: "again" }, onclick: () => playAgain(page) },
      ctx.t("table.again"))
    : null;
  fill(panel, h("h2", {}, ctx.t("table.gameOver")),
    page.view ? h("p", { class: "finished-result" }, promptLine(page, ctx)) : null,
    page.table.game_no > 1 ? h("p", { class: "muted" }, ctx.t("table.gameNo", { n: page.table.game_no })) : null,
    h("div", { class: "row" }, again,
      h("a", { class: "button", href: `/t/${code}/games/${page.table.game_no}`, dataset: { key: "review" } }, ctx.t("evening.review")),
      h("a", { class: "button", href: "/" }, ctx.t("table.backToLobby"))));
}

function renderLog(page, ctx) {
  const list = document.getElementById("log-lines");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
  fill(list, page.log.map((event) => {
    const text = describe(page, event, ctx);
    return text ? h("li", { class: event.kind === "round_started" ? "log-round" : null, dataset: { v: event.v } }, text) : null;
  }));
  if (atBottom) list.scrollTop = list.scrollHeight; // the list scrolls, never the page
}
