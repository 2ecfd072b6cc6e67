// Farm with Brownies at the table: the market in the middle, your shop along the bottom,
// the other shops around the edge, and a desk pinned to the bottom for trades and brownies. An open
// desk lists the cards it may give and take, so that on a phone a trade is made without leaving it.
import { h, fill, seatBadge, nameOf } from "../dom.js";
import { kit, kitOf, flipMarks, whyNot } from "../kit.js";

// The brownie forms that need choices before they can be sent (§4.6); the others are one tap.
const COMPOSED = Object.freeze(["builder", "general_store", "trading_post", "wholesaler", "market", "money_changer"]);
const GOODS = Object.freeze(["resource", "primary", "secondary"]);
const BUILDING = Object.freeze(["basic_building", "building"]);

// --- what the table remembers between renders: the open desk and its choices ---------------
// The desk composes trades and the brownies that take choices (§4.5, §4.6) card by card, and asks
// the server (ctx.check) whether the picks would be accepted: those actions are too many to be listed
// in view.legal, so the kit's composer, which chooses among listed actions, cannot serve them. Every
// action that is listed whole (produce, one-tap brownies, end turn) is one button that sends it.

/** The page's ctx with this table's desk (`ctx.desk`), kept by the kit, and the kit (`ctx.table`). */
function withDesk(table, ctx) {
  const view = ctx.view;
  const turn = `${view.turn}:${view.turn_moves.length}:${view.brownies_used.length}:${view.phase}`;
  const desk = table.kept("desk", null, () => ({
    turn: null, // the turn and move count the choices belong to
    mode: null, // null, "trade", or the building whose brownies are being composed
    pay: {}, // kind → how many hand cards of that kind are chosen to give
    take: {}, // kind → how many market cards of that kind are chosen to take
    detail: null, // the kind shown on the desk when nothing is being composed
    opener: null, // the data-key of the control that opened the desk: focus goes back there on closing
  }));
  if (desk.turn !== turn) Object.assign(desk, { turn, mode: null, pay: {}, take: {} });
  if (!isMyTurn(ctx)) desk.mode = null;
  desk.checks = table.kept("checks", view, () => new Map()); // the server's answers about this view: null (ok), a refusal, or "asking"
  return { ...ctx, desk, table };
}

// --- small helpers --------------------------------------------------------------------------

const cardOf = (ctx, kind) => ctx.catalog[kind];
const clsOf = (ctx, kind) => cardOf(ctx, kind).class;
const valueOf = (ctx, kind) => cardOf(ctx, kind).value;
const cardName = (ctx, kind) => cardOf(ctx, kind)[ctx.lang === "ja" ? "ja" : "en"] ?? kind;
const otherName = (ctx, kind) => cardOf(ctx, kind)[ctx.lang === "ja" ? "en" : "ja"];
const isMyTurn = (ctx) => ctx.seat !== null && ctx.view.phase === "turn" && ctx.view.active_seat === ctx.seat;
const me = (ctx) => (ctx.seat === null ? null : ctx.view.players[ctx.seat]);
const total = (ctx, counts) => Object.entries(counts).reduce((sum, [kind, n]) => sum + valueOf(ctx, kind) * n, 0);

function countOf(list) {
  const counts = {};
  for (const kind of list) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** The kinds in canonical order (the order of the card catalog), each repeated by its count. */
function expand(ctx, counts) {
  return Object.keys(ctx.catalog).flatMap((kind) => Array(counts[kind] ?? 0).fill(kind));
}

/** "Wood ×2, Charcoal" in the reader's language. */
function listCards(ctx, kinds) {
  if (!kinds.length) return ctx.t("bw.empty");
  const counts = countOf(kinds);
  return Object.entries(counts).map(([kind, n]) => `${cardName(ctx, kind)}${n > 1 ? ` ×${n}` : ""}`).join(listSep(ctx));
}

/** The face-up market card by card: its kind, its place (building, secondary, primary, pile) and how many there are. */
function marketCards(view) {
  const m = view.market;
  return [
    ...m.building_row.map((kind) => ({ kind, where: "building", count: 1 })),
    ...m.secondary_row.map((kind) => ({ kind, where: "secondary", count: 1 })),
    ...m.primary_row.map((stack) => ({ kind: stack.kind, where: "primary", count: stack.count })),
    ...Object.entries(m.resource_piles).map(([kind, count]) => ({ kind, where: "pile", count })),
  ];
}

/** Everything a seat could take from the face-up market now: kind → count (§4.4 step 2). */
function available(view) {
  return Object.fromEntries(marketCards(view).filter((card) => card.count).map((card) => [card.kind, card.count]));
}

/** Each hand card with its copy number among the cards of its kind (the desk chooses copies by number). */
function handCopies(hand) {
  const seen = {};
  return hand.map((kind) => ({ kind, copy: (seen[kind] = (seen[kind] ?? -1) + 1) }));
}

function sameAction(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function tag(ctx, which) {
  return h("span", { class: `bw-tag ${which}` }, ctx.t(`bw.tag.${which}`));
}

function note(ctx, which, key, params) {
  return h("p", { class: "bw-note" }, tag(ctx, which), " ", ctx.t(key, params));
}

// --- cards, drawn ---------------------------------------------------------------------------

const shape = () => h("span", { class: "bw-shape", "aria-hidden": "true" });
const star = (big = false) => h("span", { class: `bw-star${big ? " big" : ""}`, "aria-hidden": "true" });
const vpCards = (ctx, n) => (n ? h("span", { class: "bw-mini cls-vp" }, shape(), ctx.t("bw.vpCards", { n })) : null);
const keyed = (key, action) => ({ key, ...(action ? { action: JSON.stringify(action) } : {}) });
const listSep = (ctx) => (ctx.lang === "ja" ? "、" : ", ");
const badge = (ctx, seat) => seatBadge(ctx.players.find((p) => p.seat === seat) ?? { seat, name: null }, ctx);

function score(ctx, vp, big = false) {
  return h("span", { class: `bw-score${big ? " big" : ""}`, title: ctx.t("bw.vpN", { n: vp }) },
    star(), h("strong", {}, vp), h("span", { class: "bw-of" }, ` / ${ctx.view.winning_vp}`));
}

function chips(ctx, icons) {
  const parts = [];
  for (const side of ["pay", "show"]) {
    for (const [kind, n] of Object.entries(icons[side] ?? {})) {
      for (let i = 0; i < n; i++) {
        parts.push(h("span", { class: `bw-chip ${side} cls-${clsOf(ctx, kind)}`, title: `${ctx.t(`bw.${side}`)}: ${cardName(ctx, kind)}` },
          side === "show" ? h("span", { class: "bw-mark", "aria-hidden": "true" }) : shape(),
          h("span", { class: "bw-sr" }, `${ctx.t(`bw.${side}`)} `),
          side === "show" ? h("span", { class: "bw-show-word" }, `${ctx.t("bw.show")} `) : null,
          cardName(ctx, kind)));
      }
    }
  }
  return parts.flatMap((chip, i) => (i ? [h("span", { class: "bw-plus", "aria-hidden": "true" }, "+"), chip] : [chip]));
}

function hasIcons(icons) {
  return Object.keys(icons.pay ?? {}).length + Object.keys(icons.show ?? {}).length > 0;
}

/** The brownie action of a building as a short line of chips. */
function brownieLine(ctx, kind) {
  const brownie = cardOf(ctx, kind).brownie;
  if (!brownie) return h("span", { class: "bw-brownie none" }, ctx.t("bw.noBrownie"));
  if (brownie.form !== "convert" && brownie.form !== "score") {
    return h("span", { class: "bw-brownie" }, ctx.t(`bw.form.${brownie.form}`));
  }
  const gain = Object.keys(brownie.gain)[0];
  return h("span", { class: "bw-brownie" },
    chips(ctx, brownie.inputs),
    h("span", { class: "bw-arrow", "aria-hidden": "true" }, "→"),
    brownie.form === "score"
      ? h("span", { class: "bw-vp-chip" }, ctx.t("bw.vpN", { n: brownie.vp }))
      : h("span", { class: `bw-chip gain cls-${clsOf(ctx, gain)}` }, shape(), cardName(ctx, gain)));
}

function brownieWords(ctx, kind) {
  const brownie = cardOf(ctx, kind).brownie;
  if (!brownie) return ctx.t("bw.noBrownie");
  const inputs = (icons) => [
    ...expand(ctx, icons.pay).map((k) => cardName(ctx, k)),
    ...expand(ctx, icons.show).map((k) => `${ctx.t("bw.show")} ${cardName(ctx, k)}`),
  ].join(" + ");
  if (brownie.form === "convert") return `${inputs(brownie.inputs)} → ${cardName(ctx, Object.keys(brownie.gain)[0])}`;
  if (brownie.form === "score") return `${inputs(brownie.inputs)} → ${ctx.t("bw.vpN", { n: brownie.vp })}`;
  return ctx.t(`bw.form.${brownie.form}`);
}

/** Names that need a smaller type on a narrow card: a long word, or many Japanese characters. */
function longName(text) {
  return /^[\x00-\x7f]*$/.test(text) ? text.split(" ").some((word) => word.length >= 8) : text.length >= 5;
}

// Cards are told apart by kind, and copies of a kind by their place in the hand: a card taken from the
// market travels from that kind's place there, one drawn unseen from its deck.
const fromMarket = (kind) => [`m-${kind}`];

/** A card face: class colour and shape, the coin value, the name in both languages, the recipe; `marks` for motion. */
function face(ctx, kind, { count = null, marks = null } = {}) {
  const card = cardOf(ctx, kind);
  const building = BUILDING.includes(card.class);
  const name = cardName(ctx, kind);
  return h("span", { class: `bw-face cls-${card.class} k-${kind.toLowerCase()}`, dataset: marks },
    h("span", { class: "bw-band" },
      shape(),
      h("span", { class: "bw-cls" }, ctx.t(`bw.band.${card.class}`)),
      card.class === "vp" ? null : h("span", { class: "bw-coin", title: ctx.t("bw.value", { n: card.value }) }, card.value)),
    h("span", { class: `bw-name${longName(name) ? " long" : ""}` }, name),
    h("span", { class: "bw-alt" }, card.class === "fund" && ctx.lang === "ja" ? card.en : otherName(ctx, kind)),
    count === null ? null
      : h("span", { class: "bw-count", title: ctx.t("bw.inMarket", { n: count }) }, ctx.t("bw.inStack", { n: count })),
    building ? h("span", { class: "bw-vp" }, star(), ctx.t("bw.vpN", { n: card.vp })) : null,
    recipeLine(ctx, kind),
    building ? brownieLine(ctx, kind) : null);
}

function recipeLine(ctx, kind) {
  const card = cardOf(ctx, kind);
  if (card.class === "fund" || card.class === "vp") return null;
  if (!hasIcons(card.recipe)) return h("span", { class: "bw-recipe free" }, ctx.t("bw.free"));
  return h("span", { class: "bw-recipe" }, chips(ctx, card.recipe));
}

/** A card the others have not seen (drawn from the primary deck by a General Store). */
function backCard(ctx, marks = null) {
  return h("span", { class: "bw-back mini", title: ctx.t("bw.hiddenCard"), dataset: marks }, h("span", { class: "bw-sr" }, ctx.t("bw.hiddenCard")));
}

/** A small named card for the other shops: the class shape, the name, the value or VP; `marks` for motion. */
function mini(ctx, kind, extra = "", marks = null) {
  const card = cardOf(ctx, kind);
  const title = `${cardName(ctx, kind)} · ${otherName(ctx, kind)} · ${ctx.t("bw.value", { n: card.value })}`;
  return h("span", { class: `bw-mini cls-${card.class} ${extra}`, title, dataset: marks },
    shape(),
    h("span", { class: "bw-mini-name" }, cardName(ctx, kind)),
    BUILDING.includes(card.class) ? h("span", { class: "bw-mini-vp" }, ctx.t("bw.vpN", { n: card.vp }))
      : h("span", { class: "bw-mini-val" }, card.value));
}

function cardLabel(ctx, kind, extra = "") {
  return `${cardName(ctx, kind)} (${otherName(ctx, kind)}) · ${ctx.t("bw.value", { n: valueOf(ctx, kind) })}${extra}`;
}

// --- the desk: what is being composed, and whether it can be sent -----------------------------

function modeForm(ctx) {
  if (!ctx.desk.mode || ctx.desk.mode === "trade") return ctx.desk.mode;
  return cardOf(ctx, ctx.desk.mode).brownie?.form ?? null;
}

function canPay(ctx, kind) {
  const form = modeForm(ctx);
  if (!form) return false;
  if (form === "trading_post") return clsOf(ctx, kind) === "primary";
  if (form === "market") return clsOf(ctx, kind) === "secondary";
  return true;
}

function canTake(ctx, kind, where) {
  switch (modeForm(ctx)) {
    case "trade": return true;
    case "builder": return where === "building";
    case "wholesaler": return where === "secondary";
    case "trading_post": return where === "primary";
    case "market": return GOODS.includes(clsOf(ctx, kind));
    default: return false;
  }
}

const singlePay = (form) => form === "trading_post" || form === "market";
const singleTake = (form) => form === "builder" || form === "wholesaler" || form === "trading_post";
const takes = (form) => form !== "general_store" && form !== "money_changer";

function togglePay(ctx, kind, copy) {
  const chosen = ctx.desk.pay[kind] ?? 0;
  if (copy < chosen) ctx.desk.pay[kind] = chosen - 1;
  else if (singlePay(modeForm(ctx))) ctx.desk.pay = { [kind]: 1 };
  else ctx.desk.pay[kind] = chosen + 1;
  if (!ctx.desk.pay[kind]) delete ctx.desk.pay[kind];
  ctx.redraw();
}

/** Whether every card of this kind the desk may take is taken (one, when it takes a single card). */
function takenInFull(ctx, kind) {
  const picked = ctx.desk.take[kind] ?? 0;
  return singleTake(modeForm(ctx)) ? picked > 0 : picked >= (available(ctx.view)[kind] ?? 0);
}

/** A tap on a market card: one more of it, or all of it back once it is taken in full. */
function tapTake(ctx, kind) {
  if (takenInFull(ctx, kind)) delete ctx.desk.take[kind];
  else if (singleTake(modeForm(ctx))) ctx.desk.take = { [kind]: 1 };
  else ctx.desk.take[kind] = (ctx.desk.take[kind] ?? 0) + 1;
  ctx.redraw();
}

function drop(ctx, counts, kind) {
  counts[kind] -= 1;
  if (!counts[kind]) delete counts[kind];
  ctx.redraw();
}

/** Opens the desk; opened with the keyboard (a click of detail 0), focus goes on to the first card it lists. */
function openMode(ctx, event, mode, preset = {}) {
  Object.assign(ctx.desk, { mode, pay: {}, take: { ...preset }, detail: null, opener: event.currentTarget.dataset.key });
  ctx.redraw();
  if (event.detail === 0) document.querySelector(".brownies .bw-desk .bw-opt")?.focus();
}

/** A control's availability: the offered action (busy while a move is in flight), or why not `would`, or merely disabled. */
function offered(ctx, action, would) {
  return action ? { disabled: ctx.busy } : whyNot(would);
}

function closeDesk(ctx) {
  Object.assign(ctx.desk, { mode: null, pay: {}, take: {}, detail: null });
  ctx.redraw();
  ctx.table.focus(ctx.desk.opener);
}

function showDetail(ctx, event, kind) {
  ctx.desk.detail = ctx.desk.detail === kind ? null : kind;
  ctx.desk.opener = event.currentTarget.dataset.key;
  ctx.redraw();
}

/**
 * What the desk would send now: the action (the matching one from view.legal when the table lists
 * it) once the server has said it would accept it, or what is still missing or wrong. The desk only
 * assembles the picks; whether they make a legal action is the server's answer (ctx.check).
 */
function composed(ctx) {
  const form = modeForm(ctx);
  const give = total(ctx, ctx.desk.pay);
  const get = total(ctx, ctx.desk.take);
  const pay = expand(ctx, ctx.desk.pay);
  const take = expand(ctx, ctx.desk.take);
  const result = { action: null, problem: null, give, get, lost: 0 };
  const fail = (key, params) => ({ ...result, problem: ctx.t(key, params) });
  let action;
  switch (form) {
    case "trade":
      if (!pay.length) return fail("bw.need.pay");
      if (!take.length) return fail("bw.need.take");
      action = { type: "trade", pay, take };
      break;
    case "builder":
    case "wholesaler":
      if (!pay.length) return fail("bw.need.pay");
      if (!take.length) return fail(form === "builder" ? "bw.need.building" : "bw.need.secondary");
      action = { type: "brownie", building: ctx.desk.mode, pay, take: take[0] };
      break;
    case "general_store":
    case "money_changer":
      if (!pay.length) return fail("bw.need.pay");
      action = { type: "brownie", building: ctx.desk.mode, pay };
      break;
    case "trading_post":
      if (!pay.length) return fail("bw.need.primaryPay");
      if (!take.length) return fail("bw.need.primaryTake");
      action = { type: "brownie", building: ctx.desk.mode, pay: pay[0], take: take[0] };
      break;
    case "market":
      if (!pay.length) return fail("bw.need.secondaryPay");
      if (!take.length) return fail("bw.need.take");
      action = { type: "brownie", building: ctx.desk.mode, pay: pay[0], take };
      break;
    default:
      return result;
  }
  const answer = verdict(ctx, action);
  if (answer === "asking") return { ...result, asking: true };
  if (answer) return { ...result, problem: refusalText(ctx, answer), tried: action }; // its confirm says why not, with the rule
  const listed = ctx.view.legal.find((a) => sameAction(a, action));
  const need = takes(form) ? get : cardOf(ctx, ctx.desk.mode).brownie.min_pay;
  return { ...result, action: listed ?? action, lost: Math.max(0, give - need) };
}

/** The server's answer for `action` on this view: null (it would be accepted), a refusal, or "asking". */
function verdict(ctx, action) {
  const key = JSON.stringify(action);
  const desk = ctx.desk;
  const checks = desk.checks;
  if (checks.has(key)) return checks.get(key);
  checks.set(key, "asking");
  ctx.check(action).then((answer) => {
    if (desk.checks !== checks) return; // a newer view came meanwhile; it asks again
    if (answer?.code === "offline") checks.delete(key); // asked again once connected
    else checks.set(key, answer);
    ctx.redraw();
  });
  return "asking";
}

/** What the open desk asks for, in words; the brownies' printed minimum payment comes from the catalog. */
function deskIntro(ctx, form) {
  if (ctx.desk.mode === "trade") return ctx.t("bw.c.trade");
  return ctx.t(`bw.c.${form}`, { name: cardName(ctx, ctx.desk.mode), n: cardOf(ctx, ctx.desk.mode).brownie.min_pay });
}

function refusalText(ctx, answer) {
  if (answer.code === "offline") return ctx.t("conn.offline");
  return ctx.t(`error.${answer.code}`) ?? answer.message ?? answer.code;
}

// --- drawing --------------------------------------------------------------------------------

function statusBar(ctx) {
  const view = ctx.view;
  const active = view.active_seat;
  const over = view.phase === "game_over";
  const limit = view.round_limit;
  return h("div", { class: "bw-status" },
    h("span", { class: "bw-round" },
      limit ? ctx.t("bw.roundOf", { n: Math.min(view.round, limit), of: limit }) : ctx.t("bw.round", { n: view.round }),
      limit ? h("span", { class: "bw-limit", title: ctx.t("bw.note.roundLimit", { n: limit }) },
        tag(ctx, "house_rule"), h("span", { class: "bw-sr" }, ctx.t("bw.note.roundLimit", { n: limit }))) : null),
    h("span", { class: "bw-turnno" }, ctx.t("bw.turnNo", { n: view.turn })),
    over ? h("span", { class: "bw-whose" }, ctx.t("p.over"))
      : h("span", { class: `bw-whose seat-${active}` }, h("span", { class: "bw-seatdot", "aria-hidden": "true" }),
        active === ctx.seat ? ctx.t("table.yourTurn") : ctx.t("bw.turnOf", { name: nameOf(ctx, active) })),
    over ? null : h("span", { class: `bw-main${view.main_action_done ? " done" : ""}` },
      h("span", { class: "bw-tick", "aria-hidden": "true" }, view.main_action_done ? "✓" : "○"),
      ctx.t(view.main_action_done ? "bw.mainDone" : "bw.mainTodo")),
    h("span", { class: "bw-supply", title: ctx.t("bw.supply") },
      star(true), `${ctx.t("bw.supply")} `, h("strong", {}, view.market.vp_supply)),
    h("span", { class: "bw-goal" }, ctx.t("bw.goal", { n: view.winning_vp })));
}

function seatPanel(ctx, seat) {
  const view = ctx.view;
  const player = view.players[seat];
  const active = view.phase === "turn" && view.active_seat === seat;
  const winner = (view.outcome?.winners ?? []).includes(seat);
  const used = (kind) => (active && view.brownies_used.includes(kind) ? "used" : "");
  // At the end the unseen cards are shown where they were held: they turn over in the row.
  const comesFrom = (kind) => (view.phase === "game_over" ? [`hand-${seat}`] : fromMarket(kind));
  const copies = {};
  const handMini = (kind) => {
    const copy = copies[kind] = (copies[kind] ?? -1) + 1;
    return mini(ctx, kind, "", flipMarks(`s${seat}-${kind}-${copy}`, { from: comesFrom(kind), face: true }));
  };
  return h("section", { class: `bw-seat seat-${seat}${active ? " active" : ""}${winner ? " winner" : ""}`,
                        "aria-label": nameOf(ctx, seat) },
    h("header", { class: "bw-seat-head" },
      badge(ctx, seat),
      active ? h("span", { class: "bw-turn-tag" }, ctx.t("bw.turnTag")) : null,
      score(ctx, player.vp)),
    h("div", { class: "bw-seat-row bw-handrow", dataset: { flipPlace: `hand-${seat}` } },
      h("span", { class: "bw-label" }, ctx.t(player.hand_size === 1 ? "bw.card1" : "bw.cards", { n: player.hand_size })),
      h("span", { class: "bw-minis" },
        player.hand.map(handMini),
        Array.from({ length: player.hidden }, (_, i) => backCard(ctx, flipMarks(`s${seat}-back-${i}`, { from: ["deck-primary"] }))))),
    h("div", { class: "bw-seat-row" },
      h("span", { class: "bw-label" }, ctx.t("bw.buildings")),
      h("span", { class: "bw-minis" },
        player.area.length
          ? player.area.map((kind) => mini(ctx, kind, used(kind), flipMarks(`s${seat}-${kind}`, { from: fromMarket(kind), face: true })))
          : h("span", { class: "bw-none" }, "—"),
        vpCards(ctx, player.vp_cards))));
}

function marketItem(ctx, kind, where, count) {
  const form = modeForm(ctx);
  // While the desk composes, its confirm is the only way to send: one question at a time.
  const produce = form ? null : ctx.view.legal.find((a) => a.type === "produce" && a.target === kind);
  const free = clsOf(ctx, kind) === "resource";
  const takeable = Boolean(form) && canTake(ctx, kind, where);
  const picked = ctx.desk.take[kind] ?? 0;
  const onFace = !form ? (event) => showDetail(ctx, event, kind) : takeable ? () => tapTake(ctx, kind) : null;
  return h("div", { class: `bw-item ${where}${picked ? " picked" : ""}${count === 0 ? " gone" : ""}`, dataset: { kind } },
    h("button", {
      type: "button", class: `bw-cardbtn${takeable ? " pickable" : ""}${ctx.desk.detail === kind ? " open" : ""}`,
      disabled: !onFace || count === 0, "aria-label": cardLabel(ctx, kind, count > 1 ? ` · ×${count}` : ""),
      "aria-pressed": form ? String(picked > 0) : null,
      // A card dealt to a row comes from its deck, and turns over there; a resource pile is always there.
      dataset: { key: `m-${kind}`, kind, value: valueOf(ctx, kind), where, count,
                 ...flipMarks(`m-${kind}`, { from: where === "pile" ? [] : [`deck-${where}`], face: true }) },
      onclick: onFace },
    face(ctx, kind, { count: where === "pile" || where === "primary" ? count : null }),
    picked ? h("span", { class: "bw-picked" }, ctx.t("bw.picked", { n: picked })) : null),
    h("button", {
      type: "button", class: `bw-make${produce ? " legal" : ""}`, ...offered(ctx, produce, form || ctx.seat === null ? null : { type: "produce", target: kind }),
      "aria-label": ctx.t(free ? "bw.takeLabel" : "bw.makeLabel", { name: cardName(ctx, kind) }),
      dataset: keyed(`p-${kind}`, produce), onclick: produce ? () => ctx.send(produce) : null },
    ctx.t(free ? "bw.take" : "bw.make")));
}

function marketView(ctx) {
  const view = ctx.view;
  const m = view.market;
  const zone = (cls, title, extra, items) => h("section", { class: `bw-zone ${cls}`, "aria-label": title },
    h("header", { class: "bw-zone-head" }, h("h3", {}, title), extra), h("div", { class: "bw-row" }, items));
  const deck = (where, n) => h("span", { class: "bw-pile-info", dataset: { flipPlace: `deck-${where}` } },
    h("span", { class: "bw-deck-icon", "aria-hidden": "true" }), ctx.t("bw.deck", { n }));
  const discard = (pile) => h("span", { class: "bw-pile-info" },
    h("span", { class: "bw-discard-icon", "aria-hidden": "true" }), ctx.t("bw.discard", { n: pile.length }),
    pile.length ? h("span", { class: "bw-top-card" }, ` · ${ctx.t("bw.discardTop", { name: cardName(ctx, pile.at(-1)) })}`) : null);
  const funds = view.removed.funds.map((k) => cardName(ctx, k)).join(listSep(ctx)) || ctx.t("bw.noneOut");
  return h("div", { class: "bw-market" },
    zone("buildings", ctx.t("bw.basicAndBuildings"), deck("building", m.building_deck),
      m.building_row.map((kind) => marketItem(ctx, kind, "building", 1))),
    zone("secondary", ctx.t("bw.secondaryRow"), [deck("secondary", m.secondary_deck), discard(m.secondary_discard)],
      m.secondary_row.map((kind) => marketItem(ctx, kind, "secondary", 1))),
    zone("primary", ctx.t("bw.primaryRow"), [deck("primary", m.primary_deck), discard(m.primary_discard)],
      m.primary_row.map((stack) => marketItem(ctx, stack.kind, "primary", stack.count))),
    zone("resources", ctx.t("bw.resources"),
      h("span", { class: "bw-note-inline" }, tag(ctx, "interpretation"), " ", ctx.t("bw.note.freeResource")),
      Object.entries(m.resource_piles).map(([kind, n]) => marketItem(ctx, kind, "pile", n))),
    h("p", { class: "bw-removed" }, ctx.t("bw.removed", { basics: view.removed.basic_buildings, funds })));
}

function happened(ctx) {
  const view = ctx.view;
  const now = view.turn_moves;
  const moves = now.length ? now : view.previous_moves;
  const title = now.length || !moves.length ? ctx.t("bw.thisTurn") : ctx.t("bw.lastTurn", { name: nameOf(ctx, moves[0].seat) });
  return h("section", { class: "bw-news" },
    h("h3", {}, title),
    moves.length ? h("ul", {}, moves.map((move) => h("li", {}, moveText(ctx, move))))
      : h("p", { class: "bw-quiet" }, ctx.t("bw.quiet")));
}

function handCard(ctx, kind, copy, isSecret) {
  const form = modeForm(ctx);
  const chosen = copy < (ctx.desk.pay[kind] ?? 0);
  const payable = Boolean(form) && canPay(ctx, kind);
  const onclick = !form ? (event) => showDetail(ctx, event, kind) : payable ? () => togglePay(ctx, kind, copy) : null;
  return h("button", {
    type: "button", class: `bw-cardbtn hand${chosen ? " chosen" : ""}${payable ? " pickable" : ""}${isSecret ? " secret" : ""}`,
    disabled: !onclick, "aria-label": cardLabel(ctx, kind, isSecret ? ` · ${ctx.t("bw.secret")}` : ""),
    "aria-pressed": form ? String(chosen) : null,
    // A General Store's draw comes unseen from the primary deck and turns over in the hand.
    dataset: { key: `h-${kind}-${copy}`, kind, value: valueOf(ctx, kind), copy,
               ...flipMarks(`s${ctx.seat}-${kind}-${copy}`, { from: isSecret ? ["deck-primary"] : fromMarket(kind), face: true }) }, onclick },
  face(ctx, kind),
  isSecret ? h("span", { class: "bw-secret", title: ctx.t("bw.secretLong") }, ctx.t("bw.secret")) : null,
  chosen ? h("span", { class: "bw-picked give" }, ctx.t("bw.give")) : null);
}

function myShop(ctx) {
  const view = ctx.view;
  const mine = me(ctx);
  const myTurn = isMyTurn(ctx);
  const secret = countOf(view.secret ?? []);
  const cards = handCopies(mine.hand).map(({ kind, copy }) => {
    const isSecret = copy < (secret[kind] ?? 0);
    return handCard(ctx, kind, copy, isSecret);
  });
  const buildings = mine.area.map((kind) => buildingSlot(ctx, kind, myTurn));
  const full = mine.hand.length >= view.hand_limit;
  return h("section", { class: `bw-me seat-${ctx.seat}${myTurn ? " active" : ""}`, "aria-label": ctx.t("bw.yourShop") },
    h("header", { class: "bw-me-head" },
      badge(ctx, ctx.seat),
      score(ctx, mine.vp, true),
      vpCards(ctx, mine.vp_cards)),
    h("div", { class: "bw-area" },
      h("h3", {}, ctx.t("bw.buildings")),
      buildings.length ? h("div", { class: "bw-buildings" }, buildings) : h("p", { class: "bw-quiet" }, ctx.t("bw.noBuildings"))),
    h("div", { class: "bw-hand-area" },
      h("h3", {}, ctx.t("bw.hand"), " ",
        h("span", { class: `bw-count-text${full ? " full" : ""}` }, ctx.t("bw.handCount", { n: mine.hand.length, limit: view.hand_limit }))),
      mine.hand.length >= view.hand_limit - 1 && view.phase === "turn" ? note(ctx, "interpretation", "bw.note.handLimit", { n: view.hand_limit }) : null,
      h("div", { class: "bw-hand" }, cards.length ? cards : h("p", { class: "bw-quiet" }, ctx.t("bw.empty")))));
}

function buildingSlot(ctx, kind, myTurn) {
  const view = ctx.view;
  const brownie = cardOf(ctx, kind).brownie;
  const used = view.brownies_used.includes(kind);
  let control = null;
  if (brownie && used && myTurn) {
    control = h("button", { type: "button", class: "bw-use used", ...whyNot(COMPOSED.includes(brownie.form) ? null : { type: "brownie", building: kind }),
      dataset: { key: `b-${kind}` } }, "✓ ", ctx.t("bw.worked"));
  } else if (brownie && COMPOSED.includes(brownie.form)) {
    const possible = myTurn && view.legal.some((a) => a.type === "brownie" && a.building === kind);
    const open = ctx.desk.mode === kind;
    control = h("button", {
      type: "button", class: `bw-use bw-open${possible ? " legal" : ""}${open ? " open" : ""}`,
      disabled: !possible || ctx.busy, "aria-pressed": String(open),
      "aria-label": `${ctx.t("bw.choose")} ${cardName(ctx, kind)} — ${brownieWords(ctx, kind)}`,
      dataset: { key: `b-${kind}`, mode: kind, ...(open ? {} : { leads: JSON.stringify({ type: "brownie", building: kind }) }) },
      onclick: (event) => (open ? closeDesk(ctx) : openMode(ctx, event, kind)) },
    ctx.t("bw.choose"));
  } else if (brownie) {
    const action = myTurn && !ctx.desk.mode ? view.legal.find((a) => a.type === "brownie" && a.building === kind) : null;
    control = h("button", {
      type: "button", class: `bw-use${action ? " legal" : ""}`, ...offered(ctx, action, ctx.desk.mode ? null : { type: "brownie", building: kind }),
      "aria-label": `${ctx.t("bw.use")}: ${cardName(ctx, kind)} — ${brownieWords(ctx, kind)}`,
      dataset: keyed(`b-${kind}`, action), onclick: action ? () => ctx.send(action) : null },
    ctx.t("bw.use"));
  }
  const short = brownie?.form === "score" && view.market.vp_supply < brownie.vp && myTurn && !used;
  return h("div", { class: `bw-building${used && myTurn ? " used" : ""}` },
    face(ctx, kind, { marks: flipMarks(`s${ctx.seat}-${kind}`, { from: fromMarket(kind), face: true }) }),
    control,
    short ? note(ctx, "house_rule", "bw.note.scoreRemains", { n: view.market.vp_supply }) : null);
}

function deskBody(ctx) {
  const view = ctx.view;
  const form = modeForm(ctx);
  if (form) return composer(ctx, form);
  if (ctx.desk.detail && ctx.catalog[ctx.desk.detail]) return detail(ctx, ctx.desk.detail);
  if (ctx.seat === null) return h("p", { class: "bw-hint" }, ctx.t("bw.watchHint"));
  const myTurn = isMyTurn(ctx);
  const noMain = myTurn && !view.main_action_done && view.legal.some((a) => a.type === "end_turn");
  return h("div", {},
    h("p", { class: "bw-hint" }, myTurn ? ctx.t("bw.detailHint") : ctx.t("bw.waitHint", { name: nameOf(ctx, view.active_seat) })),
    noMain ? note(ctx, "house_rule", "bw.note.noMain") : null);
}

/**
 * The part of a move a tap on a desk card adds: the open desk's move with `field` holding `kind` `n`
 * times (`single`: being `kind`), for a hint to mark the cards that lead to its move (kit.markHinted).
 */
function leadsTo(ctx, field, kind, n, single) {
  const move = ctx.desk.mode === "trade" ? { type: "trade" } : { type: "brownie", building: ctx.desk.mode };
  return JSON.stringify({ ...move, [field]: single ? kind : Array(n).fill(kind) });
}

/** A card as the open desk lists it: a toggle, the same choice as a tap on the card in the hand or the market. */
function deskCard(ctx, kind, { key, chosen, label, mark, leads, onclick }) {
  return h("button", {
    type: "button", class: `bw-opt pickable cls-${clsOf(ctx, kind)}`, "aria-pressed": String(chosen), "aria-label": label,
    dataset: leads ? { key, leads } : { key }, onclick },
  shape(), h("span", { class: "bw-opt-name" }, cardName(ctx, kind)), h("span", { class: "bw-coin" }, valueOf(ctx, kind)),
  chosen ? h("span", { class: "bw-opt-mark", "aria-hidden": "true" }, mark) : null);
}

/** The hand cards this desk may give, each copy its own toggle. */
function giveCards(ctx) {
  const single = singlePay(modeForm(ctx));
  return handCopies(me(ctx).hand).filter(({ kind }) => canPay(ctx, kind)).map(({ kind, copy }) => {
    const chosen = copy < (ctx.desk.pay[kind] ?? 0);
    return deskCard(ctx, kind, {
      key: `give-${kind}-${copy}`, chosen, label: cardLabel(ctx, kind), mark: "✓",
      leads: chosen || (single && copy > 0) ? null : leadsTo(ctx, "pay", kind, copy + 1, single), // copy n: paying n + 1 of them
      onclick: () => togglePay(ctx, kind, copy),
    });
  });
}

/** The market cards this desk may take: a tap takes one more (all back once taken in full), "−" one fewer. */
function takeCards(ctx) {
  const form = modeForm(ctx);
  return marketCards(ctx.view).filter(({ kind, where, count }) => count && canTake(ctx, kind, where)).map(({ kind, count }) => {
    const picked = ctx.desk.take[kind] ?? 0;
    const several = count > 1 && !singleTake(form);
    const counts = several ? [ctx.t("bw.inMarket", { n: count }), picked ? ctx.t("bw.taking", { n: picked }) : null] : [];
    const card = deskCard(ctx, kind, {
      key: `take-${kind}`, chosen: picked > 0, mark: several ? ctx.t("bw.inStack", { n: picked }) : "✓",
      leads: takenInFull(ctx, kind) ? null : leadsTo(ctx, "take", kind, picked + 1, singleTake(form)),
      label: cardLabel(ctx, kind, counts.filter(Boolean).map((text) => ` · ${text}`).join("")),
      onclick: () => tapTake(ctx, kind),
    });
    if (!several || !picked) return card;
    return h("span", { class: "bw-opt-group" }, card, h("button", {
      type: "button", class: "bw-less", "aria-label": ctx.t("bw.less", { name: cardName(ctx, kind) }),
      dataset: { key: `less-${kind}` }, onclick: () => drop(ctx, ctx.desk.take, kind) }, "−"));
  });
}

function composer(ctx, form) {
  const view = ctx.view;
  const state = composed(ctx);
  const intro = deskIntro(ctx, form);
  const none = () => h("span", { class: "bw-quiet" }, ctx.t("bw.empty"));
  const give = giveCards(ctx);
  const get = takes(form) ? takeCards(ctx) : [];
  const nearFull = me(ctx).hand.length >= view.hand_limit - 1;
  const notes = [
    form === "trade" && Object.keys(ctx.desk.pay).some((k) => clsOf(ctx, k) === "resource") ? note(ctx, "interpretation", "bw.note.noRetake") : null,
    (form === "trade" || form === "market") && nearFull ? note(ctx, "interpretation", "bw.note.handLimit", { n: view.hand_limit }) : null,
    form === "general_store" && !view.market.primary_deck ? note(ctx, "interpretation", "bw.note.gsReshuffle") : null,
    form === "market" ? note(ctx, "interpretation", "bw.note.marketNoBuildings") : null,
  ];
  const reward = form === "general_store" ? ctx.t("bw.draws") : ctx.t("bw.vpN", { n: 1 });
  return h("div", { class: "bw-composer", dataset: { form } },
    h("p", { class: "bw-intro" }, intro),
    h("div", { class: "bw-lanes" },
      h("div", { class: "bw-lane" },
        h("span", { class: "bw-lane-head" }, ctx.t("bw.give"), " ", h("span", { class: "bw-sum" }, ctx.t("bw.total", { n: state.give }))),
        h("span", { class: "bw-picks" }, give.length ? give : none())),
      h("span", { class: "bw-lane-arrow", "aria-hidden": "true" }, "⇄"),
      h("div", { class: "bw-lane" },
        h("span", { class: "bw-lane-head" }, ctx.t("bw.get"), " ",
          takes(form) ? h("span", { class: "bw-sum" }, ctx.t("bw.total", { n: state.get })) : null),
        h("span", { class: "bw-picks" },
          !takes(form) ? h("span", { class: "bw-result-chip" }, reward) : get.length ? get : none()))),
    notes);
}

/** Whether the open desk's picks may be sent, in words: kept beside its confirm, below the cards it lists. */
function verdictLine(ctx) {
  const state = composed(ctx);
  return state.asking ? h("p", { class: "bw-asking" }, ctx.t("bw.checking"))
    : state.problem ? h("p", { class: "bw-problem" }, state.problem)
    : h("p", { class: "bw-ok" }, "✓ ", state.lost ? ctx.t("bw.lost", { n: state.lost }) : ctx.t("bw.exact"));
}

function detail(ctx, kind) {
  const view = ctx.view;
  const card = cardOf(ctx, kind);
  const building = BUILDING.includes(card.class);
  const count = available(view)[kind] ?? 0;
  const produce = view.legal.find((a) => a.type === "produce" && a.target === kind);
  const tradeOpen = isMyTurn(ctx) && view.legal.some((a) => a.type === "trade") && count > 0;
  const recipe = card.class === "fund" ? ctx.t("bw.fundNote") : card.class === "vp" ? ctx.t("bw.vpNote")
    : hasIcons(card.recipe) ? null : ctx.t("bw.recipeNone");
  const facts = [ctx.t(`bw.cls.${card.class}`), ctx.t("bw.value", { n: card.value }), building ? ctx.t("bw.vpN", { n: card.vp }) : null];
  return h("div", { class: "bw-detail" },
    h("div", { class: "bw-detail-card" }, face(ctx, kind)),
    h("div", { class: "bw-detail-text" },
      h("h3", {}, `${cardName(ctx, kind)} · ${otherName(ctx, kind)}`),
      h("p", {}, facts.filter(Boolean).join(" · ")),
      recipe ? h("p", {}, recipe)
        : h("p", { class: "bw-recipe-line" }, h("strong", {}, ctx.t("bw.recipe"), ctx.t("bw.colon")), chips(ctx, card.recipe)),
      building ? h("p", {}, h("strong", {}, ctx.t("bw.brownies"), ctx.t("bw.colon")), brownieWords(ctx, kind)) : null,
      GOODS.includes(card.class) || building
        ? h("p", { class: "bw-quiet" }, count ? ctx.t("bw.inMarket", { n: count }) : ctx.t("bw.notInMarket")) : null,
      h("p", { class: "bw-note" }, tag(ctx, "house_data"), " ", ctx.t("bw.houseData")),
      count ? h("div", { class: "bw-detail-actions" },
        h("button", {
          type: "button", class: `bw-make${produce ? " legal" : ""}`, ...offered(ctx, produce, ctx.seat === null ? null : { type: "produce", target: kind }),
          dataset: keyed(`dp-${kind}`, produce), onclick: produce ? () => ctx.send(produce) : null },
        ctx.t(card.class === "resource" ? "bw.takeLabel" : "bw.makeLabel", { name: cardName(ctx, kind) })),
        h("button", {
          type: "button", class: "bw-open-trade", disabled: !tradeOpen || ctx.busy,
          dataset: { key: `dt-${kind}`, leads: JSON.stringify({ type: "trade", take: [kind] }) },
          onclick: (event) => openMode(ctx, event, "trade", { [kind]: 1 }) },
        ctx.t("bw.tradeFor"))) : null));
}

function deskBar(ctx) {
  const view = ctx.view;
  const form = modeForm(ctx);
  const close = ctx.desk.detail ? h("button", { type: "button", class: "bw-close", dataset: { key: "close" }, onclick: () => closeDesk(ctx) },
    ctx.t("table.close")) : null;
  if (ctx.seat === null || view.phase === "game_over") return close ? h("div", { class: "bw-desk-bar" }, close) : null;
  if (form) {
    const { action, tried } = composed(ctx);
    return h("div", { class: "bw-desk-bar" },
      h("button", {
        type: "button", class: "bw-confirm primary", ...offered(ctx, action, tried),
        dataset: keyed("confirm", action), onclick: action ? () => ctx.send(action) : null },
      ctx.desk.mode === "trade" ? ctx.t("bw.confirmTrade") : ctx.t("bw.confirmBrownie")),
      h("button", { type: "button", class: "bw-cancel", dataset: { key: "cancel" }, onclick: () => closeDesk(ctx) }, ctx.t("bw.cancel")));
  }
  const myTurn = isMyTurn(ctx);
  const end = myTurn ? view.legal.find((a) => a.type === "end_turn") : null;
  const canTrade = myTurn && view.legal.some((a) => a.type === "trade");
  return h("div", { class: "bw-desk-bar" },
    h("button", {
      type: "button", class: `bw-open-trade${canTrade ? " legal" : ""}`, disabled: !canTrade || ctx.busy,
      dataset: { key: "trade", mode: "trade", leads: JSON.stringify({ type: "trade" }) }, onclick: (event) => openMode(ctx, event, "trade") },
    ctx.t("bw.trade")),
    close,
    h("span", { class: "bw-spacer" }),
    h("button", {
      type: "button", class: `bw-end${end ? " legal primary" : ""}`, ...offered(ctx, end, { type: "end_turn" }),
      dataset: keyed("end", end), onclick: end ? () => ctx.send(end) : null },
    ctx.t("bw.endTurn")));
}

function desk(ctx) {
  // Over, the game leaves the desk only a card opened to read: no hint pinned over the final panels.
  if (ctx.view.phase === "game_over" && !ctx.desk.detail) return null;
  const mine = isMyTurn(ctx);
  const form = modeForm(ctx);
  return h("section", { class: `bw-desk${form ? " composing" : ""}${mine ? " mine" : ""}`, "aria-label": ctx.t("bw.desk") },
    h("div", { class: "bw-desk-body" }, deskBody(ctx)),
    form ? verdictLine(ctx) : null,
    deskBar(ctx));
}

function resultPanel(ctx) {
  const view = ctx.view;
  if (view.phase !== "game_over" || !view.outcome) return null;
  const outcome = view.outcome;
  const winners = outcome.winners ?? [];
  const scores = outcome.scores ?? view.players.map((p) => p.vp);
  const top = winners.length ? scores[winners[0]] : Math.max(...scores);
  const names = ctx.names(winners);
  const one = winners.length === 1;
  const headline = outcome.reason === "ten_points" ? ctx.t("bw.winsTen", { name: nameOf(ctx, winners[0]), vp: top })
    : outcome.reason === "vp_supply_empty" ? ctx.t(one ? "bw.winsSupplyOne" : "bw.winsSupply", { names, vp: top })
      : ctx.t(one ? "bw.winsLimitOne" : "bw.winsLimit", { names, vp: top });
  const order = view.players.map((p) => p.seat).sort((a, b) => scores[b] - scores[a] || a - b);
  const row = (seat) => {
    const player = view.players[seat];
    const won = winners.includes(seat);
    return h("tr", { class: won ? "winner" : null },
      h("th", { scope: "row" }, badge(ctx, seat)),
      h("td", { class: "bw-final" }, ctx.t("bw.vpN", { n: scores[seat] })),
      h("td", { class: "bw-final-detail" }, player.area.map((k) => mini(ctx, k)), vpCards(ctx, player.vp_cards)),
      h("td", { class: "bw-final-win" }, won ? h("span", { class: "bw-win-tag" }, "★ ", ctx.t("bw.winner")) : ""));
  };
  return h("section", { class: "bw-result" },
    h("p", { class: "bw-headline" }, star(true), " ", headline),
    h("table", { class: "bw-scores" }, h("caption", {}, ctx.t("bw.scores")), h("tbody", {}, order.map(row))));
}

export function render(root, shared) {
  const ctx = withDesk(kit(root, shared), shared);
  const view = ctx.view;
  // The other shops clockwise from this seat, as they sit around the table.
  const others = ctx.around().filter((seat) => seat !== ctx.seat);
  const turn = view.phase === "game_over" ? "over" : isMyTurn(ctx) ? "mine" : "other";
  fill(root, h("div", { class: `brownies n${view.seats}`, dataset: { turn, main: view.main_action_done ? "done" : "todo" } },
    statusBar(ctx),
    resultPanel(ctx),
    h("div", { class: "bw-others" }, others.map((seat) => seatPanel(ctx, seat))),
    marketView(ctx),
    happened(ctx),
    ctx.seat === null ? null : myShop(ctx),
    desk(ctx)));
  // What an open desk asks for, for the page to keep in view: its confirm once it may be sent, else the cards it lists.
  if (modeForm(ctx)) {
    const asked = root.querySelector(".bw-confirm:not(:disabled, [data-why])") ?? root.querySelector(".bw-desk .bw-opt");
    asked?.setAttribute("data-asked", "");
  }
  // A control used up by its own action (a produce, a trade's confirm) hands focus to the desk's next step.
  ctx.table.handFocus(".bw-desk-bar button:not(:disabled, [data-why])");
}

export function prompt(shared) {
  const ctx = withDesk(kitOf(shared), shared);
  const view = ctx.view;
  if (view.phase === "game_over") {
    const winners = view.outcome?.winners ?? [];
    return winners.length ? ctx.t("p.overWon", { names: ctx.names(winners) }) : ctx.t("p.noWinner");
  }
  if (ctx.seat === null) return ctx.t("p.watching", { name: nameOf(ctx, view.active_seat) });
  if (!isMyTurn(ctx)) return null; // the page's own "waiting for …" line
  const form = modeForm(ctx);
  if (form) return deskIntro(ctx, form);
  if (view.main_action_done) return ctx.t("p.mainDone");
  if (!view.legal.some((a) => a.type === "produce" || a.type === "trade")) return ctx.t("p.noMain");
  return ctx.t("p.yourTurn");
}

// --- the story ------------------------------------------------------------------------------

/** One produce, trade or brownie action in words (the public record: a turn move or an event). */
function moveText(ctx, move) {
  const name = nameOf(ctx, move.seat);
  const cards = (list) => listCards(ctx, list);
  if (move.action === "produce") {
    const target = cardName(ctx, move.gained[0]);
    if (!move.paid.length && !move.shown.length) return ctx.t("log.took", { name, card: target });
    return ctx.t("log.produced", { name, card: target })
      + (move.paid.length ? ctx.t("log.paying", { cards: cards(move.paid) }) : "")
      + (move.shown.length ? ctx.t("log.showing", { cards: cards(move.shown) }) : "");
  }
  if (move.action === "trade") {
    return ctx.t("log.traded", { name, paid: cards(move.paid), gained: cards(move.gained) })
      + (move.lost ? ctx.t("log.lost", { n: move.lost }) : "");
  }
  let text = ctx.t("log.brownie", { name, building: cardName(ctx, move.building) });
  if (move.shown.length) text += ctx.t("log.bShowed", { cards: cards(move.shown) });
  if (move.paid.length) text += ctx.t("log.bPaid", { cards: cards(move.paid) });
  if (move.gained.length) text += ctx.t("log.bGained", { cards: cards(move.gained) });
  if (move.vp) text += ctx.t("log.bVp", { n: move.vp });
  if (move.drew) text += ctx.t("log.bDrew");
  if (move.lost) text += ctx.t("log.lost", { n: move.lost });
  return text;
}

export function describe(event, ctx) {
  const name = (seat) => nameOf(ctx, seat);
  switch (event.kind) {
    case "produced":
    case "traded":
    case "brownie_used":
      return moveText(ctx, event);
    case "card_drawn":
      return ctx.t("log.cardDrawn", { card: cardName(ctx, event.card) });
    case "deck_reshuffled":
      return ctx.t("log.reshuffled", { deck: ctx.t(`deck.${event.deck}`) });
    case "turn_ended":
      return ctx.t("log.turnEnded", { name: name(event.seat) });
    case "turn_started": {
      const roundStart = event.seat === ctx.view?.start_seat;
      let text = ctx.t(roundStart ? "log.round" : "log.turn", { turn: event.turn, round: event.round, name: name(event.seat) });
      const drawn = [...(event.buildings ?? []), ...(event.secondary ?? []), ...(event.primary ?? [])];
      if (drawn.length) text += ctx.t("log.refilled", { cards: listCards(ctx, drawn) });
      const decks = (event.reshuffled ?? []).map((d) => ctx.t(`deck.${d}`)).join(listSep(ctx));
      if (decks) text += ctx.t("log.reshuffledDeck", { decks });
      return text;
    }
    case "game_ended": {
      const scores = (event.scores ?? []).map((vp, seat) => `${name(seat)} ${ctx.t("bw.vpN", { n: vp })}`).join(listSep(ctx));
      return ctx.t(`log.over.${event.reason}`, { names: ctx.names(event.winners ?? []), scores });
    }
    default:
      return null;
  }
}
