// Bluebell at the table: season stacks in front of every player, two face-up piles in the middle,
// tokens in the stock, the reunion card, and the face-down Bluebells that decide the game.
import { h, fill, seatBadge, nameOf } from "../dom.js";
import { kit, flipMarks, whyNot } from "../kit.js";

const KANJI = Object.freeze({ spring: "春", summer: "夏", autumn: "秋", winter: "冬" });
const ENGLISH = Object.freeze({ spring: "Spring", summer: "Summer", autumn: "Autumn", winter: "Winter" });
const PILES = Object.freeze(["A", "B"]);

// --- small helpers --------------------------------------------------------------------------

const seasonOf = (card) => card.split("-")[0];
const numberOf = (card) => card.split("-")[1];
const cardName = (ctx, card) => ctx.t("bb.card", { season: ctx.t(`season.${seasonOf(card)}`), n: numberOf(card) });
const cardList = (ctx, cards) => cards.map((c) => cardName(ctx, c)).join(ctx.lang === "ja" ? "・" : ", ");
const tokens = (ctx, n) => ctx.t(n === 1 ? "bb.tokens.one" : "bb.tokens.many", { n });
const supplyList = (ctx, supplies) => supplies.map((n, seat) => `${nameOf(ctx, seat)} ${n}`).join(" · ");
const cardCount = (ctx, n) => ctx.t(n === 1 ? "bb.cards.one" : "bb.cards.many", { n });
const tag = (ctx, kind) => h("span", { class: `bb-rule-tag ${kind}` }, ctx.t(kind === "house" ? "bb.house" : "bb.interp"));

// Inline SVG: the season symbols are drawn, so they look the same on every device (no emoji font).
const NS = "http://www.w3.org/2000/svg";
function s(name, attrs = {}, ...children) {
  const el = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}
const rotations = (count, make) => Array.from({ length: count }, (_, i) => make(i * (360 / count)));
const DRAW = Object.freeze({
  spring: () => [
    ...rotations(5, (a) => s("ellipse", { cx: 12, cy: 6.6, rx: 3.3, ry: 4.8, transform: `rotate(${a} 12 12)`,
      fill: "#f6b3c9", stroke: "#c2537c", "stroke-width": 1 })),
    s("circle", { cx: 12, cy: 12, r: 2.6, fill: "#f4cf3d", stroke: "#b68a12", "stroke-width": 0.8 })],
  summer: () => [
    ...rotations(8, (a) => s("line", { x1: 12, y1: 1.8, x2: 12, y2: 4.8, transform: `rotate(${a} 12 12)`,
      stroke: "#d98a0b", "stroke-width": 2, "stroke-linecap": "round" })),
    s("circle", { cx: 12, cy: 12, r: 5.2, fill: "#f7b52c", stroke: "#b56d05", "stroke-width": 1 })],
  autumn: () => [
    s("path", { d: "M12 1.8 C17.8 5.5 20.4 12 12 21.5 C3.6 12 6.2 5.5 12 1.8 Z", fill: "#dd7a2e", stroke: "#86400f", "stroke-width": 1 }),
    s("path", { d: "M12 4.5 V23 M12 10 L8.2 7.2 M12 10 L15.8 7.2 M12 14.2 L7.4 11.2 M12 14.2 L16.6 11.2",
      stroke: "#86400f", "stroke-width": 1, fill: "none", "stroke-linecap": "round" })],
  winter: () => rotations(3, (a) => s("path", {
    d: "M12 1.5 V22.5 M12 5 L9.4 2.8 M12 5 L14.6 2.8 M12 19 L9.4 21.2 M12 19 L14.6 21.2",
    transform: `rotate(${a} 12 12)`, stroke: "#2f6f9f", "stroke-width": 1.7, fill: "none", "stroke-linecap": "round" })),
  reunion: () => [
    s("circle", { cx: 9, cy: 12, r: 5.6, fill: "none", stroke: "#c0392b", "stroke-width": 2.2 }),
    s("circle", { cx: 15, cy: 12, r: 5.6, fill: "none", stroke: "#b88a1b", "stroke-width": 2.2 })],
  bluebell: () => [
    s("path", { d: "M4 3.5 C9 2.5 13 4 14.5 7.5", stroke: "#3e7d3a", "stroke-width": 1.4, fill: "none", "stroke-linecap": "round" }),
    s("path", { d: "M11 8.5 Q11 6.8 14.5 6.8 Q18 6.8 18 8.5 L18.4 14 Q19 16.6 21 18.2 L18.6 17.4 L17 19 L14.5 17.6 L12 19 L10.4 17.4 L8 18.2 Q10 16.6 10.6 14 Z",
      fill: "#6f86e8", stroke: "#2b3c9a", "stroke-width": 1, "stroke-linejoin": "round" })],
});
function icon(kind, cls = "") {
  return s("svg", { viewBox: "0 0 24 24", class: `bb-icon ${cls}`, "aria-hidden": "true", focusable: "false" }, ...DRAW[kind]());
}

/** The marks of a card in play: it travels between hand, stack, pile and Bluebell; `from`: where it was unseen. */
const travels = (card, from = []) => flipMarks(`card-${card}`, { from, face: true });

/** A season fairy card: the number in the corner, the drawn symbol, 春/夏/秋/冬 and the English name; `marks` for motion. */
function seasonCard(ctx, card, { size = "md", tag = "div", cls = "", attrs = {}, extra = [], marks = null } = {}) {
  const season = seasonOf(card);
  return h(tag, { class: `bb-card face s-${season} ${size} ${cls}`, "aria-label": cardName(ctx, card), title: cardName(ctx, card), ...attrs,
                  dataset: { ...attrs.dataset, ...marks } },
    h("span", { class: "corner", "aria-hidden": "true" }, KANJI[season], h("small", {}, numberOf(card))),
    icon(season),
    h("span", { class: "kanji", "aria-hidden": "true" }, KANJI[season]),
    h("span", { class: "word", "aria-hidden": "true" }, ENGLISH[season]),
    extra);
}
const cardBack = (ctx, size = "sm", cls = "") =>
  h("div", { class: `bb-card back ${size} ${cls}`, "aria-label": ctx.t("bb.cardBack"), title: ctx.t("bb.cardBack") });
// The one reunion card: it travels between the middle and whoever holds it.
const reunionCard = (ctx, size = "md", cls = "") =>
  h("div", { class: `bb-card reunion ${size} ${cls}`, "aria-label": ctx.t("bb.reunionCard"), title: ctx.t("bb.reunionCard"), dataset: flipMarks("reunion") },
    icon("reunion"), h("span", { class: "kanji", "aria-hidden": "true" }, "再会"), h("span", { class: "word", "aria-hidden": "true" }, "Reunion"));

function coins(ctx, n, label, cls = "") {
  const shown = Math.min(n, 6);
  return h("span", { class: `bb-coins ${cls}`, "aria-label": `${label} ${tokens(ctx, n)}`, title: `${label}: ${tokens(ctx, n)}` },
    h("span", { class: "coin-label", "aria-hidden": "true" }, label),
    h("span", { class: "coin-row", "aria-hidden": "true" },
      n === 0 ? h("span", { class: "coin none" }) : Array.from({ length: shown }, () => h("span", { class: "coin" }))),
    h("b", { "aria-hidden": "true" }, n));
}

// --- reading the view -----------------------------------------------------------------------

const me = (view, ctx) => (ctx.seat === null ? null : view.players[ctx.seat]);
const myTurn = (view, ctx) => ctx.seat !== null && view.legal.length > 0;
const legalOf = (view, pred) => view.legal.filter(pred);
// What the rules make of placing or discarding a hand card, sent to the seat due to act (view.choices).
const choiceOf = (view, card) => view.choices?.[card] ?? null;
const toWin = (ctx) => ctx.catalog.bluebells_to_win;

/** What a turn did, in words: "placed Autumn 2, put 1 token from the stock on it, took Summer 5 from pile B".
 *  A turn record leaves out what the turn did not do (no discard, nothing returned…). */
function turnParts(ctx, turn) {
  const parts = [];
  if (turn.placed) parts.push(ctx.t("t.placed", { card: cardName(ctx, turn.placed) }));
  if (turn.collected) parts.push(ctx.t("t.collected", { tokens: tokens(ctx, turn.collected) }));
  if (turn.returned) parts.push(ctx.t("t.returned", { cards: cardList(ctx, turn.returned), pile: turn.return_pile }));
  if (turn.banked) parts.push(ctx.t("t.banked", { tokens: tokens(ctx, turn.banked) }));
  if (turn.discarded) parts.push(ctx.t("t.discarded", { card: cardName(ctx, turn.discarded), pile: turn.discard_pile }));
  if (turn.penalty && !turn.ended_round) parts.push(ctx.t("t.paid"));
  if (turn.ended_round) parts.push(ctx.t("t.ended"));
  if (turn.drew) parts.push(ctx.t("t.drew", { card: cardName(ctx, turn.drew), pile: turn.draw_pile }));
  if (turn.reunion) parts.push(ctx.t("t.reunion", { a: cardName(ctx, turn.reunion[0]), b: cardName(ctx, turn.reunion[1]) }));
  return parts.join(ctx.t("t.join"));
}
const turnLine = (ctx, turn) => ctx.t("t.line", { name: nameOf(ctx, turn.seat), parts: turnParts(ctx, turn) });

/** A finished round in words: who ended it, every supply, the winner (or the tie), the gift. */
function roundSummary(view, ctx, result) {
  const gift = result.winner === null ? null
    : view.players[result.winner].bluebells.find((b) => b.round === result.round);
  return h("span", { class: "bb-summary" },
    h("strong", {}, ctx.t("round.summary", { round: result.round, ender: nameOf(ctx, result.ender) })), " ",
    h("span", { class: "bb-supplies", "aria-label": ctx.t("bb.supply") },
      h("span", { class: "coin-label" }, ctx.t("bb.supply")),
      result.supplies.map((n, seat) => h("span", { class: `bb-supply-chip seat-${seat} ${result.winner === seat ? "winner" : ""}` },
        nameOf(ctx, seat), " ", h("b", {}, n), result.winner === seat ? " ★" : ""))), " ",
    h("span", {}, result.winner === null ? ctx.t("round.tie") : ctx.t("round.winner", { name: nameOf(ctx, result.winner) }),
      " ", tag(ctx, "interp"), " ", ctx.t("round.autumnNote")),
    gift ? [" ", h("span", {}, ctx.t("round.gave", { chooser: nameOf(ctx, gift.chooser), name: nameOf(ctx, result.winner) }))] : null);
}

// --- the choices -----------------------------------------------------------------------------

// A turn is chosen in two parts: a hand card, then one of its moves (place, place and return a
// stack, discard on A or B, with or without a reunion), each move its own button that sends it; the
// Bluebell gift is one give_bluebell action a card, chosen, then confirmed. Both are the kit's composer.
const CARD_STEPS = Object.freeze([{ name: "card", of: (a) => a.card_id }]);

// A hand card that may not be chosen now (another's turn, the draw to make) says why not as a placement.
const wouldPlace = (step, card) => ({ type: "place", card_id: card, return_pile: null });

const choices = (table, view) => ({
  move: table.composer("move", { actions: legalOf(view, (a) => a.type === "place" || a.type === "discard"), steps: CARD_STEPS,
                                 disableClosed: true, would: wouldPlace }),
  gift: table.choice("gift", legalOf(view, (a) => a.type === "give_bluebell")),
});

// --- the table ------------------------------------------------------------------------------

function header(view, ctx) {
  const cycle = ["winter", "spring", "summer", "summer", "autumn", "winter"];
  return h("div", { class: "bb-head" },
    h("span", { class: "bb-round" }, ctx.t("bb.round", { n: view.round })),
    h("span", { class: "bb-startp" }, ctx.t("bb.start"), ": ", h("strong", {}, nameOf(ctx, view.start)),
      view.round === 1 ? [" ", tag(ctx, "house")] : null),
    h("span", { class: "bb-goal" }, icon("bluebell", "inline"), ctx.t("bb.toWin")),
    h("span", { class: "bb-cycle", title: ctx.t("bb.orderNote") },
      h("span", { class: "sr" }, ctx.t("bb.order"), ": "),
      cycle.map((season, i) => [
        h("span", { class: `bb-chip s-${season} ${i === 3 ? "optional" : ""}`, title: ctx.t(`season.${season}`) },
          icon(season), KANJI[season]),
        i < cycle.length - 1 ? h("span", { class: "arrow", "aria-hidden": "true" }, "→") : null])));
}

function stackView(ctx, player, size) {
  const seat = player.seat;
  if (!player.stack.length) {
    return h("div", { class: `bb-stack empty ${size}` }, h("span", { class: "bb-empty-slot" }, ctx.t("bb.emptyStack")));
  }
  return h("div", { class: `bb-stack ${size}`, role: "list", "aria-label": ctx.t("bb.stack") },
    player.stack.map((card, i) => {
      const top = i === player.stack.length - 1;
      const onIt = seasonOf(card) === "autumn" && player.autumn_tokens > 0
        ? h("span", { class: "bb-on-autumn", title: `${ctx.t("bb.onAutumn")}: ${tokens(ctx, player.autumn_tokens)}` },
          Array.from({ length: Math.min(player.autumn_tokens, 4) }, () => h("span", { class: "coin" })),
          h("b", {}, player.autumn_tokens))
        : null;
      return seasonCard(ctx, card, { size, cls: top ? "top" : "", attrs: { role: "listitem" }, extra: onIt, marks: travels(card, [`hand-${seat}`]) });
    }));
}

function bluebellSlots(view, ctx, player) {
  const slots = [];
  for (let i = 0; i < toWin(ctx); i++) {
    const bell = player.bluebells[i];
    if (!bell) { slots.push(h("span", { class: "bb-bell-slot", "aria-hidden": "true" })); continue; }
    const title = ctx.t("bb.bluebellFrom", { name: nameOf(ctx, bell.chooser), round: bell.round });
    // A Bluebell comes from the card given, for whoever saw which it was; at the end it turns over in its slot.
    const marks = flipMarks(`bell-${player.seat}-${i}`, { from: bell.card ? [`card-${bell.card}`] : [], face: view.phase === "game_over" });
    if (bell.card && view.phase === "game_over") {
      slots.push(seasonCard(ctx, bell.card, { size: "xs", cls: "bb-bell-face", attrs: { title }, marks }));
    } else {
      slots.push(h("span", { class: "bb-bell", title, "aria-label": title, dataset: marks }, icon("bluebell"),
        bell.card ? h("span", { class: `bb-bell-known s-${seasonOf(bell.card)}`, title: `${ctx.t("bb.youGave")}: ${cardName(ctx, bell.card)}` },
          KANJI[seasonOf(bell.card)], numberOf(bell.card)) : null));
    }
  }
  return h("span", { class: "bb-bells", "aria-label": `${ctx.t("bb.bluebells")} ${player.bluebell_count}/${toWin(ctx)}` },
    h("span", { class: "coin-label", "aria-hidden": "true" }, ctx.t("bb.bluebells")), slots,
    h("b", { "aria-hidden": "true" }, `${player.bluebell_count}/${toWin(ctx)}`));
}

function seatTags(view, ctx, seat) {
  const tags = [];
  if (view.phase === "bluebell_choice" && view.active === seat) tags.push(h("span", { class: "tag bb-turn" }, ctx.t("bb.choosing")));
  else if (view.active === seat && view.phase !== "game_over") tags.push(h("span", { class: "tag bb-turn" }, ctx.t("bb.turn")));
  if (view.start === seat) tags.push(h("span", { class: "tag bb-start-tag" }, ctx.t("bb.startTag")));
  return tags;
}

function lastTurnLine(view, ctx, seat) {
  const turn = [...view.recent].reverse().find((t) => t.seat === seat);
  const text = turn ? turnParts(ctx, turn) : null;
  return h("p", { class: "bb-last", title: text }, text ?? h("span", { class: "dim" }, ctx.t("bb.noTurnYet")));
}

function opponent(view, ctx, seat) {
  const p = view.players[seat];
  const player = ctx.players.find((x) => x.seat === seat);
  const active = view.active === seat && view.phase !== "game_over";
  return h("section", { class: `bb-seat seat-${seat} ${active ? "active" : ""} ${view.winner === seat ? "winner" : ""}`,
    "aria-label": nameOf(ctx, seat), dataset: { seat, supply: p.supply } },
    h("div", { class: "bb-seat-top" }, seatBadge(player, ctx), seatTags(view, ctx, seat),
      p.holds_reunion ? reunionCard(ctx, "xs", "held") : null),
    h("div", { class: "bb-seat-mid" },
      h("div", { class: "bb-zone stack-zone" }, h("span", { class: "zone-label" }, ctx.t("bb.stack")), stackView(ctx, p, "sm")),
      h("div", { class: "bb-zone hand-zone" }, h("span", { class: "zone-label" }, ctx.t("bb.hand")),
        h("div", { class: "bb-opp-hand", dataset: { flipPlace: `hand-${seat}` } }, p.hand.map((card) => card
          ? seasonCard(ctx, card, { size: "sm", cls: "known", attrs: { title: ctx.t("bb.knownTitle") }, marks: travels(card, [`hand-${seat}`]) })
          : cardBack(ctx, "sm"))))),
    h("div", { class: "bb-seat-low" },
      coins(ctx, p.supply, ctx.t("bb.supply"), "supply"),
      bluebellSlots(view, ctx, p)),
    lastTurnLine(view, ctx, seat));
}

function pileView(view, ctx, pile, selected) {
  const data = view.piles[pile];
  const below = data.cards.slice(0, -1).reverse(); // top first: the next cards to come up
  const drawAction = legalOf(view, (a) => a.type === "draw" && a.pile === pile && !a.reunion)[0];
  const discardTarget = selected && legalOf(view, (a) => a.type === "discard" && a.card_id === selected && a.pile === pile).length;
  const returnTarget = selected && legalOf(view, (a) => a.type === "place" && a.card_id === selected && a.return_pile === pile).length;
  // A card that comes up from below (or unseen) turns over on the pile.
  const marks = data.top ? travels(data.top, [`pile-${pile}`]) : null;
  let top;
  if (!data.top) {
    top = h("div", { class: "bb-card md empty-space" }, h("span", {}, ctx.t("bb.emptySpace")));
  } else if (drawAction) {
    top = seasonCard(ctx, data.top, { size: "md", tag: "button", cls: "drawable", marks,
      attrs: { type: "button", disabled: ctx.busy, dataset: { action: JSON.stringify(drawAction), effect: "draw", key: `draw-${pile}` },
               "aria-label": ctx.t("act.draw", { card: cardName(ctx, data.top), pile }), onclick: () => ctx.send(drawAction) } });
  } else {
    top = seasonCard(ctx, data.top, { size: "md", marks });
  }
  return h("section", { class: `bb-pile ${discardTarget || returnTarget || drawAction ? "target" : ""}`, "aria-label": ctx.t("bb.pile", { pile }) },
    h("h3", {}, ctx.t("bb.pile", { pile }), h("span", { class: "count" }, cardCount(ctx, data.size))),
    h("div", { class: `bb-pile-top depth-${Math.min(3, Math.max(0, data.size - 1))}`, dataset: { flipPlace: `pile-${pile}` } }, top),
    h("div", { class: "bb-seen", "aria-label": ctx.t("bb.seenBelow"), title: ctx.t("bb.seenBelow") },
      below.length || data.hidden ? h("span", { class: "seen-label" }, ctx.t("bb.below")) : null,
      below.map((card) => h("span", { class: `bb-chip s-${seasonOf(card)}`, title: cardName(ctx, card) }, icon(seasonOf(card)), KANJI[seasonOf(card)], h("small", {}, numberOf(card)))),
      data.hidden ? h("span", { class: "bb-chip hidden", title: ctx.t("bb.unseen", { n: data.hidden }) }, ctx.t("bb.unseen", { n: data.hidden })) : null,
      !below.length && !data.hidden ? h("span", { class: "dim" }, ctx.t("bb.noneBelow")) : null));
}

function middle(view, ctx) {
  const holder = view.reunion_holder;
  return h("div", { class: "bb-middle" },
    h("div", { class: "bb-stock" }, h("h3", {}, ctx.t("bb.stock")),
      h("div", { class: "bb-stock-coins coin-row", "aria-label": `${ctx.t("bb.stock")} ${tokens(ctx, view.stock)}` },
        view.stock ? Array.from({ length: Math.min(view.stock, 8) }, () => h("span", { class: "coin" })) : h("span", { class: "coin none" })),
      h("b", { class: "bb-stock-n" }, view.stock)),
    h("div", { class: "bb-reunion-spot" },
      holder === null ? reunionCard(ctx, "md") : h("div", { class: "bb-card md empty-space reunion-gone" }, h("span", {}, ctx.t("bb.reunion"))),
      h("span", { class: "bb-reunion-where" }, holder === null ? ctx.t("bb.reunionCentre") : ctx.t("bb.reunionHeldBy", { name: nameOf(ctx, holder) }))));
}

function news(view, ctx) {
  const lines = [];
  let cls = "";
  const last = view.results.at(-1);
  if (view.phase === "game_over") {
    cls = "over";
    lines.push(h("strong", {}, view.winner === ctx.seat ? ctx.t("over.you") : ctx.t("over.title", { name: nameOf(ctx, view.winner) })));
    if (last) lines.push(" ", roundSummary(view, ctx, last));
  } else if (view.phase === "bluebell_choice") {
    cls = "round-end";
    lines.push(h("span", { class: "bb-sealed waiting", "aria-hidden": "true" }, h("span", { class: "bb-bell-slot" }), h("small", {}, ctx.t("bb.choosing"))),
      roundSummary(view, ctx, last), " ",
      h("strong", { class: "bb-next" }, icon("bluebell", "inline"), view.round_ender === ctx.seat
        ? ctx.t("news.youChoosing", { winner: nameOf(ctx, view.round_winner) })
        : ctx.t("news.choosing", { ender: nameOf(ctx, view.round_ender), winner: nameOf(ctx, view.round_winner) })));
  } else if (view.recent.length) {
    const turn = view.recent.at(-1);
    if (turn.reunion) { cls = "reunion"; lines.push(h("strong", {}, ctx.t("news.reunion"), " ")); }
    else if (turn.penalty) cls = "penalty";
    lines.push(h("span", {}, turnLine(ctx, turn)));
  } else if (last) {
    cls = "round-end";
    if (last.winner !== null) {
      lines.push(h("span", { class: "bb-sealed", "aria-hidden": "true" },
        h("span", { class: "bb-bell" }, icon("bluebell"), h("span", { class: "bb-tick" }, "✓")), h("small", {}, ctx.t("bb.given"))));
    }
    lines.push(h("strong", { class: "bb-next" }, ctx.t("news.roundStart", { round: view.round, name: nameOf(ctx, view.start) })), " ",
      roundSummary(view, ctx, last));
  } else {
    lines.push(h("span", {}, ctx.t("news.round1", { name: nameOf(ctx, view.start) })));
  }
  return h("div", { class: `bb-news ${cls}` }, lines);
}

// --- my place at the table: stack, tokens, hand, and the controls ------------------------------

function myArea(view, ctx, { move, gift }) {
  const p = me(view, ctx);
  const seat = ctx.seat;
  const player = ctx.players.find((x) => x.seat === seat);
  const active = view.active === seat && view.phase !== "game_over";
  const selectable = view.phase === "action" && myTurn(view, ctx);
  const placeable = new Set(legalOf(view, (a) => a.type === "place").map((a) => a.card_id));
  const hand = view.hand.map((c) => {
    const picked = move.isChosen("card", c.card);
    const option = move.option("card", c.card, `hand-${c.card}`);
    return seasonCard(ctx, c.card, {
      size: "lg", tag: "button",
      cls: `${picked ? "selected" : ""} ${selectable ? "pickable" : ""}`, marks: travels(c.card),
      attrs: {
        ...option, "aria-pressed": selectable ? String(picked) : null, dataset: { ...option.dataset, offer: "card" },
        "aria-label": [cardName(ctx, c.card), c.known ? ctx.t("bb.known") : null, placeable.has(c.card) ? ctx.t("bb.canPlace") : null].filter(Boolean).join(", "),
      },
      extra: [picked ? h("span", { class: "bb-badge tick", "aria-hidden": "true" }, "✓") : null,
        c.known ? h("span", { class: "bb-badge known", title: ctx.t("bb.knownTitle") }, ctx.t("bb.known")) : null,
        placeable.has(c.card) ? h("span", { class: "bb-badge place" }, "↑ ", ctx.t("bb.canPlace")) : null],
    });
  });
  return h("section", { class: `bb-me seat-${seat} ${active ? "active" : ""} ${view.winner === seat ? "winner" : ""}`,
    "aria-label": ctx.t("bb.yourHand"), dataset: { seat, supply: p.supply } },
    h("div", { class: "bb-seat-top" }, seatBadge(player, ctx), seatTags(view, ctx, seat),
      p.holds_reunion ? h("span", { class: "bb-holds" }, reunionCard(ctx, "xs", "held"), h("span", { class: "holds-text" }, ctx.t("bb.holdsReunion"))) : null),
    h("div", { class: "bb-zone stack-zone" }, h("span", { class: "zone-label" }, ctx.t("bb.yourStack")),
      stackView(ctx, p, "md")),
    h("div", { class: "bb-zone hand-zone mine" }, h("span", { class: "zone-label" }, ctx.t("bb.yourHand")),
      h("div", { class: "bb-hand" }, hand)),
    h("div", { class: "bb-zone token-zone" },
      coins(ctx, p.supply, ctx.t("bb.supply"), `supply ${p.supply === 0 ? "broke" : ""}`),
      coins(ctx, p.autumn_tokens, ctx.t("bb.onAutumn"), "autumn"),
      bluebellSlots(view, ctx, p)),
    h("div", { class: "bb-me-notes" },
      !p.stack.length && (view.phase === "action" || view.phase === "draw")
        ? h("p", { class: "bb-note" }, ctx.t("bb.firstFree"), " ", tag(ctx, "interp")) : null,
      p.autumn_tokens ? h("p", { class: "bb-note" }, ctx.t("bb.onAutumnNote"), " ", tag(ctx, "interp")) : null),
    view.phase === "bluebell_choice" && view.in_play ? giftChooser(view, ctx, gift) : actionBar(view, ctx, p, move.chosen.card));
}

/** One control that sends exactly one legal action; data-effect names what it costs or gains. */
function actionButton(ctx, action, main, effect, notes = [], cls = "") {
  return h("button", { type: "button", class: `bb-act ${cls}`, disabled: ctx.busy,
    dataset: { action: JSON.stringify(action), effect, key: `act-${JSON.stringify(action)}`, ...(action.reunion ? { reunion: "true" } : {}) },
    onclick: () => { ctx.send(action); } },
  h("span", { class: "act-main" }, main),
  notes.length ? h("span", { class: "act-note" }, notes) : null);
}
/** A move not open now, with its reason in a few words; `would`, the action it stands for, says why not in full. */
const dimmed = (main, why, key, would = null) => h("button", { type: "button", class: "bb-act", ...whyNot(would), dataset: { key } },
  h("span", { class: "act-main" }, main), why ? h("span", { class: "act-note" }, why) : null);
const join = (parts) => parts.flatMap((part, i) => (i ? ["; ", part] : [part]));

function placeControls(view, ctx, p, card) {
  const actions = legalOf(view, (a) => a.type === "place" && a.card_id === card);
  if (!actions.length) {
    const blocked = choiceOf(view, card)?.blocked;
    let why = ctx.t("why.blocked");
    const notes = [];
    if (blocked?.reason === "wrong_predecessor") why = ctx.t("why.wrong_predecessor", { season: ctx.t(`season.${seasonOf(card)}`), top: ctx.t(`season.${seasonOf(p.stack.at(-1))}`) });
    if (blocked?.reason === "summer_limit") { why = ctx.t("why.summer_limit"); notes.push(" ", tag(ctx, "interp")); }
    if (blocked?.reason === "spring_blocked") { why = ctx.t("why.spring_blocked", { name: nameOf(ctx, blocked.seat) }); notes.push(" ", tag(ctx, "interp")); }
    return [dimmed(ctx.t("act.place", { card: cardName(ctx, card) }), [why, ...notes], "place-dim", { type: "place", card_id: card, return_pile: null })];
  }
  const choice = choiceOf(view, card);
  return actions.map((action) => {
    const season = seasonOf(card);
    const notes = [];
    let effect = "place";
    if (season === "autumn") {
      effect = "autumn";
      if (choice.collects === 0) notes.push([ctx.t("fx.autumnNone")]);
      else if (p.holds_reunion) notes.push([ctx.t("fx.autumnAll", { n: choice.collects }), " ", tag(ctx, "interp")]);
      else notes.push([ctx.t("fx.autumnOne")]);
    }
    if (action.return_pile) {
      effect = "winter";
      if (choice.banks) notes.push([ctx.t("fx.bank", { tokens: tokens(ctx, choice.banks) }), " ", tag(ctx, "interp")]);
      if (!view.piles[action.return_pile].size) notes.push([ctx.t("fx.returnAny"), " ", tag(ctx, "interp")]);
    }
    notes.push([ctx.t("fx.thenDraw")]);
    const main = action.return_pile ? ctx.t("act.placeReturn", { card: cardName(ctx, card), pile: action.return_pile })
      : ctx.t("act.place", { card: cardName(ctx, card) });
    return actionButton(ctx, action, main, effect, join(notes), "place");
  });
}

function discardControls(view, ctx, p, card, pile, reunion) {
  const action = legalOf(view, (a) => a.type === "discard" && a.card_id === card && a.pile === pile && a.reunion === reunion)[0];
  if (!action) return null;
  const top = view.piles[pile].top;
  const other = pile === "A" ? "B" : "A";
  // The cost (free, penalty, ends_round) and the card the forced draw brings, as the rules judge them.
  const { cost, draws: drawn } = choiceOf(view, card).discard[pile];
  const notes = [];
  let effect = "free";
  if (cost === "free") notes.push(top ? [ctx.t("fx.free", { top: cardName(ctx, top) })] : [ctx.t("fx.freeEmpty")]);
  else if (cost === "penalty") { effect = "penalty"; notes.push([ctx.t("fx.penalty", { top: cardName(ctx, top) })]); }
  else { effect = "ends-round"; notes.push([ctx.t("fx.endsRound", { top: cardName(ctx, top) }), " ", tag(ctx, "interp")]); }
  if (drawn) notes.push([ctx.t("fx.forcedDraw", { card: cardName(ctx, drawn), pile: other })]);
  let main = ctx.t("act.discard", { card: cardName(ctx, card), pile });
  let cls = `discard ${effect}`;
  if (reunion) {
    const kept = view.hand.find((c) => c.card !== card).card;
    main = ctx.t("act.withReunion", { action: main });
    notes.push([ctx.t("fx.reunion", { a: cardName(ctx, kept), b: cardName(ctx, drawn) }), " ", tag(ctx, "interp")]);
    cls += " reunion";
  }
  return actionButton(ctx, action, main, effect, join(notes), cls);
}

function reunionNote(view, ctx, p, any, would) {
  if (any) return h("p", { class: "bb-note reunion-note" }, ctx.t("fx.reunionNow"), " ", tag(ctx, "interp"));
  return dimmed(ctx.t("act.reunion"), p.holds_reunion ? ctx.t("why.holdReunion") : ctx.t("why.reunionNeed"), "reunion-dim", would);
}

/** The moves of a turn, dimmed: no card chosen yet, or not this seat's turn. */
const idleRows = (ctx) => [dimmed(ctx.t("act.placeGeneric"), null, "place-dim"),
  ...PILES.map((pile) => dimmed(ctx.t("act.discardGeneric", { pile }), null, `discard-dim-${pile}`)),
  dimmed(ctx.t("act.reunion"), null, "reunion-dim")];

function actionBar(view, ctx, p, card) {
  const turn = myTurn(view, ctx);
  let rows = [];
  let hint = null;
  if (view.phase === "game_over") {
    return h("div", { class: "bb-actions over" });
  }
  if (view.phase === "draw" && turn) {
    const draws = PILES.map((pile) => {
      const action = legalOf(view, (a) => a.type === "draw" && a.pile === pile && !a.reunion)[0];
      const top = view.piles[pile].top;
      if (!action) return dimmed(ctx.t("act.drawGeneric", { pile }), ctx.t("why.pileEmpty"), `draw-dim-${pile}`, { type: "draw", pile, reunion: false });
      return actionButton(ctx, action, ctx.t("act.draw", { card: cardName(ctx, top), pile }), "draw",
        [ctx.t("fx.public"), " ", tag(ctx, "interp")], "draw");
    });
    const reunions = legalOf(view, (a) => a.type === "draw" && a.reunion).map((action) => {
      const top = view.piles[action.pile].top;
      return actionButton(ctx, action, ctx.t("act.withReunion", { action: ctx.t("act.draw", { card: cardName(ctx, top), pile: action.pile }) }),
        "draw", [ctx.t("fx.reunion", { a: cardName(ctx, view.hand[0].card), b: cardName(ctx, top) })], "draw reunion");
    });
    const fullPile = PILES.find((pile) => view.piles[pile].size) ?? PILES[0];
    rows = [...draws, ...reunions, reunionNote(view, ctx, p, reunions.length, { type: "draw", pile: fullPile, reunion: true })];
    hint = ctx.t("act.drawHint");
  } else if (view.phase === "action" && turn) {
    if (!card) {
      hint = ctx.t("act.pickFirst");
      rows = idleRows(ctx);
    } else {
      hint = ctx.t("act.selected", { card: cardName(ctx, card) });
      const discards = PILES.map((pile) => discardControls(view, ctx, p, card, pile, false)
        ?? dimmed(ctx.t("act.discard", { card: cardName(ctx, card), pile }), ctx.t("why.mustEmpty"), `discard-dim-${pile}`,
          { type: "discard", card_id: card, pile, reunion: false }));
      const reunions = PILES.map((pile) => discardControls(view, ctx, p, card, pile, true)).filter(Boolean);
      const open = legalOf(view, (a) => a.type === "discard" && a.card_id === card)[0]?.pile ?? PILES[0];
      rows = [...placeControls(view, ctx, p, card), ...discards, ...reunions,
        reunionNote(view, ctx, p, reunions.length, { type: "discard", card_id: card, pile: open, reunion: true })];
    }
  } else {
    hint = view.phase === "bluebell_choice"
      ? ctx.t("prompt.waitGive", { ender: nameOf(ctx, view.round_ender), winner: nameOf(ctx, view.round_winner) })
      : ctx.t("act.notYourTurn");
    rows = idleRows(ctx);
  }
  return h("div", { class: `bb-actions ${turn ? "live" : ""}` },
    h("p", { class: "bb-hint" }, hint),
    h("div", { class: "bb-act-grid" }, rows));
}

// Select, then confirm: each card in play is one give_bluebell action of view.legal.
function giftChooser(view, ctx, gift) {
  const winner = view.round_winner;
  const groups = new Map();
  for (const item of view.in_play) {
    const key = item.where === "pile" ? `pile-${item.pile}` : `${item.where}-${item.seat}`;
    if (!groups.has(key)) groups.set(key, { item, cards: [] });
    groups.get(key).cards.push(item.card);
  }
  const title = ({ item }) => {
    if (item.where === "pile") return ctx.t("bb.pile", { pile: item.pile });
    if (item.seat === ctx.seat) return ctx.t(item.where === "hand" ? "bb.yourHand" : "bb.yourStack");
    return ctx.t(item.where === "hand" ? "pick.hand" : "pick.stack", { name: nameOf(ctx, item.seat) });
  };
  const giftOf = (card) => legalOf(view, (a) => a.type === "give_bluebell" && a.card_id === card)[0];
  const pick = (card) => {
    const option = gift.option("action", giftOf(card), `gift-${card}`);
    return seasonCard(ctx, card, { size: "sm", tag: "button", cls: `pickable ${gift.isChosen("action", giftOf(card)) ? "selected" : ""}`,
      attrs: { ...option, dataset: { ...option.dataset, offer: "gift" } }, extra: gift.mark("action", giftOf(card)) });
  };
  const chosen = gift.action?.card_id;
  const confirm = gift.confirm(h("span", { class: "act-main" }, chosen
    ? ctx.t("act.give", { card: cardName(ctx, chosen), name: nameOf(ctx, winner) }) : ctx.t("act.giveGeneric")),
  `bb-act give kit-confirm ${chosen ? "" : "off"}`);
  return h("div", { class: "bb-actions live gift" },
    h("h3", {}, icon("bluebell", "inline"), ctx.t("pick.title", { name: nameOf(ctx, winner) })),
    h("p", { class: "bb-hint" }, ctx.t("news.youChoose"), " ", ctx.t("news.bluebellNote"), " ", tag(ctx, "interp"), " ", tag(ctx, "house")),
    h("div", { class: "bb-gift-groups" }, [...groups.values()].map((group) => h("div", { class: "bb-gift-group" },
      h("h4", {}, title(group)), h("div", { class: "bb-gift-cards" }, group.cards.map(pick))))),
    h("div", { class: "bb-act-grid" }, confirm));
}

function gameOver(view, ctx) {
  if (view.phase !== "game_over") return null;
  return h("section", { class: "bb-over", "aria-label": ctx.t("over.reveal") },
    h("h3", {}, icon("bluebell", "inline"), ctx.t("over.reveal")),
    h("ul", {}, view.players.map((p) => h("li", { class: `seat-${p.seat} ${view.winner === p.seat ? "winner" : ""}` },
      h("span", { class: "who" }, nameOf(ctx, p.seat)),
      h("span", { class: "count" }, `${p.bluebell_count}/${toWin(ctx)}`),
      h("span", { class: "bells" }, p.bluebells.length
        ? p.bluebells.map((b, i) => b.card ? seasonCard(ctx, b.card, { size: "sm", marks: travels(b.card, [`bell-${p.seat}-${i}`]) }) : null)
        : h("span", { class: "dim" }, ctx.t("over.none")))))));
}

function results(view, ctx) {
  if (!view.results.length) return null;
  return h("section", { class: "bb-results" }, h("h3", {}, ctx.t("round.results")),
    h("ol", {}, view.results.map((r) => h("li", {},
      ctx.t("round.line", { round: r.round, ender: nameOf(ctx, r.ender), card: cardName(ctx, r.discarded), pile: r.pile,
        winner: r.winner === null ? ctx.t("round.lineTie") : ctx.t("round.lineWinner", { name: nameOf(ctx, r.winner) }) }),
      h("span", { class: "supplies" }, " (", supplyList(ctx, r.supplies), ")")))));
}

export function render(root, ctx) {
  const view = ctx.view;
  const table = kit(root, ctx);
  const chosen = choices(table, view);
  const selected = chosen.move.chosen.card ?? null;

  const n = view.seats;
  const others = ctx.around().filter((seat) => seat !== ctx.seat);
  fill(root, h("div", { class: `bluebell players-${n} ${ctx.seat === null ? "watching" : ""}` },
    header(view, ctx),
    h("div", { class: `bb-opponents count-${others.length}` }, others.map((seat) => opponent(view, ctx, seat))),
    h("div", { class: "bb-centre" }, pileView(view, ctx, "A", selected), middle(view, ctx), pileView(view, ctx, "B", selected)),
    news(view, ctx),
    gameOver(view, ctx),
    ctx.seat !== null ? myArea(view, ctx, chosen) : null,
    results(view, ctx)));
  // What the prompt asks for, for the page to keep in view together: the hand cards (another may still
  // be chosen) and the moves of the action bar, or the draws there (not their copies on the piles).
  if (myTurn(view, ctx) && (view.phase === "draw" || view.phase === "action")) {
    for (const el of root.querySelectorAll(".bb-me :is(.bb-hand [data-offer], .bb-actions [data-action]):not(:disabled, [data-why])")) {
      el.setAttribute("data-asked", "");
    }
  }
}

export function prompt(ctx) {
  const view = ctx.view;
  const name = (seat) => nameOf(ctx, seat);
  if (view.phase === "game_over") return view.winner === ctx.seat ? ctx.t("prompt.youWon") : ctx.t("prompt.won", { name: name(view.winner) });
  if (view.phase === "bluebell_choice") {
    if (view.round_ender === ctx.seat) return ctx.t("prompt.give", { name: name(view.round_winner) });
    return ctx.t("prompt.waitGive", { ender: name(view.round_ender), winner: name(view.round_winner) });
  }
  if (myTurn(view, ctx)) {
    if (view.phase === "draw") return ctx.t("prompt.draw");
    return me(view, ctx).supply === 0 ? ctx.t("prompt.actionBroke") : ctx.t("prompt.action");
  }
  return ctx.t(view.phase === "draw" ? "prompt.waitDraw" : "prompt.waitPlay", { name: name(view.active) });
}

export function describe(event, ctx) {
  const name = (seat) => nameOf(ctx, seat);
  const card = (id) => cardName(ctx, id);
  switch (event.kind) {
    case "placed": return ctx.t("log.placed", { name: name(event.seat), card: card(event.card) });
    case "tokens_collected":
      return ctx.t("log.tokens_collected", { name: name(event.seat), tokens: tokens(ctx, event.tokens), card: card(event.card), stock: event.stock });
    case "stack_returned": return ctx.t("log.stack_returned", { name: name(event.seat), cards: cardList(ctx, event.cards), pile: event.pile });
    case "tokens_banked": return ctx.t("log.tokens_banked", { name: name(event.seat), tokens: tokens(ctx, event.tokens), supply: event.supply });
    case "discarded":
      return ctx.t(event.penalty ? "log.discarded.penalty" : "log.discarded", { name: name(event.seat), card: card(event.card), pile: event.pile });
    case "penalty_paid": return ctx.t("log.penalty_paid", { name: name(event.seat), supply: event.supply, stock: event.stock });
    case "drew": return ctx.t("log.drew", { name: name(event.seat), card: card(event.card), pile: event.pile });
    case "reunion_declared":
      return ctx.t("log.reunion_declared", { name: name(event.seat), a: card(event.cards[0]), b: card(event.cards[1]) });
    case "round_ended":
      return ctx.t("log.round_ended", { round: event.round, ender: name(event.ender),
        supplies: supplyList(ctx, event.supplies),
        result: event.winner === null ? ctx.t("round.tie") : ctx.t("round.winner", { name: name(event.winner) }) });
    case "round_started": return ctx.t("log.round_started", { round: event.round, name: name(event.start) });
    case "dealt": return ctx.t("log.dealt", { a: card(event.cards[0]), b: card(event.cards[1]) });
    case "bluebell_given": return ctx.t("log.bluebell_given", { chooser: name(event.chooser), name: name(event.seat), count: event.count });
    case "bluebell_chosen": return ctx.t("log.bluebell_chosen", { card: card(event.card), name: name(event.seat) });
    case "game_ended":
      return ctx.t("log.game_ended", { name: name(event.winner),
        all: event.bluebells.map((cards, seat) => `${name(seat)}: ${cards.length ? cardList(ctx, cards) : "–"}`).join(" / ") });
    default: return null;
  }
}
