// Queen of Hansa at the table: four city spaces with their prosperity tracks in the middle,
// the merchants around the edge, your hand and a select-then-confirm play along the bottom.
import { h, seatBadge, nameOf } from "../dom.js";
import { kit, kitOf, flipMarks } from "../kit.js";

const CITIES = Object.freeze(["LON", "BRU", "BER", "NOV"]);
const SHAPE = Object.freeze({ LON: "■", BRU: "●", BER: "▲", NOV: "◆" }); // colour is never alone: every city has a shape
const NAMES = Object.freeze({ LON: ["ロンドン", "London"], BRU: ["ブリュージュ", "Bruges"], BER: ["ベルゲン", "Bergen"], NOV: ["ノヴゴロド", "Novgorod"] });
const STEPS = Object.freeze(["card", "face", "adjust", "take"]);

// --- small helpers ---------------------------------------------------------------------------

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");
const cityName = (ctx, city) => ctx.t(`hz.city.${city}`);
const faceOf = (ctx, id) => ctx.catalog?.cards?.[id] ?? { city: id.slice(0, 3), power: "?", cube_icon: false, person: null };
const sepOf = (ctx) => (ctx.lang === "ja" ? "、" : ", "); // between the items of a list in a line
const rankText = (ctx, rank) => (rank ? ctx.t(`hz.rank${Math.min(rank, 4)}`) : ctx.t("hz.unranked"));

function cardText(ctx, id) {
  const c = faceOf(ctx, id);
  return ctx.t(c.person ? "hz.cardP" : "hz.card", { city: cityName(ctx, c.city), power: c.power, person: c.person });
}

function cardLabel(ctx, id) {
  const c = faceOf(ctx, id);
  return ctx.t("hz.cardLabel", { city: cityName(ctx, c.city), power: c.power })
    + (c.person ? ctx.t("hz.cardLabelPerson", { person: c.person }) : "")
    + (c.cube_icon ? ctx.t("hz.cardLabelIcon") : "");
}

function tag(ctx, kind, text) {
  return h("span", { class: "hz-note" }, h("em", { class: `hz-tag ${kind}` }, ctx.t(`hz.tag.${kind}`)), " ", text);
}

// --- drawn components ------------------------------------------------------------------------

function cubeEl(ctx, city, extra = "") {
  return h("span", { class: `hz-cube cube-${city} ${extra}`, role: "img", title: ctx.t("hz.cubeOf", { city: cityName(ctx, city) }),
    "aria-label": ctx.t("hz.cubeOf", { city: cityName(ctx, city) }) }, SHAPE[city]);
}

function cityBadge(ctx, city) {
  return h("span", { class: `hz-citybadge city-${city}` },
    h("span", { class: "hz-shape", "aria-hidden": "true" }, SHAPE[city]),
    h("span", { class: "hz-cityname" }, cityName(ctx, city)),
    h("span", { class: "hz-code" }, city));
}

/**
 * A card drawn in CSS: the city band with its shape, the power large, the person and the cube icon.
 * Every face shown is the card itself, so it travels between board, hand and tableau; `from` is where
 * it comes from when it was nowhere in sight (the deck, a merchant's hidden hand).
 */
function cardEl(ctx, id, { tag: tagName = "div", size = "board", cube = null, cls = "", attrs = {}, badge = null, from = [] } = {}) {
  const c = faceOf(ctx, id);
  let label = cardLabel(ctx, id);
  if (cube) label += ` + ${ctx.t("hz.cubeOf", { city: cityName(ctx, cube) })}`;
  const dataset = { ...attrs.dataset, ...flipMarks(`card-${id}`, { from, face: true }) };
  return h(tagName, { class: `card hz-card ${size} city-${c.city} ${cls}`, "aria-label": label, title: tagName === "button" ? null : label, ...attrs, dataset },
    h("span", { class: "hz-band", "aria-hidden": "true" }, h("span", { class: "hz-shape" }, SHAPE[c.city]), h("span", { class: "hz-code" }, c.city)),
    h("span", { class: "hz-power", "aria-hidden": "true" }, c.power),
    size === "big" ? h("span", { class: "hz-names", "aria-hidden": "true" }, h("span", {}, NAMES[c.city][0]), h("span", {}, NAMES[c.city][1])) : null,
    c.person ? h("span", { class: "hz-person", "aria-hidden": "true" }, c.person) : null,
    c.cube_icon ? h("span", { class: "hz-icon", "aria-hidden": "true" }) : null,
    cube ? cubeEl(ctx, cube, "on-card") : null,
    badge);
}

/** The mark of a chosen card, not only a colour (aria-pressed says it to assistive technology). */
const tick = () => h("span", { class: "hz-tick", "aria-hidden": "true" }, "✓");

function backEl(ctx, { size = "mini", cls = "", label = null, children = [] } = {}) {
  return h("div", { class: `card back hz-card ${size} ${cls}`, role: "img", "aria-label": label ?? ctx.t("hz.back") }, ...children);
}

// --- the selection (select, then confirm) -----------------------------------------------------
// A play is put together from up to four parts (card, face, marker move, take) and a keep from two
// cards, each part narrowing the legal actions that remain: the kit's composer over view.legal. A take
// with only one possibility is chosen for the player; they still confirm.

const PLAY_STEPS = Object.freeze(STEPS.map((name) => ({ name, auto: name === "take" })));
const KEEP_STEPS = Object.freeze([{ name: "keep", of: (a) => a.cards, many: true }]);
const playing = (view) => view.legal.some((a) => a.type === "play");

// What a part makes when nothing may be played now (another's turn, a keep already made, the end):
// a play or keep of it, whose refusal says why not.
function wouldPlay(ctx) {
  const hand = ctx.seat === null ? [] : ctx.view.players[ctx.seat]?.hand ?? [];
  return (step, value, chosen) => {
    const card = step === "card" ? value : chosen.card ?? hand[0];
    return card ? { type: "play", card, face: "up", adjust: null, take: null } : null;
  };
}

function wouldKeep(ctx) {
  const hand = ctx.seat === null ? [] : ctx.view.players[ctx.seat]?.hand ?? [];
  return (step, value) => {
    const other = hand.find((card) => card !== value);
    return other ? { type: "keep", cards: [value, other] } : null;
  };
}

function selection(table, ctx) {
  const legal = ctx.view.legal;
  // One confirm in the bar; Tab walks the open options, and those not open that can say why not.
  const shared = { confirmKey: "confirm", disableClosed: true };
  const play = table.composer("play", { ...shared, steps: PLAY_STEPS, actions: legal.filter((a) => a.type === "play"), would: wouldPlay(ctx) });
  const keep = table.composer("keep", { ...shared, steps: KEEP_STEPS, actions: legal.filter((a) => a.type === "keep" && a.cards.length === 2),
                                        would: wouldKeep(ctx) });
  return { play, keep, picks: play.chosen, kept: keep.chosen.keep ?? [] };
}

function selectionSummary(ctx, sel) {
  const v = ctx.view;
  const parts = [];
  if (sel.picks.card) parts.push(ctx.t(sel.picks.face === "down" ? "s.down" : "s.up", { card: cardText(ctx, sel.picks.card) }));
  if (sel.picks.adjust) {
    const pos = v.prosperity[sel.picks.adjust.city] + sel.picks.adjust.delta;
    parts.push(ctx.t("s.adjust", { city: cityName(ctx, sel.picks.adjust.city), delta: signed(sel.picks.adjust.delta), pos }));
  }
  if (sel.picks.take) {
    const slot = v.board[sel.picks.take.space][sel.picks.take.slot];
    let text = ctx.t("s.take", { card: cardText(ctx, slot.card), city: cityName(ctx, sel.picks.take.space) });
    if (slot.cube) text += ` (${ctx.t("s.cube", { city: cityName(ctx, slot.cube) })})`;
    parts.push(text);
    const delta = v.take_triggers[sel.picks.take.space];
    if (delta !== null) {
      parts.push(ctx.t("s.trigger", { city: cityName(ctx, sel.picks.take.space), delta: signed(delta) }));
    }
  }
  return parts.join(sepOf(ctx));
}

// --- the table -------------------------------------------------------------------------------

function statusBar(ctx) {
  const v = ctx.view;
  const used = Object.fromEntries(Object.entries(v.triggered).filter(([, k]) => k).map(([city, k]) => [k, city]));
  const chips = ctx.catalog.tables.trigger_deltas.map((delta, i) => {
    const city = used[i + 1];
    const isNext = v.phase === "turns" && i === v.triggers_this_round;
    return h("li", { class: `hz-trig ${city ? "used" : ""} ${isNext ? "next" : ""}`,
      title: city ? cityName(ctx, city) : isNext ? ctx.t("hz.next") : null },
      h("span", { class: "d" }, signed(delta)),
      city ? h("span", { class: `hz-shape city-${city}`, "aria-label": cityName(ctx, city) }, SHAPE[city]) : null);
  });
  const phaseText = v.phase === "opening_draft" ? ctx.t("hz.draft") : v.phase === "game_over" ? ctx.t("table.gameOver")
    : ctx.t("hz.turn", { n: Math.min(v.turns_taken + 1, v.turns_in_round), of: v.turns_in_round });
  return h("div", { class: "hz-status" },
    h("span", { class: "hz-round" }, ctx.t("hz.round", { n: v.round, of: ctx.catalog.rounds })),
    h("span", { class: "hz-phase" }, phaseText),
    h("span", { class: "hz-deck", dataset: { flipPlace: "deck" } }, h("span", { class: "hz-mini-back", "aria-hidden": "true" }), ctx.t("hz.deck", { n: v.deck_count })),
    h("span", { class: "hz-triggers", title: ctx.t("hz.triggersTitle") },
      h("span", { class: "lbl" }, ctx.t("hz.triggers")), h("ol", { "aria-label": ctx.t("hz.triggersTitle") }, chips)));
}

function trackEl(ctx, city, sel) {
  const v = ctx.view;
  const pos = v.prosperity[city];
  const adjustButton = (delta) => {
    const value = { city, delta };
    const hot = sel.play.next === "adjust" && sel.play.isOpen("adjust", value);
    const pressed = sel.play.isChosen("adjust", value);
    return h("button", { ...sel.play.option("adjust", value, `adj-${city}${delta}`), class: `hz-adj ${delta < 0 ? "minus" : "plus"} ${hot ? "hot" : ""}`,
      "aria-label": ctx.t("hz.moveMarker", { city: cityName(ctx, city), delta: signed(delta) }) },
      pressed ? "✓" : delta < 0 ? "◀" : "▶", h("span", { class: "n" }, signed(delta))); // chosen: a tick, not only a colour
  };
  const { adjust } = sel.picks;
  const preview = adjust && adjust.city === city ? pos + adjust.delta : null;
  const cells = ctx.catalog.track.map((step) => h("li", {
    class: `hz-cell ${step.position === pos ? "marker" : ""} ${step.position === preview ? "preview" : ""} ${[3, 6, 9].includes(step.position) ? "up" : ""}`,
    title: ctx.t("hz.income", step) }, step.position === pos ? h("span", { class: "m", "aria-hidden": "true" }, SHAPE[city]) : null,
    h("span", { class: "v" }, step.first)));
  return h("div", { class: "hz-track" }, adjustButton(-1),
    h("ol", { class: "hz-cells", "aria-label": `${cityName(ctx, city)}: ${pos}` }, cells), adjustButton(1));
}

function spaceEl(ctx, city, sel) {
  const v = ctx.view;
  const row = v.board[city];
  const pos = v.prosperity[city];
  const track = ctx.catalog.track[pos];
  const k = v.triggered[city];
  const flag = k ? h("span", { class: "hz-flag done" }, ctx.t("hz.triggered", { k, delta: signed(ctx.catalog.tables.trigger_deltas[k - 1]) }))
    : v.take_triggers[city] !== null
      ? h("span", { class: "hz-flag warn", title: ctx.t("note.trigger") }, "⚑ ", ctx.t("hz.warn3", { delta: signed(v.take_triggers[city]) }))
      : h("span", { class: "hz-flag" }, row.length ? "" : ctx.t("hz.emptySpace"));
  const takeStep = sel.play.next === "take";
  const slots = Array.from({ length: v.space_capacity }, (_, i) => {
    const slot = row[i];
    if (!slot) return h("div", { class: `hz-slot ${i < 2 ? "front" : ""}` }, h("div", { class: "card hz-card board empty" }));
    if (i > 1) {
      return h("div", { class: `hz-slot ${takeStep ? "dim" : ""}` },
        cardEl(ctx, slot.card, { cube: slot.cube, from: ["deck"] }));
    }
    const value = { space: city, slot: i };
    const open = sel.play.isOpen("take", value);
    const pressed = sel.play.isChosen("take", value);
    return h("div", { class: `hz-slot front ${takeStep && !open ? "dim" : ""}` },
      cardEl(ctx, slot.card, { tag: "button", cube: slot.cube, from: ["deck"],
        cls: `${open && takeStep ? "hot" : ""} ${pressed ? "selected" : ""}`,
        attrs: sel.play.option("take", value, `take-${city}-${i}`), badge: pressed ? tick() : null }));
  });
  const powers = v.players.map((p) => p.power[city]);
  const { ranks: rk, payouts } = v.standings[city]; // were the round settled now (§6.1), as the server reckons it
  const order = ctx.around();
  const standings = order.map((s) => h("li", { class: `seat-${s} ${rk[s] === 1 ? "top" : ""}` },
    h("span", { class: "who" }, nameOf(ctx, s)),
    h("span", { class: "pw", title: ctx.t("hz.powerTitle") }, powers[s]),
    h("span", { class: "rk" }, rk[s] ? `${rankText(ctx, rk[s])} +${payouts[s]}` : ctx.t("hz.unranked"))));
  return h("section", { class: `hz-space city-${city} ${sel.picks.adjust?.city === city ? "adjusting" : ""}`, "aria-label": ctx.t("hz.space", { city: cityName(ctx, city) }) },
    h("header", { class: "hz-space-head" }, cityBadge(ctx, city), h("span", { class: "hz-income" }, ctx.t("hz.income", track)), flag),
    trackEl(ctx, city, sel),
    h("div", { class: "hz-row" }, slots),
    h("div", { class: `hz-standings ${v.phase === "game_over" ? "over" : ""}` }, h("span", { class: "lbl" }, ctx.t("hz.ifNow")), h("ol", {}, standings)));
}

/** What just happened (the last turn) and the round's news (who began it, the last settlement), in two steady parts. */
function lastMove(ctx, fresh) {
  const v = ctx.view;
  const prev = ctx.previous;
  const justSettled = Boolean(prev && v.settlements.length > prev.settlements.length);
  const turn = v.last_turn;
  let move = "";
  if (v.phase === "opening_draft") {
    move = ctx.t("last.draft");
  } else if (turn) {
    const bits = [ctx.t(turn.face === "up" ? "last.up" : "last.down", { name: nameOf(ctx, turn.seat), card: turn.card ? cardText(ctx, turn.card) : "" })];
    if (turn.adjust) bits.push(ctx.t("last.adjust", { city: cityName(ctx, turn.adjust.city), delta: signed(turn.adjust.delta), pos: turn.adjust.position }));
    if (turn.take) {
      let take = ctx.t("last.take", { card: cardText(ctx, turn.take.card), city: cityName(ctx, turn.take.space) });
      if (turn.take.cube) take += ` (${ctx.t("s.cube", { city: cityName(ctx, turn.take.cube) })})`;
      bits.push(take);
    }
    if (turn.trigger) {
      bits.push(ctx.t("last.trigger", { city: cityName(ctx, turn.trigger.city), k: turn.trigger.ordinal,
        delta: signed(turn.trigger.delta), pos: turn.trigger.position }));
    }
    move = bits.join(ctx.lang === "ja" ? "。" : " · ");
  } else if (v.phase === "turns") {
    move = ctx.t("last.none", { name: nameOf(ctx, v.current_player) });
  }
  const news = [];
  const notes = [];
  if (v.phase === "opening_draft") {
    notes.push(tag(ctx, "option", ctx.t("note.draft")));
  } else {
    if (v.phase === "turns") news.push(ctx.t("last.roundBegan", { round: v.round, name: nameOf(ctx, v.round_first_player) }));
    const s = v.settlements[v.settlements.length - 1];
    if (s) {
      news.push(ctx.t("last.settled", { round: s.round, list: s.incomes.map((n, seat) =>
        ctx.t("hz.plus", { name: nameOf(ctx, seat), n, total: s.totals[seat] })).join(sepOf(ctx)) }));
    }
    if (v.phase === "turns") {
      notes.push(tag(ctx, "house", ctx.t(v.round === 1 ? "note.rotate1" : "note.rotate")));
      if (v.round > 1) notes.push(tag(ctx, "interp", ctx.t("note.refill")));
    }
  }
  return h("div", { class: "hz-last" },
    h("p", { class: "hz-move" }, move),
    h("div", { class: `hz-news ${justSettled && fresh ? "flash" : ""}` },
      news.length ? h("p", {}, news.join(ctx.lang === "ja" ? "" : " ")) : null,
      notes.length ? h("p", { class: "hz-notes" }, notes) : null));
}

/** A merchant's cards face up by city; `from`: where a card played from a hidden hand comes from. */
function cityColumns(ctx, p, from = []) {
  return h("div", { class: "hz-cols" }, CITIES.map((city) => {
    const cards = p.tableau_up.filter((id) => faceOf(ctx, id).city === city);
    const cubes = Array.from({ length: p.screen[city] }, () => cubeEl(ctx, city));
    return h("div", { class: `hz-col city-${city}` },
      h("div", { class: "hz-col-head", title: ctx.t("hz.powerTitle") },
        h("span", { class: "hz-shape", "aria-hidden": "true" }, SHAPE[city]), h("span", { class: "hz-code" }, city),
        h("strong", { class: "hz-pw", "aria-label": `${cityName(ctx, city)} ${ctx.t("hz.power")} ${p.power[city]}` }, p.power[city])),
      h("div", { class: "hz-col-cards" }, cards.map((id) => cardEl(ctx, id, { size: "mini", from })), cubes));
  }));
}

function downPile(ctx, p, revealed) {
  if (revealed) {
    return h("div", { class: "hz-group hz-down" }, h("span", { class: "lbl" }, ctx.t("hz.faceDownShort")),
      h("div", { class: "hz-minis" }, revealed.map((id) => cardEl(ctx, id, { size: "mini", cls: "down", from: [`down-${p.seat}`] }))),
      p.lubeck_power !== null ? h("span", { class: "hz-lp" }, ctx.t("hz.lubeckPower", { n: p.lubeck_power })) : null);
  }
  const byRound = [1, 2, 3].map((r) => p.down_played.filter((d) => d.round === r).length);
  return h("div", { class: "hz-group hz-down", title: ctx.t("hz.faceDownPile") }, h("span", { class: "lbl" }, ctx.t("hz.faceDownShort")),
    h("div", { class: "hz-pile", dataset: { flipPlace: `down-${p.seat}` } }, p.down_count
      ? [backEl(ctx, { label: `${ctx.t("hz.faceDownPile")} ×${p.down_count}`, children: [h("span", { class: "cnt" }, `×${p.down_count}`)] }),
         h("span", { class: "hz-rounds" }, byRound.map((n, i) => (n ? ctx.t("hz.byRound", { r: i + 1, n }) : null)).filter(Boolean).join(" "))]
      : h("span", { class: "hz-zero" }, "0")));
}

function personsOf(ctx, ids) {
  const kinds = [...new Set(ids.map((id) => faceOf(ctx, id).person).filter(Boolean))].sort();
  return kinds.length ? ctx.t("hz.notables", { list: kinds.join(" ") }) : ctx.t("hz.notablesNone");
}

function seatHead(ctx, p, withLeft = true) {
  const v = ctx.view;
  const player = ctx.players.find((x) => x.seat === p.seat);
  const mark = v.phase === "turns" && v.current_player === p.seat ? h("span", { class: "hz-turn-tag" }, "▶ ", ctx.t("hz.toPlay"))
    : v.phase === "opening_draft" ? h("span", { class: `hz-chosen ${p.draft_chosen ? "on" : ""}` }, p.draft_chosen ? `✓ ${ctx.t("hz.chosen")}` : ctx.t("hz.choosing"))
    : null;
  return h("div", { class: "hz-seat-head" },
    seatBadge(player ?? { seat: p.seat, name: nameOf(ctx, p.seat), presence: "away" }, ctx),
    v.phase === "turns" && v.round_first_player === p.seat ? h("span", { class: "hz-first", title: ctx.t("hz.startsTitle") }, ctx.t("hz.starts")) : null,
    mark,
    h("span", { class: "hz-money", title: ctx.t("hz.money") }, h("span", { class: "coin", "aria-hidden": "true" }), h("span", { class: "sr" }, `${ctx.t("hz.money")} `), p.score),
    withLeft ? turnsLeftEl(ctx, p) : null);
}

function turnsLeftEl(ctx, p) {
  const v = ctx.view;
  if (v.phase !== "turns") return null;
  const left = p.turns_left;
  return h("span", { class: `hz-left ${left === 1 ? "one" : ""}` },
    left === 0 ? ctx.t("hz.turnsLeft0") : left === 1 ? ctx.t("hz.turnsLeft1") : ctx.t("hz.turnsLeft", { n: left }));
}

function opponentEl(ctx, p) {
  const v = ctx.view;
  const over = v.phase === "game_over";
  let hand;
  if (v.phase === "opening_draft") {
    hand = Array.from({ length: p.draft_chosen ? 2 : p.hand_count }, () =>
      backEl(ctx, { cls: p.draft_chosen ? "chosen" : "", children: p.draft_chosen ? [h("span", { class: "tick" }, "✓")] : [] }));
  } else if (over && p.hand) {
    hand = p.hand.map((id) => cardEl(ctx, id, { size: "mini", from: [`hand-${p.seat}`] }));
  } else {
    hand = [...p.known_hand.map((id) => cardEl(ctx, id, { size: "mini" })),
            ...Array.from({ length: p.unknown_count }, () => backEl(ctx))];
  }
  return h("section", { class: `hz-seat seat-${p.seat} ${v.current_player === p.seat ? "active" : ""}`, "aria-label": nameOf(ctx, p.seat) },
    seatHead(ctx, p, false),
    h("div", { class: "hz-handline" },
      h("div", { class: "hz-group", dataset: { flipPlace: `hand-${p.seat}` } }, h("span", { class: "lbl" }, ctx.t("hz.hand")), h("div", { class: "hz-minis" }, hand)),
      !over && p.unplaced.length ? h("div", { class: "hz-group hz-unplaced" }, h("span", { class: "lbl" }, ctx.t("hz.unplaced")),
        h("div", { class: "hz-minis" }, p.unplaced.map((id) => cardEl(ctx, id, { size: "mini", cls: "maybe" })))) : null,
      downPile(ctx, p, over ? p.tableau_down : null),
      turnsLeftEl(ctx, p)),
    cityColumns(ctx, p, [`hand-${p.seat}`]));
}

function myArea(ctx, sel) {
  const v = ctx.view;
  const me = v.players[ctx.seat];
  const draft = v.phase === "opening_draft";
  const myTurn = playing(v);
  const step = sel.play.next;
  const known = me.known_hand;
  const hand = (me.hand ?? []).map((id) => {
    const open = draft ? sel.keep.isOpen("keep", id) : sel.play.isOpen("card", id);
    const picked = draft ? sel.kept.includes(id) || (v.my_keep ?? []).includes(id) : sel.picks.card === id;
    const hot = open && (draft || step === "card");
    const attrs = { ...(draft ? sel.keep.option("keep", id, `hand-${id}`) : sel.play.option("card", id, `hand-${id}`)), "aria-pressed": String(picked) };
    const cls = `${picked ? "selected" : ""} ${hot ? "hot" : ""}`;
    const badge = [!draft && known.includes(id) ? h("span", { class: "hz-seen", title: ctx.t("hz.seenTitle") }, ctx.t("hz.seen")) : null,
      picked ? tick() : null];
    return cardEl(ctx, id, { tag: "button", size: "big", cls, attrs, badge, from: ["deck"] });
  });
  const faceButton = (face) => {
    const open = sel.play.isOpen("face", face);
    const c = sel.picks.card ? faceOf(ctx, sel.picks.card) : null;
    const ownEmpty = c && !v.board[c.city].length;
    const hint = !c ? "" : face === "up"
      ? ctx.t(ownEmpty ? "hz.faceUpHintAny" : "hz.faceUpHint", { power: c.power, city: cityName(ctx, c.city) })
      : ctx.t("hz.faceDownHint", { power: c.power });
    return h("button", { ...sel.play.option("face", face, `face-${face}`), class: `hz-face ${face} ${open && step === "face" ? "hot" : ""}` },
      h("span", { class: "hz-face-icon", "aria-hidden": "true" }),
      h("span", { class: "hz-face-text" }, h("strong", {}, ctx.t(face === "up" ? "hz.faceUp" : "hz.faceDown")), h("small", {}, hint || "\u00a0")));
  };
  const mine = [...(me.hand ?? []), ...me.tableau_up, ...(me.tableau_down ?? [])];
  return h("section", { class: `hz-me seat-${ctx.seat} ${myTurn || (draft && v.legal.length) ? "active" : ""}`, "aria-label": ctx.t("hz.yourHand") },
    seatHead(ctx, me),
    h("div", { class: "hz-me-play" },
      h("div", { class: "hz-me-hand" }, h("h3", {}, ctx.t("hz.yourHand")), h("div", { class: "hand hz-hand" }, hand)),
      draft || v.phase === "game_over" ? null : h("div", { class: "hz-faces" }, faceButton("up"), faceButton("down"))),
    h("div", { class: "hz-me-table" },
      cityColumns(ctx, me),
      h("div", { class: "hz-me-down" },
        h("span", { class: "lbl" }, ctx.t("hz.yourFaceDown")),
        h("div", { class: "hz-minis" }, (me.tableau_down ?? []).map((id) => cardEl(ctx, id, { size: "mini", cls: "down" }))),
        h("span", { class: "hz-lp" }, ctx.t("hz.lubeckPower", { n: me.lubeck_power ?? 0 })),
        h("span", { class: "hz-persons" }, personsOf(ctx, mine)))));
}

/** The step notes: the tagged rules that matter for the choice in front of the player. */
function stepNotes(ctx, sel) {
  const v = ctx.view;
  const step = sel.play.next;
  const notes = [];
  if (v.phase === "opening_draft") return [];
  if (step === "face") notes.push(tag(ctx, "interp", ctx.t("note.faceDown")));
  if (step === "adjust") notes.push(tag(ctx, "interp", ctx.t("note.adjust")));
  if (step === "take" || (sel.picks.take && step === null)) {
    const c = sel.picks.card ? faceOf(ctx, sel.picks.card) : null;
    if (sel.picks.face === "up" && c && !v.board[c.city].length) notes.push(tag(ctx, "house", ctx.t("note.ownEmpty", { city: cityName(ctx, c.city) })));
    if (sel.picks.take && v.take_triggers[sel.picks.take.space] !== null) notes.push(tag(ctx, "interp", ctx.t("note.trigger")));
    if (sel.picks.face === "down") notes.push(tag(ctx, "interp", ctx.t("note.takeSlots")));
    if (CITIES.some((city) => v.take_triggers[city] !== null)) notes.push(tag(ctx, "interp", ctx.t("note.trigger")));
  }
  return notes.slice(0, 1);
}

function actionBar(ctx, sel) {
  const v = ctx.view;
  if (ctx.seat === null || v.phase === "game_over") return null;
  const draft = v.phase === "opening_draft";
  const myTurn = draft ? v.legal.length > 0 : playing(v);
  const composer = draft ? sel.keep : sel.play;
  const step = composer.next;
  const picks = sel.picks;
  const chips = draft ? [h("li", { class: `hz-stepchip ${sel.kept.length === 2 ? "done" : "now"}` },
      h("span", { class: "k" }, ctx.t("hz.step.keep")), " ",
      sel.kept.length ? sel.kept.map((id) => cardText(ctx, id)).join(" · ") : ctx.t("s.pick"))]
    : STEPS.filter((s) => s !== "adjust" || picks.face !== "up").map((s) => {
      let text = ctx.t("s.pick");
      if (s === "card" && picks.card) text = cardText(ctx, picks.card);
      if (s === "face" && picks.face) text = ctx.t(picks.face === "up" ? "hz.faceUp" : "hz.faceDown");
      if (s === "adjust" && picks.adjust) text = `${cityName(ctx, picks.adjust.city)} ${signed(picks.adjust.delta)}`;
      if (s === "take" && picks.take) text = cardText(ctx, v.board[picks.take.space][picks.take.slot].card);
      const state = s in picks ? "done" : s === step ? "now" : "";
      return h("li", { class: `hz-stepchip ${state}` }, h("span", { class: "k" }, ctx.t(`hz.step.${s}`)), " ", text);
    });
  const hasPick = draft ? sel.kept.length > 0 : "card" in picks;
  return h("div", { class: `hz-bar ${myTurn ? "mine" : ""}`, role: "group", "aria-label": ctx.t("hz.yourPlay"),
    dataset: myTurn ? { next: step ?? "confirm" } : {} },
    h("div", { class: "hz-bar-main" },
      h("ol", { class: "hz-steps" }, myTurn ? chips : h("li", { class: "hz-stepchip wait" }, promptFor(ctx, sel) ?? "")),
      h("div", { class: "hz-bar-notes" }, myTurn ? stepNotes(ctx, sel) : null)),
    h("div", { class: "hz-bar-buttons" },
      h("button", { type: "button", class: "hz-clear", disabled: !myTurn || !hasPick || ctx.busy, dataset: { key: "clear" },
        onclick: () => composer.clear() }, ctx.t("hz.clear")),
      // Not ready: aria-disabled, so that the focus stays here when a choice is taken back or the play is sent.
      composer.confirm(ctx.t(draft ? "hz.keep" : "hz.confirm"), "primary hz-confirm")));
}

function scoreBoard(ctx) {
  const v = ctx.view;
  const f = v.final;
  const order = Array.from({ length: v.seats }, (_, i) => i);
  if (f) order.sort((a, b) => f.places[a] - f.places[b] || a - b);
  const head = h("tr", {}, h("th", { scope: "col" }, ctx.t("hz.col.player")),
    [1, 2, 3].map((n) => h("th", { scope: "col" }, ctx.t("hz.col.round", { n }))),
    h("th", { scope: "col" }, ctx.t("hz.col.lubeck")), h("th", { scope: "col" }, ctx.t("hz.col.persons")),
    h("th", { scope: "col" }, ctx.t("hz.col.total")));
  const rows = order.map((seat) => h("tr", { class: `seat-${seat} ${f && f.winners.includes(seat) ? "winner" : ""}` },
    h("th", { scope: "row" }, h("span", { class: "hz-place" }, f ? rankText(ctx, f.places[seat]) : ""), h("span", { class: "seat-bar" }), nameOf(ctx, seat)),
    [0, 1, 2].map((r) => h("td", {}, v.settlements[r] ? `+${v.settlements[r].incomes[seat]}` : "")),
    h("td", {}, f ? `+${f.lubeck_payouts[seat]}` : ""),
    h("td", {}, f ? `+${f.person_sets[seat] + f.person_bonuses[seat]}` : ""),
    h("td", { class: "total" }, v.players[seat].score)));
  return h("table", { class: "hz-scores" }, h("caption", {}, ctx.t("hz.scores")), h("thead", {}, head), h("tbody", {}, rows));
}

/** The settlement breakdowns, one round's open (`shown.round`; null: the latest). */
function settlementEl(ctx, shown) {
  const v = ctx.view;
  if (!v.settlements.length) return h("div", { class: "hz-settle" }, h("p", { class: "muted-felt" }, ctx.t("hz.settle.none")));
  const index = shown.round ?? v.settlements.length - 1;
  const s = v.settlements[index];
  const tabs = v.settlements.map((x, i) => h("button", { type: "button", class: "hz-tab", "aria-pressed": String(i === index),
    dataset: { key: `settle-${i}` }, onclick: () => { shown.round = i; ctx.redraw(); } }, ctx.t("hz.col.round", { n: x.round })));
  const order = Array.from({ length: v.seats }, (_, i) => i);
  const head = h("tr", {}, h("th", {}, ""), s.cities.map((c) => h("th", { scope: "col" }, cityBadge(ctx, c.city),
    h("small", {}, `${ctx.t("hz.settle.pos", { pos: c.position })} · ${ctx.t("hz.incomeShort", ctx.catalog.track[c.position])}`))),
    h("th", { scope: "col" }, ctx.t("hz.settle.cubes")), h("th", { scope: "col" }, ctx.t("hz.settle.income")));
  const rows = order.map((seat) => h("tr", { class: `seat-${seat}` },
    h("th", { scope: "row" }, h("span", { class: "seat-bar" }), nameOf(ctx, seat)),
    s.cities.map((c) => h("td", { class: c.payouts[seat] ? "paid" : "" },
      h("span", { class: "pw" }, c.powers[seat]), " ", h("span", { class: "rk" }, rankText(ctx, c.ranks[seat])),
      c.payouts[seat] ? h("strong", {}, ` +${c.payouts[seat]}`) : null)),
    h("td", {}, CITIES.filter((c) => s.screens[seat][c]).map((c) => cubeEl(ctx, c)), ` +${s.cube_payouts[seat]}`),
    h("td", { class: "total" }, `+${s.incomes[seat]}`)));
  return h("div", { class: "hz-settle" },
    h("div", { class: "hz-settle-head" }, h("h3", {}, ctx.t("hz.settle.title", { n: s.round })), h("div", { class: "hz-tabs" }, tabs)),
    h("div", { class: "hz-scroll" }, h("table", { class: "hz-breakdown" }, h("thead", {}, head), h("tbody", {}, rows))),
    h("p", { class: "hz-notes" }, tag(ctx, "interp", ctx.t("note.ties"))));
}

function winnersLine(ctx, f) {
  return f.winners.length > 1 ? ctx.t("p.overShared", { names: ctx.names(f.winners), score: Math.max(...f.totals) })
    : ctx.t("p.overOne", { name: nameOf(ctx, f.winners[0]), score: f.totals[f.winners[0]] });
}

function resultEl(ctx) {
  const v = ctx.view;
  const f = v.final;
  if (!f || v.phase !== "game_over") return null;
  const headline = winnersLine(ctx, f);
  const order = Array.from({ length: v.seats }, (_, i) => i).sort((a, b) => f.places[a] - f.places[b] || a - b);
  return h("div", { class: "hz-result" },
    h("p", { class: "hz-headline" }, "♛ ", headline),
    h("p", { class: "hz-reason" }, ctx.t(`hz.reason.${v.outcome?.reason ?? "most_money"}`)),
    h("ol", { class: "hz-final" }, order.map((seat) => h("li", { class: `seat-${seat}` },
      h("span", { class: "hz-place" }, rankText(ctx, f.places[seat])), h("span", { class: "seat-bar" }),
      h("strong", {}, nameOf(ctx, seat)), h("span", { class: "total" }, f.totals[seat]),
      h("span", { class: "hz-why" },
        f.lubeck_ranks[seat] ? ctx.t("hz.final.lubeck", { power: f.lubeck_powers[seat], rank: rankText(ctx, f.lubeck_ranks[seat]), pay: f.lubeck_payouts[seat] })
          : ctx.t("hz.final.lubeckNone"),
        " · ",
        ctx.t("hz.final.persons", { kinds: f.person_kinds[seat], set: f.person_sets[seat],
          bonus: f.person_bonuses[seat] ? ctx.t("hz.final.bonus", { n: f.person_bonuses[seat] }) : "" }))))),
    h("p", { class: "hz-notes" }, tag(ctx, "interp", ctx.t("note.persons"))));
}

// The table is a steady frame of parts; a part is drawn again only when what it shows has changed,
// so a pick redraws the board, your area and the play bar, and nothing else moves.
const PARTS = Object.freeze(["status", "result", "others", "screens", "last", "board", "me", "bar", "bottom"]);

export function render(root, ctx) {
  const v = ctx.view;
  const table = kit(root, ctx);
  const sel = selection(table, ctx);
  const frame = table.frame(() => h("div", {}, PARTS.map((name) => h("div", { class: `hz-part hz-part-${name}`, dataset: { part: name } }))));
  frame.className = `hansa seats-${v.seats} ${ctx.seat === null ? "watching" : ""} ${playing(v) ? "my-turn" : ""}`;
  const others = ctx.around().filter((s) => s !== ctx.seat);
  const chosen = [v, sel.picks, sel.kept, ctx.busy]; // the parts that show the selection
  const settlement = table.kept("settlement", v.settlements.length, () => ({ round: null })); // a new one opens
  table.part("status", [v], () => statusBar(ctx));
  table.part("result", [v], () => resultEl(ctx));
  table.part("others", [v], () => h("div", { class: "hz-others" }, others.map((s) => opponentEl(ctx, v.players[s]))));
  table.part("screens", [], () => h("p", { class: "hz-screens" }, tag(ctx, "house", ctx.t("note.screens"))));
  table.part("last", [v], () => lastMove(ctx, table.fresh));
  table.part("board", chosen, () => h("div", { class: "hz-board" }, CITIES.map((city) => spaceEl(ctx, city, sel))));
  table.part("me", chosen, () => (ctx.seat !== null ? myArea(ctx, sel) : null));
  table.part("bar", chosen, () => actionBar(ctx, sel));
  table.part("bottom", [v, settlement.round], () => h("div", { class: "hz-bottom" }, scoreBoard(ctx), settlementEl(ctx, settlement)));
  // A control that a choice has just closed hands focus on to the question now asked, so the keyboard
  // never falls back to the top of the page.
  table.handFocus("[data-step].hot:not(:disabled), .hz-confirm:not(:disabled)");
}

export const prompt = (ctx) => promptFor(ctx, selection(kitOf(ctx), ctx));

function promptFor(ctx, sel) {
  const v = ctx.view;
  const { card, face } = sel.picks;
  if (v.phase === "game_over" && v.final) return winnersLine(ctx, v.final);
  if (v.phase === "opening_draft") {
    if (ctx.seat === null) return ctx.t("p.draftWatch", { names: ctx.names(v.awaiting) });
    if (!v.legal.length) return ctx.t("p.draftWait", { names: ctx.names(v.awaiting) });
    if (sel.kept.length === 2) return ctx.t("p.draftReady", { a: cardText(ctx, sel.kept[0]), b: cardText(ctx, sel.kept[1]) });
    return ctx.t(sel.kept.length === 1 ? "p.draftOne" : "p.draft");
  }
  if (v.current_player === null) return null;
  if (ctx.seat === null) return ctx.t("p.watch", { name: nameOf(ctx, v.current_player) });
  if (!playing(v)) return ctx.t("p.wait", { name: nameOf(ctx, v.current_player) });
  const step = sel.play.next;
  if (step === "card") return ctx.t("p.card");
  if (step === "face") return ctx.t("p.face", { card: cardText(ctx, card) });
  if (step === "adjust") return ctx.t("p.adjust");
  if (step === "take") {
    const city = faceOf(ctx, card).city;
    return face === "up" && v.board[city].length ? ctx.t("p.takeOwn", { city: cityName(ctx, city) }) : ctx.t("p.takeAny");
  }
  return ctx.t("p.confirm", { summary: selectionSummary(ctx, sel) });
}

// Said aloud: the others' moves, a space falling to 2, the rounds, settlements and the end. Your own
// move you have just confirmed; "has chosen" shows by the seat, and the cubes in the settlement.
const OWN = Object.freeze(["card_played_face_up", "card_played_face_down", "prosperity_adjusted", "card_taken"]);
export const notable = (event, ctx) => !["draft_chosen", "cubes_returned"].includes(event.kind)
  && !(OWN.includes(event.kind) && event.seat === ctx.seat);

export function describe(event, ctx) {
  const name = (s) => nameOf(ctx, s);
  const city = (c) => cityName(ctx, c);
  const sep = sepOf(ctx);
  switch (event.kind) {
    case "game_started": return ctx.t("log.started", { name: name(event.first_player) });
    case "hand_dealt": return ctx.t("log.dealt", { cards: (event.cards ?? []).map((id) => cardText(ctx, id)).join(sep) });
    case "draft_chosen": return ctx.t("log.draft", { name: name(event.seat) });
    case "round_started": return ctx.t("log.round_started", { round: event.round, name: name(event.first_player), deck: event.deck_count });
    case "card_played_face_up": return ctx.t("log.up", { name: name(event.seat), card: cardText(ctx, event.card) });
    case "card_played_face_down":
      if (event.card) return ctx.t("log.downMine", { card: cardText(ctx, event.card) });
      return event.seat === ctx.seat ? null : ctx.t("log.down", { name: name(event.seat) }); // the owner reads the private line
    case "prosperity_adjusted":
      return ctx.t("log.adjusted", { name: name(event.seat), city: city(event.city), delta: signed(event.delta), pos: event.position });
    case "card_taken":
      return ctx.t(event.cube ? "log.takenCube" : "log.taken", { name: name(event.seat), card: cardText(ctx, event.card),
        city: city(event.space), slot: event.slot + 1, cube: event.cube ? city(event.cube) : "" });
    case "prosperity_triggered":
      return ctx.t("log.triggered", { city: city(event.city), k: event.ordinal, delta: signed(event.delta), pos: event.position });
    case "round_settled":
      return ctx.t("log.settled", { round: event.round, list: event.incomes.map((n, seat) =>
        ctx.t("hz.plus", { name: name(seat), n, total: event.totals[seat] })).join(sep) });
    case "cubes_returned": {
      const list = CITIES.filter((c) => event.cubes?.[c]).map((c) => `${city(c)} ${event.cubes[c]}`);
      return list.length ? ctx.t("log.cubes", { list: list.join(sep) }) : ctx.t("log.noCubes");
    }
    case "game_over": {
      const list = event.totals.map((total, seat) => `${name(seat)} ${total}`).join(sep);
      return `${ctx.t("log.over", { list })} — ${ctx.t("log.winner", { names: ctx.names(event.winners) })}`;
    }
    default: return null;
  }
}
