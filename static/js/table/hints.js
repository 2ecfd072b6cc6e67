// "What would you do?": this seat asks the game's bot for its move and why, during its own decision.
// The answer says the move in words and the reason in the page's language, and marks the control that
// makes the move, so the player can take it; everyone's log says who asked (docs/protocol.md).
import { h, fill } from "../dom.js";
import { markHinted } from "../kit.js";
import { announce } from "./notices.js";
import { render } from "./render.js";
import { ask } from "./requests.js";

/**
 * Asks the server for this seat's hint now: resolves to {action, reason} (reason: {key, params}), or
 * to the refusal {code, message}. What the coach or any other part of the page calls.
 */
export function askHint(page) {
  if (page.conn !== "connected") return Promise.resolve({ code: "offline" });
  return ask(page, { type: "hint" });
}

/** A reason in the page's language: each param a number or text, a word of the strings, or a name by language. */
export function reasonText(t, lang, reason) {
  const given = Object.entries(reason.params ?? {});
  const params = Object.fromEntries(given.map(([name, value]) => [name, value && typeof value === "object" ? value[lang] : value]));
  for (const [name, value] of given) {
    if (value?.key) params[name] = t(value.key, params); // a word may name other params (an aim: "{won} of {bid}")
  }
  return t(reason.key, params) ?? reason.key;
}

/** Whether this seat is offered the button: hints on, seated, a game being played (kept in its place between turns). */
const offered = (page) => Boolean(page.table?.hints) && page.you !== null && page.table.status === "playing";

/** Whether this seat may ask now: offered the button, and a decision of its own to make. */
export function mayAskHint(page) {
  return offered(page) && Boolean(page.view?.legal?.length);
}

/**
 * Asks, and keeps the answer for this version: its reason is shown and said, and what to press is marked;
 * a refusal is said in the answer's place. The button's press, and the coach at each decision of its seat.
 */
export async function showHint(page) {
  const version = page.version;
  page.hint = { version, asking: true };
  render(page);
  const answer = await askHint(page);
  if (page.version !== version) return; // the table moved on while the bot was thinking
  page.hint = answer.action ? { version, ...answer }
    : { version, refused: page.t(`error.${answer.code}`, { s: answer.retry_after }) ?? answer.message };
  render(page);
}

/**
 * The button by the prompt, and the answer for this version: its reason (which names the move), said
 * aloud once. The controls to press next are marked on the table, each described by the reason;
 * pressing them in turn makes the move.
 */
export function renderHint(page, ctx, tableEl) {
  const box = document.getElementById("hint");
  const hint = page.hint?.version === page.version ? page.hint : null;
  if (!hint) page.hint = null;
  box.hidden = !offered(page); // shown the whole game through, so the table below never jumps as turns pass
  const may = mayAskHint(page);
  const marked = markHinted(tableEl, may ? hint?.action : null, { label: ctx.t("hint.badge"), describedBy: "hint-reason" });
  if (box.hidden) return;
  const reason = hint?.action ? reasonText(ctx.t, ctx.lang, hint.reason) : null;
  fill(box,
    h("button", { type: "button", class: "hint-ask", dataset: { key: "hint-ask" }, disabled: hint?.asking || !may ? true : ctx.busy,
      onclick: () => showHint(page) }, ctx.t(hint?.asking ? "hint.asking" : "hint.ask")),
    hint?.action ? h("p", { class: "hint-answer" },
      h("strong", { class: "hint-heading" }, ctx.t("hint.heading")), " ",
      h("span", { class: "hint-reason", id: "hint-reason" }, reason),
      marked.length ? h("span", { class: "hint-marked" }, " ", ctx.t("hint.marked")) : null) : null,
    hint?.refused ? h("p", { class: "hint-answer refused" }, hint.refused) : null);
  if (hint && !hint.asking && !hint.said) { // said once, in the one polite live line
    hint.said = true;
    announce(page, hint.refused ?? [ctx.t("hint.heading"), reason, marked.length ? ctx.t("hint.marked") : null].filter(Boolean).join(" "));
  }
}

/** The table's hint setting, said in the rules dialog. */
export function renderHintSetting(page, ctx) {
  const line = document.getElementById("hint-setting");
  fill(line, page.table ? ctx.t(page.table.hints ? "hint.on" : "hint.off") : "");
}
