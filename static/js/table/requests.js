// What the page asks of the server over its socket: a move, the next game, a check, a hint, a chat line.
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

/**
 * Sends `message` under a new id and resolves to the server's answer to that id (`answered`), or to the
 * refusal every open question gets when the socket goes (`answerAll`). A check and a hint ask this way.
 */
export function ask(page, message) {
  const id = newId();
  page.socket.send(JSON.stringify({ ...message, id }));
  return new Promise((resolve) => page.asked.set(id, resolve));
}

/** Resolves the question asked under `id` with `answer`; whether this page asked one. */
export function answered(page, id, answer) {
  const resolve = page.asked.get(id);
  if (!resolve) return false;
  page.asked.delete(id);
  resolve(answer);
  return true;
}

/** Answers every question still open (the socket is gone): `answer` is the refusal they get. */
export function answerAll(page, answer) {
  for (const resolve of page.asked.values()) resolve(answer);
  page.asked.clear();
}

/** Sends one of the view's legal actions; nothing is sent while offline or while one is in flight. */
export const send = (page, action) => request(page, { type: "act", version: page.version, action });

/** Asks a finished table to deal its next game to the same seats. */
export const playAgain = (page) => request(page, { type: "again", version: page.version });

// Checks leave at most CHECK_RATE a second after a burst of CHECK_BURST: a hover over a row of cards
// stays far below the server's pace for all of a socket's messages (20 a second, bursts of 40).
const CHECK_BURST = 8;
const CHECK_RATE = 4;

// Two actions are the same question whatever order their keys were written in.
const sortedKeys = (_, value) => (value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort()) : value);

/**
 * Asks the server whether `action` would be accepted now, without making it: resolves to null, or
 * to the refusal {code, message, rule, reason}, `rule` the section of the game's rules it comes from.
 * For composers whose choices are too many to list in `view.legal`, and for "why not?" (why.js).
 * Each question is asked once per state version: the answers of this version are kept, and asking
 * again, by any part of the page, gets the same answer without a message.
 */
export function check(page, action) {
  if (page.conn !== "connected") return Promise.resolve({ code: "offline" });
  const asked = page.checked;
  if (asked.version !== page.version) Object.assign(asked, { version: page.version, answers: new Map(), settled: new Map() });
  const key = JSON.stringify(action, sortedKeys);
  const kept = asked.answers.get(key);
  if (kept) return kept;
  const { answers, settled } = asked;
  const answer = paced(page).then(() => {
    if (page.conn !== "connected") return { code: "offline" };
    return ask(page, { type: "check", action });
  });
  answers.set(key, answer);
  answer.then((refusal) => {
    if (refusal?.code === "offline") answers.delete(key); // asked again once connected
    else settled.set(key, refusal);
  });
  return answer;
}

/** The answer this version already has for `action`: null (it would be accepted), the refusal, or undefined (not known yet). */
export function knownAnswer(page, action) {
  const asked = page.checked;
  return asked.version === page.version ? asked.settled.get(JSON.stringify(action, sortedKeys)) : undefined;
}

/** Resolves when the page may send its next check (a token bucket, refilled CHECK_RATE a second). */
function paced(page) {
  const pace = page.checkPace;
  const now = performance.now();
  pace.tokens = Math.min(CHECK_BURST, pace.tokens + ((now - pace.at) / 1000) * CHECK_RATE);
  pace.at = now;
  pace.tokens -= 1;
  if (pace.tokens >= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, (-pace.tokens / CHECK_RATE) * 1000));
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
