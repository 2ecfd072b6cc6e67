// The table's one websocket: opened, reopened by itself after a dropped network, told apart from a
// refusal (the server accepts, then closes with a code), and let go of when the network or the page goes.
import { watchSilence } from "../heartbeat.js";
import { receive } from "./messages.js";
import { announce, setNotice } from "./notices.js";
import { render } from "./render.js";
import { answerAll } from "./requests.js";

// How the server refuses a socket (docs/protocol.md): it accepts, then closes with one of these codes.
// "never": trying again cannot help; "slow": it may work later; "ask": only the player can decide;
// "watch": this browser's seat token was revoked: it reconnects at once, as a spectator, and is told why.
const REFUSALS = Object.freeze({
  4411: { retry: "watch" },
  4404: { retry: "never", key: "notice.noSuchTable" },
  4410: { retry: "never", key: "notice.expired" },
  1008: { retry: "never", key: "notice.refused" },
  4409: { retry: "ask", key: "notice.elsewhere" },
  1013: { retry: "slow", key: "notice.busy" },
});

// A temporary refusal's reason is an English sentence; the known ones are said in the player's language.
const BUSY_REASONS = Object.freeze([
  [/spectators as it can hold/, "notice.tableSpectators"],
  [/watching as many tables/, "notice.clientSpectators"],
  [/^Too many/, "notice.tooMany"],
  [/as many tables as it can/, "notice.serverFull"],
  [/database is unavailable/, "notice.unavailable"],
  [/^fell behind$/, "notice.fellBehind"],
]);

export function connect(page) {
  clearTimeout(page.retryTimer);
  page.refusal = null;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // A spectator is shown to the table by the nickname this browser last used (a seat has its own name).
  const name = localStorage.getItem("zashiki.name");
  const query = name ? `?name=${encodeURIComponent(name)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/t/${page.code}/socket${query}`);
  page.socket = socket;
  const heard = watchSilence(socket, () => silent(page, socket));
  socket.addEventListener("message", (event) => {
    if (page.socket !== socket) return; // a socket this page let go of (offline, reconnecting)
    heard();
    // A refused socket is accepted too, then closed: only a socket that is sent the table is served.
    if (page.conn !== "connected") served(page);
    receive(page, JSON.parse(event.data));
  });
  socket.addEventListener("close", (event) => {
    if (page.socket !== socket) return;
    page.pending = null;
    answerAll(page, { code: "offline" });
    const refusal = REFUSALS[event.code];
    if (refusal) return refused(page, refusal, event.reason);
    setConnection(page, navigator.onLine ? "reconnecting" : "offline");
    retryIn(page, Math.min(5000, 300 * 2 ** page.retries++) + Math.random() * 300);
  });
}

// The line has gone silent (nothing closed, nothing carried): the page lets the socket go, says it is
// reconnecting, and opens another, which goes through once the network carries again.
function silent(page, socket) {
  if (page.socket !== socket || page.refusal) return;
  letGo(page, 4000, "silent");
  setConnection(page, "reconnecting");
  retryIn(page, 1000);
}

function served(page) {
  page.retries = 0;
  if (page.notice?.kind !== "seat") setNotice(page, null); // what became of this browser's seat stays until read
  setConnection(page, "connected");
}

function refused(page, refusal, reason) {
  if (refusal.retry === "watch") return connect(page);
  page.refusal = refusal.retry;
  if (refusal.retry === "never") {
    setNotice(page, { key: refusal.key, kind: "ended", action: { key: "table.backToLobby", run: () => location.assign("/") } });
    return setConnection(page, "ended");
  }
  if (refusal.retry === "ask") {
    setNotice(page, { key: refusal.key, kind: "paused", action: { key: "notice.playHere", run: () => playHere(page) } });
    return setConnection(page, "paused");
  }
  const seconds = waitAfter(reason);
  const known = BUSY_REASONS.find(([pattern]) => pattern.test(reason));
  setNotice(page, { key: known?.[1] ?? refusal.key, params: { reason, s: Math.round(seconds) }, kind: "waiting" });
  setConnection(page, "waiting");
  retryIn(page, seconds * 1000);
}

/** Seconds to wait after a temporary refusal: what the server named, else 15 to 30 s, spread out. */
function waitAfter(reason) {
  const named = /try again in (\d+) s/.exec(reason);
  return named ? Number(named[1]) + Math.random() * 2 : 15 + Math.random() * 15;
}

function retryIn(page, ms) {
  clearTimeout(page.retryTimer);
  page.retryTimer = setTimeout(() => connect(page), ms);
}

/** Opens the socket again: after this browser took a seat or a name, the next handshake carries them. */
export function reconnect(page) {
  letGo(page, 4000, "reconnecting");
  connect(page);
}

// Taking the seat back here closes the oldest other tab, which then offers the same.
function playHere(page) {
  setNotice(page, null);
  setConnection(page, "connecting");
  reconnect(page);
}

/**
 * The network's comings and goings matter only to a tab the server has not refused. Offline, the
 * socket is let go of at once: the page says so now, not when the server's pings give up on it.
 */
export function watchNetwork(page) {
  window.addEventListener("online", () => !page.refusal && page.conn !== "connected" && reconnect(page));
  window.addEventListener("offline", () => {
    if (page.refusal) return;
    letGo(page, 4000, "offline"); // not a clean close: the others see this seat reconnecting, not gone
    setConnection(page, "offline");
    retryIn(page, 5000); // in case the browser never says it is online again
  });
  // A page closed (or left) on purpose says goodbye: the others see that this player left the table.
  window.addEventListener("pagehide", () => {
    clearTimeout(page.retryTimer);
    letGo(page, 1000, "left");
  });
  window.addEventListener("pageshow", (event) => event.persisted && !page.refusal && connect(page)); // back from the cache
}

/** Closes the page's socket and forgets it: nothing it still sends is taken for the table's. */
function letGo(page, closeCode, reason) {
  const old = page.socket;
  page.socket = null;
  page.pending = null;
  answerAll(page, { code: "offline" });
  old?.close(closeCode, reason);
}

/** Shows (and, when it is news, says) the connection's state, and draws the page for it. */
export function setConnection(page, state) {
  // The first connection is not news; losing it, and getting it back after that, are.
  if (state !== page.conn && state !== "connecting" && (state !== "connected" || page.spoken.conn)) {
    announce(page, page.t(`conn.${state}`));
  }
  if (state !== page.conn && state !== "connecting") page.spoken.conn = state;
  page.conn = state;
  const el = document.getElementById("conn");
  el.dataset.state = state;
  el.querySelector(".conn-text").textContent = page.t(`conn.${state}`);
  page.app.toggleAttribute("data-offline", state !== "connected");
  // A lost connection is said in the sticky notice too, in view wherever the page is scrolled.
  const lost = state === "offline" || state === "reconnecting";
  if (lost && (!page.notice || page.notice.kind === "offline")) setNotice(page, { key: `notice.${state}`, kind: "offline", quiet: true });
  else if (!lost && page.notice?.kind === "offline") setNotice(page, null);
  render(page);
}
