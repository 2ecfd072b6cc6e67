// Baroque (バロックの変遷) at the table: the salon played openly in turn, the ball decided in secret,
// then revealed at once. Rank cards and the face-up discard pile lie in the middle of the cloth.
import { h, seatBadge, nameOf } from "../dom.js";
import { kit, flipMarks, whyNot } from "../kit.js";

const COLORS = Object.freeze(["black", "green", "yellow"]); // display order of the rules (§9 G8)
const SYMBOL = Object.freeze({ black: "♛", green: "♣", yellow: "◆" }); // a shape for every color, never color alone
const RANK_IDS = Object.freeze(["rank-0", "rank-1", "rank-2", "rank-3", "rank-4", "rank-5"]);

// --- small helpers ------------------------------------------------------------------------------

const parse = (id) => { const [color, n] = id.split("-"); return { color, n: Number(n) }; };
const rankValue = (id) => Number(id.split("-")[1]);
const legalOf = (view, type) => view.legal.filter((a) => a.type === type);
const colorName = (ctx, color) => ctx.t(`bq.color.${color}`);

function cardName(ctx, id) {
  const c = parse(id);
  return ctx.t("bq.card", { sym: SYMBOL[c.color], color: colorName(ctx, c.color), n: c.n });
}

const ranksText = (ranks) => [...ranks].sort((a, b) => rankValue(b) - rankValue(a)).map(rankValue).join("+");

/** Why the trick went to its winner, as the server judged it: by trump, or by the winning color. */
function verdictText(ctx, trick) {
  const params = { name: nameOf(ctx, trick.winner), n: trick.number, card: cardName(ctx, trick.final[trick.winner]),
                   color: colorName(ctx, trick.winning_color) };
  return ctx.t(trick.by_trump ? "bq.verdict.trump" : "bq.verdict.color", params);
}

// --- the choices: the bid in parts, the ball whole -----------------------------------------------

// A bid is one legal take_rank action, chosen a rank card at a time (5 and then 1–4 make 6–9); the
// ball's keep-or-change is one of view.legal, chosen whole. Both are the kit's composer.
const BID_STEPS = Object.freeze([{ name: "ranks", many: true }]);

function choices(table, view) {
  return {
    bid: table.composer("bid", { actions: legalOf(view, "take_rank"), steps: BID_STEPS, confirmKey: "confirm-bid", disableClosed: true }),
    ball: table.choice("ball"),
  };
}

// --- drawn pieces -------------------------------------------------------------------------------

/** The marks that make a card travel between the places it is drawn in: hand, salon, a hand known to all, the pile. */
const travels = (id, from = []) => flipMarks(`card-${id}`, { from, face: true });

/**
 * A Baroque card: the number large, its color's symbol and name on it, so color is never alone. It
 * travels as itself (`from`: where it comes from when it was nowhere in sight, a seat's place), unless `still`.
 */
function cardFace(ctx, id, { tag = "div", cls = "", attrs = {}, from = [], still = false } = {}, ...extra) {
  const c = parse(id);
  const dataset = still ? attrs.dataset : { ...attrs.dataset, ...travels(id, from) };
  return h(tag, { class: `card bq-card c-${c.color} ${c.n >= 10 ? "two" : ""} ${cls}`, "aria-label": cardName(ctx, id), ...attrs, dataset },
    h("span", { class: "bq-corner", "aria-hidden": "true" }, h("span", {}, c.n), h("span", { class: "bq-csym" }, SYMBOL[c.color])),
    h("span", { class: "bq-num", "aria-hidden": "true" }, c.n),
    h("span", { class: "bq-sym", "aria-hidden": "true" }, SYMBOL[c.color]),
    h("span", { class: "bq-cname", "aria-hidden": "true" }, colorName(ctx, c.color)),
    ...extra);
}

/** A small card: one that travels (`moves`) is the card itself, the others only name it (the last trick's strip). */
function mini(ctx, id, cls = "", moves = false) {
  const c = parse(id);
  return h("span", { class: `bq-mini c-${c.color} ${cls}`, title: cardName(ctx, id), "aria-label": cardName(ctx, id),
                     dataset: moves ? travels(id) : null },
    h("span", { "aria-hidden": "true" }, SYMBOL[c.color], c.n));
}

function rankToken(value, cls = "", attrs = {}, tag = "span", mark = null) {
  return h(tag, { class: `bq-rank ${cls}`, ...attrs }, h("span", { class: "bq-rank-n" }, value), mark);
}

function symbolOf(ctx, color, long = true) {
  return h("span", { class: `bq-colorchip c-${color}` }, h("span", { "aria-hidden": "true" }, SYMBOL[color], " "),
    long ? ctx.t(`bq.Color.${color}`) : colorName(ctx, color));
}

function note(ctx, kind, text) {
  return h("li", { class: "bq-note" }, h("em", { class: "tag" }, ctx.t(`bq.tag.${kind}`)), " ", text);
}

// --- the table's parts --------------------------------------------------------------------------

function statusBar(view, ctx) {
  const over = view.phase === "game_over";
  return h("div", { class: "bq-status" },
    h("span", { class: "bq-st bq-round" }, ctx.t("bq.round", { n: view.round, of: view.rounds_total })),
    over ? null : h("span", { class: "bq-st" }, ctx.t("bq.trick", { n: view.trick_number, of: view.tricks_per_round })),
    h("span", { class: `bq-st bq-phase ph-${view.phase}` }, ctx.t(`bq.phase.${view.phase}`)),
    h("span", { class: "bq-st" }, ctx.t("bq.trump"), " ", symbolOf(ctx, "black")),
    over ? null : h("span", { class: `bq-st bq-leadslot ${view.lead_color ? "" : "none"}`, "aria-hidden": view.lead_color ? null : "true" },
      ctx.t("bq.lead"), " ", symbolOf(ctx, view.lead_color ?? "green", false)));
}

function seatStats(view, ctx, s) {
  const taken = view.rank_taken[s] ?? [];
  const bid = view.bids[s];
  return h("div", { class: "bq-stats" },
    h("span", { class: "bq-stat", title: ctx.t("bq.cardsN", { n: view.hand_sizes[s] }), "aria-label": ctx.t("bq.cardsN", { n: view.hand_sizes[s] }) },
      h("span", { class: "bq-backs", "aria-hidden": "true" }), h("b", {}, view.hand_sizes[s])),
    h("span", { class: "bq-stat" }, h("span", { class: "lbl" }, ctx.t("bq.bid")), " ",
      h("b", {}, bid === null || bid === undefined ? ctx.t("bq.noBid") : bid),
      taken.length > 1 ? h("span", { class: "bq-bidparts" }, taken.map((r) => rankToken(rankValue(r), "tiny"))) : null),
    h("span", { class: "bq-stat" }, h("span", { class: "lbl" }, ctx.t("bq.won")), " ", h("b", {}, view.tricks_won[s])),
    h("span", { class: "bq-stat bq-score" }, ctx.t("bq.pts", { n: view.scores[s] })));
}

function seatMarks(view, ctx, s) {
  const marks = [];
  if (view.dealer === s) marks.push(h("span", { class: "bq-mark dealer" }, ctx.t("bq.dealer")));
  if (view.leader === s && (view.phase === "salon" || view.phase === "ball")) marks.push(h("span", { class: "bq-mark leader" }, ctx.t("bq.leader")));
  return h("span", { class: "bq-marks" }, marks);
}

function seatPanel(view, ctx, s, mine = false) {
  const player = ctx.players.find((p) => p.seat === s) ?? { seat: s, name: null, presence: "away" };
  const acting = view.awaiting.includes(s) && view.phase !== "ball";
  const known = view.known_in_hand[s] ?? [];
  return h(mine ? "div" : "li", { class: `bq-seat seat-${s} ${acting ? "acting" : ""} ${mine ? "mine" : ""}`,
                                  "aria-current": acting ? "true" : null, dataset: { flipPlace: `seat-${s}` } },
    h("div", { class: "bq-seat-head" }, seatBadge(player, ctx), seatMarks(view, ctx, s)),
    seatStats(view, ctx, s),
    mine ? null : h("div", { class: "bq-known", title: ctx.t("bq.known") },
      known.length ? [h("span", { class: "lbl" }, ctx.t("bq.knownShort"), " "), known.map((c) => mini(ctx, c, "", true))] : "\u00a0"));
}

function opponents(view, ctx) {
  const order = ctx.around();
  const others = order.filter((s) => s !== ctx.seat);
  return h("ol", { class: `bq-opponents n${others.length}` }, others.map((s) => seatPanel(view, ctx, s)));
}

/** Whether the trick area shows the trick being played (else the last one resolved). */
const isLive = (view) => view.phase === "ball" || (view.phase === "salon" && view.salon.some((c) => c));

/** The cards in play: the live salon and ball, or else the last trick resolved, one place per seat. */
function trickArea(view, ctx, newView) {
  const live = isLive(view);
  const trick = view.last_trick;
  const order = ctx.around();
  let title;
  let places;
  let fresh = false;
  if (live) {
    title = ctx.t("bq.trickTitle", { n: view.trick_number, of: view.tricks_per_round });
    places = order.map((s) => livePlace(view, ctx, s));
  } else if (trick) {
    const key = `${trick.round}:${trick.number}`;
    const before = ctx.previous?.last_trick;
    fresh = Boolean(trick.ball && ctx.previous && newView && (!before || `${before.round}:${before.number}` !== key));
    title = trick.round === view.round ? ctx.t("bq.resultTitle", { n: trick.number })
      : ctx.t("bq.resultTitleRound", { r: trick.round, n: trick.number });
    places = order.map((s) => resultPlace(view, ctx, trick, s));
  } else {
    title = ctx.t("bq.trickTitle", { n: view.trick_number, of: view.tricks_per_round });
    places = order.map((s) => emptyPlace(view, ctx, s));
  }
  const verdict = trick ? verdictText(ctx, trick) : ctx.t("bq.noTrickYet");
  const switched = trick && !trick.by_trump && trick.lead_color !== trick.winning_color;
  return h("section", { class: `bq-trick ${live ? "live" : "result"}`, "aria-label": title },
    h("h3", {}, title),
    h("ol", { class: `bq-places n${view.seats}` }, places),
    h("div", { class: "bq-after" },
      live && trick ? lastStrip(ctx, trick, order) : null,
      h("p", { class: `bq-verdict ${live ? "small" : ""} ${fresh ? "fresh" : ""}` }, verdict),
      !live && switched ? h("ul", { class: "bq-notes felt" }, note(ctx, "interpretation", ctx.t("bq.note.winningColor"))) : null));
}

/** The trick before this one, small: who played what, who changed, who won. */
function lastStrip(ctx, trick, order) {
  return h("div", { class: "bq-laststrip" },
    h("span", { class: "lbl" }, ctx.t("bq.lastLabel", { n: trick.number })),
    order.map((s) => {
      const outcome = trick.ball?.find((o) => o.seat === s);
      const won = trick.winner === s;
      return h("span", { class: `bq-lastseat ${won ? "won" : ""}` },
        h("span", { class: `bq-pname seat-${s}` }, nameOf(ctx, s)),
        outcome?.outcome === "changed" ? [mini(ctx, outcome.returned, "struck"), h("span", { "aria-hidden": "true" }, "→")] : null,
        mini(ctx, trick.final[s], won ? "win" : ""),
        won ? h("span", { class: "bq-star", "aria-label": ctx.t("bq.wins") }, "★") : null);
    }));
}

/** Under a seat's card: "no green" where it could not follow the lead color, else an empty line. */
function voidRow(ctx, color) {
  return h("div", { class: "bq-voidrow" },
    color ? h("span", { class: "bq-void" }, SYMBOL[color], " ", ctx.t("bq.void", { color: colorName(ctx, color) })) : "\u00a0");
}

function placeHead(view, ctx, s, leader, extra = null) {
  return h("div", { class: "bq-place-head" },
    h("span", { class: `bq-pname seat-${s}` }, nameOf(ctx, s)),
    h("span", { class: "bq-place-tags" }, s === leader ? h("span", { class: "bq-mark leader" }, ctx.t("bq.leader")) : null, extra));
}

function livePlace(view, ctx, s) {
  const salon = view.salon[s];
  const turn = view.phase === "salon" && view.current_seat === s;
  let card;
  if (salon) card = cardFace(ctx, salon, { cls: s === view.leader ? "lead" : "", from: [`seat-${s}`] });
  else card = h("div", { class: `card bq-slot ${turn ? "turn" : ""}` }, turn ? h("span", {}, ctx.t("bq.playing")) : null);
  let ball = "\u00a0";
  if (view.phase === "ball") {
    const mineDecided = s === ctx.seat && view.my_decision;
    if (view.committed[s]) {
      ball = [h("span", { class: "bq-sealed", "aria-hidden": "true" }, h("span", { class: "tick" }, "✓")),
        h("span", {}, mineDecided ? (view.my_decision.choice === "keep" ? ctx.t("bq.mineKeep")
          : ctx.t("bq.mineChange", { card: cardName(ctx, view.my_decision.card) })) : ctx.t("bq.decided"))];
    } else {
      ball = [h("span", { class: "bq-sealed open", "aria-hidden": "true" }), h("span", { class: "muted-felt" }, ctx.t("bq.deciding"))];
    }
  }
  return h("li", { class: `bq-place seat-${s} ${turn ? "turn" : ""} ${s === ctx.seat ? "mine" : ""}` },
    placeHead(view, ctx, s, view.leader),
    card,
    h("div", { class: "bq-ballrow" }, ball),
    voidRow(ctx, view.void[s] && view.lead_color));
}

function resultPlace(view, ctx, trick, s) {
  const final = trick.final[s];
  const won = trick.winner === s;
  const outcome = trick.ball ? trick.ball.find((o) => o.seat === s) : null;
  let ball;
  if (!outcome) ball = h("span", { class: "muted-felt" }, ctx.t("bq.noBall"));
  else if (outcome.outcome === "kept") ball = h("span", {}, ctx.t("bq.kept"));
  else ball = h("span", { class: "bq-changed" }, ctx.t("bq.changed"), " ", mini(ctx, outcome.returned, "ret"), " ", ctx.t("bq.returnedShort"));
  return h("li", { class: `bq-place seat-${s} ${won ? "won" : ""} ${s === ctx.seat ? "mine" : ""}` },
    placeHead(view, ctx, s, trick.leader, won ? h("span", { class: "bq-mark win" }, "★ ", ctx.t("bq.wins")) : null),
    // A trick of an earlier round is only shown: its cards have been dealt again since.
    cardFace(ctx, final, { cls: won ? "winner" : "", from: [`seat-${s}`], still: trick.round !== view.round }),
    h("div", { class: "bq-ballrow" }, ball),
    voidRow(ctx, trick.void[s] && trick.lead_color));
}

function emptyPlace(view, ctx, s) {
  const turn = view.phase === "salon" && view.current_seat === s;
  return h("li", { class: `bq-place seat-${s} ${s === ctx.seat ? "mine" : ""} ${turn ? "turn" : ""}` },
    placeHead(view, ctx, s, view.phase === "salon" ? view.leader : null),
    h("div", { class: `card bq-slot ${turn ? "turn" : ""}` }, turn ? h("span", {}, ctx.t("bq.playing")) : null),
    h("div", { class: "bq-ballrow" }, "\u00a0"), voidRow(ctx, null));
}

/** The six rank cards where they lie: in the middle, in front of a bidder, or set aside. In your bid they are toggles. */
function rankRow(view, ctx, bid) {
  const bidding = legalOf(view, "take_rank").length > 0;
  const owner = (rank) => view.rank_taken.findIndex((taken) => taken.includes(rank));
  const tokens = RANK_IDS.map((rank) => {
    const value = rankValue(rank);
    const by = owner(rank);
    const free = view.rank_available.includes(rank);
    const aside = view.rank_set_aside.includes(rank);
    const caption = by >= 0 ? ctx.t("bq.rankTakenBy", { name: nameOf(ctx, by) })
      : aside ? ctx.t("bq.rankSetAside") : "\u00a0";
    const state = by >= 0 ? `taken seat-${by}` : aside ? "aside" : free ? "free" : "out";
    const label = `${ctx.t("bq.rank", { n: value })}: ${free ? ctx.t("bq.rankFree") : caption}`;
    const option = bid.option("ranks", rank, `rank-${value}`);
    const token = bidding
      ? rankToken(value, `${state} ${bid.isChosen("ranks", rank) ? "selected" : ""}`,
        { ...option, "aria-label": label, dataset: { ...option.dataset, rank } }, "button", bid.mark("ranks", rank))
      : rankToken(value, state, { "aria-label": label, role: "img" });
    return h("li", { class: "bq-rankcell" }, token, h("span", { class: "bq-rankcap" }, caption));
  });
  return h("section", { class: "bq-ranks", "aria-label": ctx.t("bq.rankCards") },
    h("h3", {}, ctx.t("bq.rankCards")), h("ol", { class: "bq-rankrow" }, tokens));
}

/** The cards the trick area shows now (they travel from there to the pile when the next trick begins). */
function inTrick(view) {
  if (isLive(view)) return view.salon.filter(Boolean);
  return view.last_trick?.round === view.round ? view.last_trick.final : [];
}

/** The discard pile, face up and sorted: all 30 places, the cards in it shown, the rest an outline. */
function discardPile(view, ctx, shown) {
  const pile = new Set(view.discard);
  return h("section", { class: "bq-discard", "aria-label": ctx.t("bq.discard") },
    h("h3", {}, ctx.t("bq.discard"), " ", h("span", { class: "count" }, ctx.t("bq.discardCount", { n: view.discard.length }))),
    h("div", { class: "bq-grid" }, COLORS.map((color) => h("div", { class: "bq-gridrow" },
      h("span", { class: `bq-gridlabel c-${color}`, title: ctx.t(`bq.Color.${color}`) }, h("span", { "aria-hidden": "true" }, SYMBOL[color]),
        h("span", { class: "sr" }, ctx.t(`bq.Color.${color}`))),
      Array.from({ length: 10 }, (_, i) => {
        const id = `${color}-${String(i + 1).padStart(2, "0")}`;
        return pile.has(id) ? mini(ctx, id, "in", !shown.includes(id)) : h("span", { class: "bq-mini out", "aria-hidden": "true" }, i + 1);
      })))));
}

function roundSummary(view, ctx) {
  const last = view.round_summaries[view.round_summaries.length - 1];
  if (!last || (view.phase !== "bidding" && view.phase !== "game_over")) return null;
  if (view.phase === "bidding" && last.round !== view.round - 1) return null;
  return h("section", { class: "bq-summary", "aria-label": ctx.t("bq.roundSummary", { n: last.round }) },
    h("h3", {}, ctx.t("bq.roundSummary", { n: last.round })),
    h("ul", {}, ctx.around().map((s) => h("li", { class: `seat-${s} ${last.bonuses[s] ? "exact" : ""}` },
      h("span", { class: "bq-pname" }, nameOf(ctx, s)),
      h("span", {}, ctx.t("bq.summaryLine", { bid: last.bids[s], won: last.tricks_won[s] })),
      h("span", { class: "bq-bonus" }, last.bonuses[s] ? "✓ +2 " : "✕ ",
        h("span", { class: "bq-bonus-word" }, ctx.t(last.bonuses[s] ? "bq.exact" : "bq.missed"))),
      h("b", {}, ctx.t("bq.pts", { n: last.scores[s] }))))));
}

function finalResult(view, ctx) {
  if (view.phase !== "game_over" || !view.outcome) return null;
  const scores = view.outcome.scores ?? view.scores;
  const winners = view.outcome.winners;
  const ranking = [...scores.keys()].sort((a, b) => scores[b] - scores[a] || a - b);
  return h("section", { class: "bq-final" },
    h("h3", {}, ctx.t("bq.final")),
    h("p", { class: "bq-final-line" }, resultLine(view, ctx)),
    h("ol", { class: "bq-ranking" }, ranking.map((s) => h("li", { class: `seat-${s} ${winners.includes(s) ? "top" : ""}` },
      h("span", { class: "bq-pname" }, nameOf(ctx, s)), h("b", {}, ctx.t("bq.pts", { n: scores[s] })),
      winners.includes(s) ? h("span", { class: "bq-mark win" }, "★ ", ctx.t("bq.winner")) : null))),
    winners.length > 1 ? h("ul", { class: "bq-notes felt" }, note(ctx, "house", ctx.t("bq.note.tie"))) : null);
}

function resultLine(view, ctx) {
  const winners = view.outcome.winners;
  const score = (view.outcome.scores ?? view.scores)[winners[0]];
  return ctx.t(winners.length > 1 ? "bq.p.shared" : "bq.p.win", { names: ctx.names(winners), score });
}

/** What you may do now: the confirm of a choice in several steps, and the rule notes that matter now. */
function controls(view, ctx, { bid: composer, ball }) {
  const parts = [];
  const notes = [];
  const mySalon = ctx.seat !== null && ctx.seat !== undefined ? view.salon[ctx.seat] : null;
  if (legalOf(view, "take_rank").length) {
    const bid = composer.action;
    const value = bid ? bid.ranks.reduce((sum, r) => sum + rankValue(r), 0) : null;
    parts.push(h("span", { class: "bq-ctl-text" }, ctx.t("bq.pickRanks")),
      composer.confirm(bid ? ctx.t("bq.confirmBid", { bid: value, ranks: ranksText(bid.ranks) }) : ctx.t("bq.confirmBidNone"),
        "primary bq-confirm"));
    notes.push(note(ctx, "interpretation", ctx.t("bq.note.wanted")));
    if (legalOf(view, "take_rank").some((a) => a.ranks.reduce((sum, r) => sum + rankValue(r), 0) > view.tricks_per_round)) {
      notes.push(note(ctx, "interpretation", ctx.t("bq.note.highBid", { h: view.tricks_per_round })));
    }
  } else if (view.phase === "ball" && view.legal.some((a) => a.type === "ball_keep")) {
    const keep = view.legal.find((a) => a.type === "ball_keep");
    const choice = ball.action;
    const changes = legalOf(view, "ball_change");
    const confirm = ball.confirm(!choice ? ctx.t("bq.chooseFirst")
      : choice.type === "ball_keep" ? ctx.t("bq.confirmKeep", { card: cardName(ctx, mySalon) })
      : ctx.t("bq.confirmChange", { card: cardName(ctx, choice.card) }), "primary kit-confirm bq-confirm");
    parts.push(h("span", { class: "bq-ctl-text" }, ctx.t("bq.yourChoice")),
      h("button", { ...ball.option("action", keep, "keep"), class: `bq-keep ${ball.isChosen("action", keep) ? "selected" : ""}` },
        h("span", { class: "bq-radio", "aria-hidden": "true" }), ctx.t("bq.keepOption", { card: cardName(ctx, mySalon) })),
      changes.length ? h("span", { class: "bq-ctl-hint" }, ctx.t("bq.keepHint")) : null,
      confirm);
    if (ctx.seat === view.leader) {
      notes.push(note(ctx, "interpretation", ctx.t("bq.note.leaderChange", { card: cardName(ctx, mySalon) })),
        note(ctx, "interpretation", ctx.t("bq.note.winningColor")));
    } else {
      notes.push(note(ctx, "interpretation", ctx.t(view.must_follow ? "bq.note.obliged" : "bq.note.free",
        { color: colorName(ctx, view.lead_color) })));
    }
    notes.push(note(ctx, "house", ctx.t("bq.note.final")), note(ctx, "interpretation", ctx.t("bq.note.keepNoCard")));
  } else if (view.phase === "ball" && view.my_decision) {
    const d = view.my_decision;
    parts.push(h("span", { class: "bq-ctl-text done" }, "✓ ", d.choice === "keep"
      ? ctx.t("bq.decidedKeep", { card: cardName(ctx, mySalon) }) : ctx.t("bq.decidedChange", { card: cardName(ctx, d.card) })));
  } else if (legalOf(view, "play_salon").length) {
    parts.push(h("span", { class: "bq-ctl-text" }, ctx.t("bq.tapToPlay")));
    if (view.must_follow === false) {
      notes.push(note(ctx, "interpretation", ctx.t("bq.note.void", { color: colorName(ctx, view.lead_color) })));
    }
  } else if (view.phase !== "game_over") {
    parts.push(h("span", { class: "bq-ctl-text muted-felt" }, ctx.seat === null || ctx.seat === undefined ? ctx.t("bq.watching") : ctx.t("bq.waitTurn")));
  }
  if (view.phase === "salon" && view.trick_number === view.tricks_per_round) {
    notes.push(note(ctx, "interpretation", ctx.t("bq.note.lastTrick")));
  }
  return { row: h("div", { class: "bq-controls" }, h("div", { class: "bq-ctl-row" }, parts)),
           notes: h("ul", { class: "bq-notes" }, notes) };
}

function handArea(view, ctx, ball) {
  if (!view.hand) return null;
  const plays = new Map(legalOf(view, "play_salon").map((a) => [a.card, a]));
  const changes = new Map(legalOf(view, "ball_change").map((a) => [a.card, a]));
  const choosing = plays.size > 0 || view.legal.some((a) => a.type === "ball_keep");
  const known = new Set(view.known_in_hand[ctx.seat] ?? []);
  const chosen = view.my_decision?.card;
  const cards = view.hand.map((id) => {
    const badges = [known.has(id) ? h("span", { class: "bq-badge" }, ctx.t("bq.knownShort")) : null,
      chosen === id ? h("span", { class: "bq-badge gold" }, ctx.t("bq.chosenBadge")) : null];
    if (plays.has(id)) {
      const action = plays.get(id);
      return cardFace(ctx, id, { tag: "button", cls: "legal", attrs: { type: "button", disabled: ctx.busy,
        dataset: { key: `hand-${id}`, card: id, action: JSON.stringify(action) }, onclick: () => ctx.send(action) } }, ...badges);
    }
    if (changes.has(id)) {
      const action = changes.get(id);
      const option = ball.option("action", action, `hand-${id}`);
      return cardFace(ctx, id, { tag: "button", cls: `legal toggle ${ball.isChosen("action", action) ? "selected" : ""}`,
        attrs: { ...option, dataset: { ...option.dataset, card: id } } }, ...badges, ball.mark("action", action));
    }
    if (choosing) {
      // Not playable now: the card says why (the lead color to follow, the leader's color or number).
      const would = plays.size ? { type: "play_salon", card: id } : { type: "ball_change", card: id };
      return cardFace(ctx, id, { tag: "button", attrs: { type: "button", ...whyNot(would), dataset: { key: `hand-${id}`, card: id } } }, ...badges);
    }
    return cardFace(ctx, id, { cls: `${chosen === id ? "marked" : ""}`, attrs: { dataset: { card: id } } }, ...badges);
  });
  return h("section", { class: "bq-hand", "aria-label": ctx.t("bq.yourHand") },
    h("div", { class: "hand" }, cards));
}

function myArea(view, ctx, chosen) {
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  if (view.phase === "game_over") return seated ? h("div", { class: "bq-me" }, seatPanel(view, ctx, ctx.seat, true)) : null;
  const { row, notes } = controls(view, ctx, chosen);
  if (!seated) return h("div", { class: "bq-me" }, row, notes);
  return h("div", { class: "bq-me" },
    seatPanel(view, ctx, ctx.seat, true),
    row,
    handArea(view, ctx, chosen.ball),
    notes);
}

function scoreboard(view, ctx) {
  const rounds = Array.from({ length: view.rounds_total }, (_, i) => i + 1);
  const summaries = Object.fromEntries(view.round_summaries.map((r) => [r.round, r]));
  const winners = view.outcome?.winners ?? [];
  return h("section", { class: "bq-scores", "aria-label": ctx.t("bq.scores") },
    h("h3", {}, ctx.t("bq.scores")),
    h("div", { class: "bq-scorewrap" }, h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("bq.player")),
        rounds.map((r) => h("th", { scope: "col", class: r === view.round && view.phase !== "game_over" ? "now" : null }, ctx.t("bq.roundCol", { n: r }))),
        h("th", { scope: "col" }, ctx.t("bq.total")))),
      h("tbody", {}, Array.from({ length: view.seats }, (_, s) => h("tr", { class: `seat-${s} ${s === ctx.seat ? "mine" : ""}` },
        h("th", { scope: "row" }, h("span", { class: "bq-pname" }, nameOf(ctx, s)), winners.includes(s) ? h("span", { class: "bq-star" }, " ★") : null),
        rounds.map((r) => {
          const sum = summaries[r];
          if (sum) {
            return h("td", { class: sum.bonuses[s] ? "exact" : null, title: ctx.t("bq.scoreCell", { won: sum.tricks_won[s], bid: sum.bids[s] }) },
              `${sum.tricks_won[s]}/${sum.bids[s]}`, sum.bonuses[s] ? h("span", { class: "bq-plus" }, " +2") : null);
          }
          if (r === view.round && view.phase !== "game_over") {
            const bid = view.bids[s];
            return h("td", { class: "now", title: ctx.t("bq.scoreCell", { won: view.tricks_won[s], bid: bid ?? "–" }) },
              `${view.tricks_won[s]}/${bid ?? "–"}`);
          }
          return h("td", {}, "");
        }),
        h("td", { class: "total" }, view.scores[s])))))),
    h("p", { class: "bq-legend" }, ctx.t("bq.scoreLegend")));
}

// --- the renderer's contract --------------------------------------------------------------------

const PARTS = Object.freeze(["status", "opponents", "final", "trick", "summary", "ranks", "discard", "me", "scores"]);

/** The table's fixed frame: one place per part, each redrawn only when its inputs change. */
function buildFrame() {
  const places = Object.fromEntries(PARTS.map((name) => [name, h("div", { class: `bq-part part-${name}`, dataset: { part: name } })]));
  return h("div", { class: "baroque" }, places.status, places.opponents,
    h("div", { class: "bq-center" },
      h("div", { class: "bq-play" }, places.final, places.trick),
      h("div", { class: "bq-piles" }, places.ranks, places.discard, places.summary)),
    places.me, places.scores);
}

/** Each part of the table with the inputs it is drawn from: same inputs, same nodes (no flash, no replayed glow). */
function parts(view, ctx, newView, chosen) {
  const table = [view.phase, view.round, view.trick_number, view.seats];
  return [
    ["status", [table, view.lead_color], () => statusBar(view, ctx)],
    ["opponents", [table, view.awaiting, view.dealer, view.leader, view.rank_taken, view.bids, view.hand_sizes,
      view.tricks_won, view.scores, view.known_in_hand], () => opponents(view, ctx)],
    ["final", [table, view.outcome], () => finalResult(view, ctx)],
    ["trick", [table, view.salon, view.current_seat, view.leader, view.committed, view.my_decision, view.void,
      view.lead_color, view.last_trick], () => trickArea(view, ctx, newView)],
    ["summary", [table, view.round_summaries.length], () => roundSummary(view, ctx)],
    ["ranks", [table, view.rank_available, view.rank_taken, view.rank_set_aside, view.legal, chosen.bid.chosen, ctx.busy],
      () => rankRow(view, ctx, chosen.bid)],
    ["discard", [view.discard, inTrick(view)], () => discardPile(view, ctx, inTrick(view))],
    ["me", [view, chosen.bid.chosen, chosen.ball.chosen, ctx.busy], () => myArea(view, ctx, chosen)],
    ["scores", [table, view.round_summaries.length, view.bids, view.tricks_won, view.scores, view.outcome],
      () => scoreboard(view, ctx)],
  ];
}

export function render(root, ctx) {
  const view = ctx.view;
  const table = kit(root, ctx);
  table.frame(buildFrame).className = `baroque n${view.seats} ph-${view.phase}`;
  for (const [name, inputs, draw] of parts(view, ctx, table.fresh, choices(table, view))) table.part(name, inputs, draw);
}

export function prompt(ctx) {
  const view = ctx.view;
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  if (view.phase === "game_over") return view.outcome ? resultLine(view, ctx) : ctx.t("bq.phase.game_over");
  if (view.phase === "bidding") {
    if (legalOf(view, "take_rank").length) return ctx.t("bq.p.bid");
    return ctx.t("bq.p.waitBid", { name: nameOf(ctx, view.current_seat) });
  }
  if (view.phase === "salon") {
    if (!legalOf(view, "play_salon").length) return ctx.t("bq.p.waitSalon", { name: nameOf(ctx, view.current_seat) });
    if (view.must_follow === null || view.must_follow === undefined) return ctx.t("bq.p.lead");
    return ctx.t(view.must_follow ? "bq.p.follow" : "bq.p.void", { color: colorName(ctx, view.lead_color) });
  }
  // the ball
  if (seated && view.legal.some((a) => a.type === "ball_keep")) {
    const mine = cardName(ctx, view.salon[ctx.seat]);
    const changes = legalOf(view, "ball_change");
    if (!changes.length) return ctx.t("bq.p.ballOnlyKeep");
    if (ctx.seat === view.leader) return ctx.t("bq.p.ballLeader", { card: mine });
    return ctx.t(view.must_follow ? "bq.p.ballObliged" : "bq.p.ballFree", { card: mine, color: colorName(ctx, view.lead_color) });
  }
  if (seated) return ctx.t("bq.p.ballWait", { names: ctx.names(view.awaiting) });
  return ctx.t("bq.p.ballWatch", { names: ctx.names(view.awaiting) });
}

export function describe(event, ctx) {
  const name = (s) => nameOf(ctx, s);
  const cards = (ids) => ids.map((id) => cardName(ctx, id)).join(ctx.t("bq.comma"));
  switch (event.kind) {
    case "rank_taken": return ctx.t("bq.log.rank_taken", { name: name(event.seat), ranks: ranksText(event.ranks), bid: event.bid });
    case "ranks_set_aside": return ctx.t("bq.log.ranks_set_aside", { ranks: event.ranks.map(rankValue).join(ctx.t("bq.comma")) });
    case "salon_played":
      return ctx.t(event.void ? "bq.log.salon_void" : "bq.log.salon_played", { name: name(event.seat), card: cardName(ctx, event.card) });
    case "ball_opened": return ctx.t("bq.log.ball_opened", { trick: event.trick });
    case "ball_committed": return ctx.t("bq.log.ball_committed", { name: name(event.seat) });
    case "ball_decided":
      return event.choice === "change" ? ctx.t("bq.log.ball_decided.change", { card: cardName(ctx, event.card) })
        : ctx.t("bq.log.ball_decided.keep");
    case "ball_revealed":
      return ctx.t("bq.log.ball_revealed", { outcomes: event.outcomes.map((o) => o.outcome === "changed"
        ? ctx.t("bq.log.changed", { name: name(o.seat), returned: cardName(ctx, o.returned), new: cardName(ctx, o.new) })
        : ctx.t("bq.log.kept", { name: name(o.seat) })).join(ctx.t("bq.comma")) });
    case "trick_won":
      return ctx.t("bq.log.trick_won", { name: name(event.winner), trick: event.trick, card: cardName(ctx, event.final[event.winner]) });
    case "round_scored":
      return ctx.t("bq.log.round_scored", { round: event.round, parts: event.scores.map((score, s) => ctx.t("bq.log.round_part", {
        name: name(s), bid: event.bids[s], won: event.tricks_won[s], bonus: event.bonuses[s] ? ctx.t("bq.log.bonus") : "", score,
      })).join(ctx.t("bq.comma")) });
    case "round_started":
      return ctx.t("bq.log.round_started", { round: event.round, name: name(event.dealer), cards: cards(event.discard) });
    case "game_ended":
      return ctx.t("bq.log.game_ended", { names: ctx.names(event.winners), score: event.scores[event.winners[0]] });
    default: return null;
  }
}
