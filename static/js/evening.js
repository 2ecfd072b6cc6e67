// The evening at one table: each game played so far with its result and a link to its review, and
// the running totals. Fetched when a game ends or begins (the table's status or game number changes).
import { h, fill, listNames, nameOf, seatBadge } from "./dom.js";

/** The evening as one page last fetched it, and for which status and game number. */
export function newEvening() {
  return { key: null, data: null };
}

/** Asks the server for the evening again when the table's status or game number changed since last time. */
function refresh(evening, code, table, redraw) {
  const key = `${table.status}:${table.game_no}`;
  if (key === evening.key) return;
  evening.key = key;
  fetch(`/api/tables/${code}/games`)
    .then((response) => (response.ok ? response.json() : null))
    .then((data) => {
      if (evening.key !== key) return;
      evening.data = data;
      redraw();
    })
    .catch(() => {});
}

function resultText(ctx, outcome) {
  if (outcome.result === "win") return ctx.t("evening.coopWin");
  if (outcome.result === "loss") return ctx.t("evening.coopLoss");
  const winners = outcome.winners.length ? ctx.t("evening.won", { names: listNames(ctx, outcome.winners) }) : ctx.t("evening.noWinner");
  if (!outcome.scores) return winners;
  const scores = outcome.scores.map((score, seat) => ctx.t("evening.score", { name: nameOf(ctx, seat), score }));
  return `${winners} · ${ctx.t("evening.scores", { scores: new Intl.ListFormat(ctx.lang, { type: "conjunction" }).format(scores) })}`;
}

/** Draws the evening panel: shown once a game is over or a second one is played; during a game, "look back". */
export function renderEvening(evening, el, ctx, code, table, redraw) {
  if (table.status === "waiting") {
    el.hidden = true;
    return;
  }
  refresh(evening, code, table, redraw);
  const games = evening.data?.games ?? [];
  const over = games.filter((g) => g.over);
  const lookBack = table.status === "playing"
    ? h("a", { class: "button", href: `/t/${code}/games/${table.game_no}`, dataset: { key: "look-back" } }, ctx.t("review.lookBack"))
    : null;
  el.hidden = !over.length && !lookBack;
  if (el.hidden) return;
  const totals = evening.data?.totals;
  fill(el,
    h("h2", {}, ctx.t("evening.heading")),
    h("ol", { class: "evening-games" }, games.map((g) => h("li", { dataset: { game: g.n } },
      h("strong", {}, ctx.t("evening.game", { n: g.n })), " ",
      h("span", {}, g.over ? resultText(ctx, g.outcome) : ctx.t("evening.playing")), " ",
      g.over && g.replayable ? h("a", { href: `/t/${code}/games/${g.n}`, dataset: { key: `review-${g.n}` } }, ctx.t("evening.review"))
        : g.over ? h("span", { class: "muted" }, ctx.t("evening.notKept")) : null))),
    over.length && totals ? h("table", { class: "evening-totals" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("evening.player")), h("th", { scope: "col" }, ctx.t("evening.wins")),
        totals.scores ? h("th", { scope: "col" }, ctx.t("evening.total")) : null)),
      h("tbody", {}, ctx.players.map((p) => h("tr", {},
        h("th", { scope: "row" }, seatBadge(p, ctx)), h("td", {}, totals.wins[p.seat]),
        totals.scores ? h("td", {}, totals.scores[p.seat]) : null)))) : null,
    lookBack ? h("p", { class: "row" }, lookBack) : null);
}
