// The table's chat beside the game log: short lines and quick reactions, shown as text. What the
// server allows (docs/protocol.md) is drawn here; the server still decides.
import { h, fill } from "./dom.js";

const REACTIONS = Object.freeze([["clap", "👏"], ["wow", "😮"], ["thanks", "🙏"], ["nice", null]]); // null: a word, in the page's language
// Why the page may not write, in words: the server's refusal (`may.write`) as the note under the box.
const CANNOT_WRITE = Object.freeze({ chat_off: "chat.off", chat_players_only: "chat.playersOnly", chat_reactions_only: "chat.reactionsOnly" });
const el = (id) => document.getElementById(id);

/** The chat of one page: its lines and setting as the server sent them, and the last refusal. */
export function newChat() {
  return { lines: [], kept: 100, mode: "open", spectators: false, refusal: null };
}

/** The chat as a fresh snapshot carries it. */
export function chatSnapshot(chat, snapshot) {
  chat.lines = snapshot?.lines ?? [];
  chat.kept = snapshot?.kept ?? chat.kept; // how many lines the table keeps: the oldest go as new ones come
  chat.mode = snapshot?.mode ?? "open";
  chat.spectators = snapshot?.spectators ?? false;
}

/** A pushed change: a new line, or the creator's new setting. Returns the new line, if any. */
export function chatMessage(chat, message) {
  if (message.settings) Object.assign(chat, message.settings);
  if (!message.line) return null;
  chat.lines.push(message.line);
  while (chat.lines.length > chat.kept) chat.lines.shift();
  return message.line;
}

/** The server refused a line: said under the box (null clears it). */
export function chatRefused(chat, text) {
  chat.refusal = text;
}

/** A line as words, for the list and for the announcer. */
export function lineText(line, ctx) {
  const who = line.name || ctx.t("chat.spectator");
  return line.reaction ? `${who} ${reactionLabel(line.reaction, ctx)}` : `${who}: ${line.text}`;
}

function reactionLabel(reaction, ctx) {
  const emoji = REACTIONS.find(([key]) => key === reaction)?.[1];
  return emoji ?? ctx.t(`chat.reaction.${reaction}`) ?? reaction;
}

/**
 * Draws the chat. `say({text} | {reaction})` sends a line; `may`: what the server lets this page do
 * (react, write, set_chat: change the setting with `setChat(mode, spectators)`); `playing`: a game is
 * under way; `rule`: the game's own words on table talk, shown while it applies.
 */
export function renderChat(chat, ctx, { say, setChat, may, playing, rule }) {
  const section = el("chat");
  section.hidden = false;
  const mayWrite = may.react === true;
  const mayType = may.write === true;

  const rulePara = el("chat-rule");
  rulePara.hidden = !rule || !playing;
  rulePara.textContent = rule ? `※ ${rule}` : "";

  const list = el("chat-lines");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
  fill(list, chat.lines.length
    ? chat.lines.map((line) => h("li", { class: line.seat === null ? "chat-line watcher" : `chat-line seat-${line.seat}` },
        h("strong", { class: "chat-name" }, line.name || ctx.t("chat.spectator")),
        line.reaction ? [" ", h("span", { class: "chat-reaction" }, reactionLabel(line.reaction, ctx))] : [": ", line.text]))
    : h("li", { class: "muted chat-empty" }, ctx.t(chat.mode === "off" ? "chat.off" : "chat.none")));
  if (atBottom) list.scrollTop = list.scrollHeight; // the list scrolls, never the page

  // Drawn again only when they change: a tap that lands while a push redraws the page still counts.
  const reactions = el("chat-reactions");
  const drawn = `${mayWrite}|${ctx.lang}`;
  if (reactions.dataset.drawn !== drawn) {
    reactions.dataset.drawn = drawn;
    fill(reactions, REACTIONS.map(([key]) => h("button", {
      type: "button", class: "chat-react", disabled: !mayWrite, dataset: { key: `react-${key}` },
      "aria-label": ctx.t(`chat.reaction.${key}`), onclick: () => say({ reaction: key }),
    }, reactionLabel(key, ctx))));
  }

  const form = el("chat-form");
  form.hidden = !mayType;
  form.onsubmit = (event) => {
    event.preventDefault();
    const input = el("chat-text");
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    say({ text }).then((refused) => { if (refused && !input.value) input.value = text; });
  };
  el("chat-text").placeholder = ctx.t("chat.placeholder");
  el("chat-note").textContent = mayType ? "" : ctx.t(CANNOT_WRITE[may.write]) ?? "";
  el("chat-error").textContent = chat.refusal ?? "";

  const settings = el("chat-settings");
  settings.hidden = may.set_chat !== true;
  if (!settings.hidden) {
    fill(settings,
      h("label", {}, ctx.t("chat.setting"), " ",
        h("select", { dataset: { key: "chat-mode" }, onchange: (e) => setChat(e.target.value, chat.spectators) },
          ["open", "reactions", "off"].map((mode) => h("option", { value: mode, selected: mode === chat.mode }, ctx.t(`chat.mode.${mode}`))))),
      h("label", {},
        h("input", { type: "checkbox", checked: chat.spectators, dataset: { key: "chat-spectators" },
                     onchange: (e) => setChat(chat.mode, e.target.checked) }),
        " ", ctx.t("chat.spectatorsWrite")));
  }
}
