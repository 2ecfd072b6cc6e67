// What the page asks of the server over its socket: a move, the next game, a check, a chat line.
// Nothing is sent while offline, and only one move at a time; each question is answered by its id.
import { chatRefused } from "../chat.js";
import { announce } from "./notices.js";
import { render } from "./render.js";

const newId = () => (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()));

function request(page, message) {
  if (page.conn !== "connected" || page.pending) return;
  page.pending = newId();
  page.socket.send(JSON.stringify({ ...message, id: page.pending }));
  render(page);
}

/** Sends one of the view's legal actions; nothing is sent while offline or while one is in flight. */
export const send = (page, action) => request(page, { type: "act", version: page.version, action });

/** Asks a finished table to deal its next game to the same seats. */
export const playAgain = (page) => request(page, { type: "again", version: page.version });

/**
 * Asks the server whether `action` would be accepted now, without making it: resolves to null, or
 * to the refusal {code, message}. For composers whose choices are too many to list in `view.legal`.
 */
export function check(page, action) {
  if (page.conn !== "connected") return Promise.resolve({ code: "offline" });
  const id = newId();
  page.socket.send(JSON.stringify({ type: "check", action, id }));
  return new Promise((resolve) => page.checks.set(id, resolve));
}

/** Answers every question still open (the socket is gone): `answer` is the refusal they get. */
export function answerChecks(page, answer) {
  for (const resolve of page.checks.values()) resolve(answer);
  page.checks.clear();
}

/** A chat line goes over the socket; it resolves true if the server refused it. */
export function say(page, body) {
  if (page.conn !== "connected") {
    refuseChat(page, page.t("chat.offline"));
    render(page);
    return Promise.resolve(true);
  }
  const id = `chat-${++page.chatIds}`;
  page.socket.send(JSON.stringify({ type: "say", ...body, id }));
  return new Promise((resolve) => page.said.set(id, resolve));
}

/** The server's answer to a chat line: `refused` or recorded. */
export function answerSaid(page, id, refused) {
  page.said.get(id)?.(refused);
  page.said.delete(id);
  render(page);
}

// A refused line is said under the chat box and, through the page's one live line, to a screen reader.
export function refuseChat(page, text) {
  chatRefused(page.chat, text);
  announce(page, text);
}
