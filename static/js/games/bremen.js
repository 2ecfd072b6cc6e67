// The Harmony of Bremen at the table: the band in pitch order, the ensemble, the tuning pass.
import { h, fill, seatBadge, nameOf } from "../dom.js";
import { kit, flipMarks, whyNot } from "../kit.js";

const PITCH = Object.freeze(["rooster", "cat", "dog", "donkey"]); // must rise in this order
const SYMBOL = Object.freeze({ rooster: "鶏", cat: "猫", dog: "犬", donkey: "驢" });

const animalName = (ctx, animal) => ctx.t(`animal.${animal}`);
const seatOfAnimal = (view, animal) => view.seats.find((s) => s.animal === animal);
const legalOf = (view, type) => view.legal.filter((a) => a.type === type);
const STEP_ACTION = Object.freeze({ declare: "declare", play: "play", tuning: "pass" }); // a card's action in each step
// A card's identity, wherever it is drawn: the hand, a seat's place in the band, the ensemble, a pile.
const cardKey = (card) => `card-${card.card_id}`;
/** The card you have sealed in this step, or null: it lies face down in your place, no longer in your hand. */
const sealedCard = (view) => view.hand?.find((c) => c.committed) ?? null;
/** A card in a pile: it goes there from the ensemble, where it stays in view until the next one. */
function pileCard(view, card, title = null) {
  const shown = view.last_ensemble?.plays.some((p) => p.card_id === card.card_id);
  return h("span", { class: "mini", title, dataset: shown ? {} : flipMarks(cardKey(card), { face: true }) }, card.value);
}

function orderText(ctx, plays) {
  const byAnimal = Object.fromEntries(plays.map((p) => [p.animal, p.value]));
  return PITCH.map((a) => `${animalName(ctx, a)} ${byAnimal[a]}`).join(" < ");
}

function numberCard(value, extra = {}, ...children) {
  return h(extra.tag ?? "div", { class: `card number v${value} ${extra.class ?? ""}`, ...extra.attrs },
    h("span", { class: "corner" }, value), h("span", { class: "big" }, value), ...children);
}

function animalToken(animal, ctx) {
  return h("span", { class: `animal animal-${animal}`, title: animalName(ctx, animal) },
    h("span", { class: "sym", "aria-hidden": "true" }, SYMBOL[animal]), h("span", { class: "label" }, animalName(ctx, animal)));
}

function header(view, ctx) {
  const slots = Array.from({ length: view.max_failures }, (_, i) =>
    h("span", { class: `fail-slot ${i < view.failures ? "on" : ""}`, "aria-hidden": "true" }, i < view.failures ? "✕" : ""));
  return h("div", { class: "b-status" },
    h("span", { class: "round" }, ctx.t("b.round", { n: view.round, of: view.rounds })),
    h("span", { class: "failures" },
      ctx.t("b.failures"), " ", slots, ` ${view.failures}/${view.max_failures}`),
    view.hard_mode ? h("span", { class: "tag" }, ctx.t("b.hardMode")) : null);
}

/** A seat's sealed card, face down in its place: your own is the card from your hand, the others' nobody's yet. */
function sealed(view, ctx, seat, cls) {
  const mine = seat === ctx.seat ? sealedCard(view) : null;
  return h("div", { class: `card back ${cls}`, "aria-label": ctx.t("b.chosen"), dataset: flipMarks(mine ? cardKey(mine) : `sealed-${seat}`) },
    h("span", { class: "tick" }, "✓"));
}

function bandSlot(view, ctx, animal, index) {
  const seat = seatOfAnimal(view, animal);
  const player = ctx.players.find((p) => p.seat === seat.seat);
  let card;
  if (view.phase === "declare" || view.phase === "play") {
    if (view.declared && view.declared.seat === seat.seat) {
      card = numberCard(view.declared.value, { class: "declared", attrs: { dataset: flipMarks(cardKey(view.declared), { face: true }) } });
    } else if (view.phase === "play" && seat.chosen) card = sealed(view, ctx, seat.seat, "");
    else card = h("div", { class: "card empty", "aria-label": ctx.t("b.notChosen") });
  } else if (view.phase === "tuning") {
    card = seat.chosen ? sealed(view, ctx, seat.seat, "small") : h("div", { class: "card empty small" });
  } else {
    card = h("div", { class: "card empty" });
  }
  const status = seat.chosen ? ctx.t("b.chosen") : (view.awaiting.includes(seat.seat) ? ctx.t("b.notChosen") : "\u00a0");
  return h("li", { class: `band-slot ${seat.is_leader ? "leader" : ""} ${seat.seat === ctx.seat ? "mine" : ""}`, dataset: { flipPlace: `seat-${seat.seat}` } },
    h("div", { class: "slot-head" }, animalToken(animal, ctx),
      seat.is_leader ? h("span", { class: "sun", title: ctx.t("b.morning") }, "☀", h("span", { class: "sun-text" }, ctx.t("b.leader"))) : h("span", { class: "moon", "aria-hidden": "true" }, "☾")),
    seatBadge(player, ctx),
    card,
    h("div", { class: "slot-foot" },
      h("span", { class: "chosen-text" }, status),
      seat.pinch ? h("span", { class: "pinch" }, "⚠ ", ctx.t("b.pinchFlag")) : null,
      h("span", { class: "hand-size" }, h("span", { class: "mini-back", "aria-hidden": "true" }), seat.hand_size)),
    h("div", { class: "failed-pile", "aria-label": ctx.t("b.failedPile") },
      seat.failed.map((f) => pileCard(view, f, `${ctx.t("b.failedPile")} · R${f.round}`))),
    index < 3 ? h("span", { class: "lt", "aria-hidden": "true" }, "<") : null);
}

function lastEnsemble(view, ctx) {
  const last = view.last_ensemble;
  if (!last) return h("div", { class: "last-ensemble" }, h("p", { class: "muted-felt" }, ctx.t("b.noEnsembleYet")));
  const byAnimal = Object.fromEntries(last.plays.map((p) => [p.animal, p]));
  return h("div", { class: `last-ensemble ${last.success ? "success" : "failure"}` },
    h("h3", {}, ctx.t("b.lastEnsemble", { n: last.round })),
    h("div", { class: "reveal-row" }, PITCH.map((animal, i) => h("div", { class: "reveal" },
      animalToken(animal, ctx),
      // Revealed together, each from its seat's place (yours from your hand, face down there till now).
      numberCard(byAnimal[animal].value, { attrs: { dataset: flipMarks(cardKey(byAnimal[animal]),
        { from: [`sealed-${byAnimal[animal].seat}`, `seat-${byAnimal[animal].seat}`], face: true }) } }),
      h("span", { class: "who" }, nameOf(ctx, byAnimal[animal].seat)),
      i < 3 ? h("span", { class: "lt", "aria-hidden": "true" }, "<") : null))),
    h("p", { class: "verdict" },
      last.success ? "♪ " : "✕ ", ctx.t(last.success ? "b.harmony" : "b.discord", { order: orderText(ctx, last.plays) })));
}

// Choose a card, then confirm: every play in Bremen is final.
function handArea(view, ctx, table) {
  if (!view.hand) return null;
  const moves = ["declare", "play", "pass"].flatMap((type) => legalOf(view, type));
  const choice = table.choice("hand", moves);
  const step = STEP_ACTION[view.phase]; // what a card is for in this step, offered or not
  const cards = view.hand.map((card) => {
    const action = moves.find((a) => a.card_id === card.card_id);
    // A card not offered says why not: the leader declares, a choice is final, your declared card is your play.
    const option = choice.option("action", action, `card-${card.card_id}`, step && { type: step, card_id: card.card_id });
    // A sealed card stays marked in the hand, but is in play: it travels as the one in your place.
    // A card received at the tuning comes from the seat before yours.
    const marks = card.committed ? {} : flipMarks(cardKey(card), { from: [`seat-${(ctx.seat + 3) % 4}`], face: true });
    return numberCard(card.value, {
      tag: "button",
      class: `${card.committed ? "marked" : ""} ${card.received ? "received" : ""} ${choice.isChosen("action", action) ? "selected" : ""}`,
      attrs: { ...option, dataset: { ...option.dataset, ...marks },
               "aria-label": `${card.value}${card.committed ? ` (${ctx.t("b.committed")})` : ""}${card.received ? ` (${ctx.t("b.received")})` : ""}` },
    }, card.received || card.committed ? h("span", { class: "badges" },
         card.received ? h("span", { class: "badge" }, ctx.t("b.received")) : null,
         card.committed ? h("span", { class: "badge gold" }, ctx.t("b.committed")) : null) : null,
       choice.mark("action", action));
  });
  const pinch = legalOf(view, "signal_pinch")[0];
  const type = choice.action?.type ?? moves[0]?.type ?? { declare: "declare", play: "play", tuning: "pass" }[view.phase];
  return h("section", { class: "my-hand", "aria-label": ctx.t("b.hand") },
    h("div", { class: "hand-head" }, h("h3", {}, ctx.t("b.hand")),
      view.phase === "tuning" ? h("button", { type: "button", class: "pinch-button", ...(pinch ? { disabled: ctx.busy } : whyNot({ type: "signal_pinch" })),
                                               dataset: pinch ? { key: "pinch", action: JSON.stringify(pinch) } : { key: "pinch" }, onclick: () => ctx.send(pinch) }, "⚠ ", ctx.t("b.pinch")) : null),
    h("div", { class: "hand" }, cards),
    type ? h("div", { class: "hand-confirm" }, choice.confirm(ctx.t(`b.confirm.${type}`))) : null);
}

/** The rules' limit on table talk in this phase (the chat shows it too), or null. */
export function tableTalk(view) {
  return view.phase === "tuning" ? "b.talkTuning" : view.phase === "game_over" ? null : "b.talkEnsemble";
}

function talkRule(view, ctx) {
  const key = tableTalk(view);
  return h("p", { class: "talk-rule" }, key ? ["※ ", ctx.t(key)] : "\u00a0");
}

function side(view, ctx) {
  const passes = (view.pass_log ?? []).map((p) => h("li", {}, ctx.t("b.passLine", {
    round: p.round, passed: p.passed.value, to: nameOf(ctx, p.to), received: p.received.value, from: nameOf(ctx, p.from) })));
  return h("div", { class: "b-side" },
    h("div", {}, h("h3", {}, ctx.t("b.discard")),
      h("div", { class: "mini-row" }, view.discard.map((c) => pileCard(view, c)))),
    passes.length ? h("div", {}, h("h3", {}, ctx.t("b.passLog")), h("ul", { class: "pass-log" }, passes)) : null);
}

function gameOver(view, ctx) {
  if (view.phase !== "game_over") return null;
  const text = view.result === "win" ? ctx.t("b.won") : ctx.t(`b.lost.${view.reason}`);
  return h("div", { class: `b-result ${view.result}` },
    h("p", { class: "result-line" }, view.result === "win" ? "♪ " : "", text),
    h("div", { class: "reveal-hands" },
      view.hands.map((hand, s) => hand.length ? h("div", {}, h("span", {}, nameOf(ctx, s), ": "),
        hand.map((c) => h("span", { class: "mini" }, c.value))) : null),
      h("div", {}, h("span", {}, ctx.t("b.unused"), ": "), view.unused.map((c) => h("span", { class: "mini" }, c.value)))));
}

export function render(root, ctx) {
  const view = ctx.view;
  fill(root, h("div", { class: "bremen" },
    header(view, ctx),
    h("ol", { class: "band", "aria-label": PITCH.map((a) => animalName(ctx, a)).join(" < ") },
      PITCH.map((animal, i) => bandSlot(view, ctx, animal, i))),
    gameOver(view, ctx),
    lastEnsemble(view, ctx),
    talkRule(view, ctx),
    handArea(view, ctx, kit(root, ctx)),
    side(view, ctx)));
}

export function prompt(ctx) {
  const view = ctx.view;
  const waiting = () => ctx.names(view.awaiting);
  if (view.phase === "game_over") return view.result === "win" ? ctx.t("b.won") : ctx.t(`b.lost.${view.reason}`);
  if (ctx.seat === null) return null;
  if (legalOf(view, "declare").length) return ctx.t("prompt.declare");
  if (view.phase === "declare") return ctx.t("prompt.waitDeclare", { name: nameOf(ctx, view.leader) });
  if (legalOf(view, "play").length) {
    return view.declared ? ctx.t("prompt.play", { value: view.declared.value }) : ctx.t("prompt.play10");
  }
  if (legalOf(view, "pass").length) return ctx.t("prompt.pass", { name: nameOf(ctx, (ctx.seat + 1) % 4) });
  if (view.phase === "tuning") return ctx.t("prompt.passed", { names: waiting() });
  return null;
}

// Said aloud: declarations, reveals, the tuning and the end; "has chosen" shows in the band and the log.
export const notable = (event) => !["played", "passed", "tuning_completed"].includes(event.kind);

export function describe(event, ctx) {
  const name = (s) => nameOf(ctx, s);
  switch (event.kind) {
    case "round_started": return ctx.t("log.round_started", { round: event.round, name: name(event.leader) });
    case "declared": return ctx.t("log.declared", { name: name(event.seat), value: event.value });
    case "played": return ctx.t("log.played", { name: name(event.seat) });
    case "passed": return ctx.t("log.passed", { name: name(event.seat) });
    case "pinch_signalled": return ctx.t("log.pinch_signalled", { name: name(event.seat) });
    case "ensemble_succeeded": return ctx.t("log.ensemble_succeeded", { order: orderText(ctx, event.plays) });
    case "ensemble_failed": return ctx.t("log.ensemble_failed", { order: orderText(ctx, event.plays), failures: event.failures });
    case "tuning_started": return ctx.t("log.tuning_started");
    case "card_passed":
      return event.from === ctx.seat ? ctx.t("log.card_passed.gave", { value: event.value, name: name(event.to) })
        : ctx.t("log.card_passed.got", { value: event.value, name: name(event.from) });
    case "tuning_completed": return ctx.t("log.tuning_completed");
    case "game_won": return ctx.t("log.game_won");
    case "game_lost": return ctx.t("log.game_lost");
    default: return null;
  }
}
