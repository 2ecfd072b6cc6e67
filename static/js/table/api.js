// The table's HTTP requests (docs/protocol.md): taking a seat, seating a bot, starting, the chat's
// setting, the clock. A refusal is said in a toast; the page changes when the server pushes the change.
import { toast } from "./notices.js";

/** Sends a request about this table; resolves to its answer, or to null once a refusal was said. */
async function ask(page, path, body, method = "POST") {
  const response = await fetch(`/api/tables/${page.code}${path}`, {
    method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) {
    toast(page, page.t(`error.${data.code}`, { s: data.retry_after }) ?? data.message ?? data.detail?.[0]?.msg ?? response.statusText);
    return null;
  }
  return data;
}

export const joinTable = (page, name) => ask(page, "/join", { name });
export const startTable = (page) => ask(page, "/start");
export const seatBot = (page, seat, on) => ask(page, `/seats/${seat}/bot`, undefined, on ? "PUT" : "DELETE");
export const setChat = (page, mode, spectators) => ask(page, "/chat", { mode, spectators }, "PUT");
export const pauseClock = (page, paused) => ask(page, "/clock", { paused }, "PUT");
