// The table runtime: one websocket, reconnects by itself, renders whatever the server sends.
// It decides nothing the server decides; the game's renderer offers exactly `view.legal`.
import { h, fill, seatBadge, IN_FLIGHT, isAbsent, listNames, seatsAround } from "./dom.js";
import { applyLanguage, preferredLanguage, setupLanguageSwitch, translator } from "./i18n.js";
import { chatMessage, chatRefused, chatSnapshot, lineText, renderChat } from "./chat.js";
import { describeEvent, renderClock, setClock } from "./clock.js";
import { claimSeatLink, openSeatLink } from "./seatlink.js";
import { renderTurnSettings, signalTurn } from "./yourturn.js";
import { renderEvening } from "./evening.js";

const app = document.getElementById("app");
const code = app.dataset.code;
const game = await import(`./games/${app.dataset.game}.js`);
// The game's own strings, in both languages: a data file beside the shared ones of i18n.js.
const gameStrings = await fetch(`/static/i18n/${app.dataset.game}.json`).then((response) => response.json());

const page = {
  lang: preferredLanguage(),
  t: null,
  socket: null,
  conn: "connecting",
  retries: 0,
  retryTimer: null,
  refusal: null, // how the server refused the last socket ("never", "slow", "ask"), until the next one opens
  notice: null, // the banner: {key, params, kind, action}
  version: -1,
  you: null,
  table: null,
  view: null,
  catalog: null, // the game's static data (card faces…), sent with every fresh snapshot
  previous: null,
  log: [],
  pending: null, // the id of an action sent and not yet answered
  choices: new Map(), // composer name -> the legal action chosen there and not yet confirmed
  spoken: { conn: null, turn: false, over: true }, // what the announcer said last, to say only changes
  checks: new Map(), // check id -> resolve, for questions the server has not answered yet
  said: new Map(), // chat line id -> resolve(refused), for lines the server has not answered yet
};

// --- connection -----------------------------------------------------------------------------

// How the server refuses a socket (docs/protocol.md): it accepts, then closes with one of these codes.
// "never": trying again cannot help; "slow": it may work later; "ask": only the player can decide;
// "watch": this browser's seat token was revoked: it reconnects at once, as a spectator, and is told why.
const REFUSALS = {
  4411: { retry: "watch" },
  4404: { retry: "never", key: "notice.noSuchTable" },
  4410: { retry: "never", key: "notice.expired" },
  1008: { retry: "never", key: "notice.refused" },
  4409: { retry: "ask", key: "notice.elsewhere" },
  1013: { retry: "slow", key: "notice.busy" },
};

// A temporary refusal's reason is an English sentence; the known ones are said in the player's language.
const BUSY_REASONS = [
  [/spectators as it can hold/, "notice.tableSpectators"],
  [/watching as many tables/, "notice.clientSpectators"],
  [/^Too many/, "notice.tooMany"],
  [/as many tables as it can/, "notice.serverFull"],
  [/database is unavailable/, "notice.unavailable"],
  [/^fell behind$/, "notice.fellBehind"],
];

function connect() {
  clearTimeout(page.retryTimer);
  page.refusal = null;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // A spectator is shown to the table by the nickname this browser last used (a seat has its own name).
  const name = localStorage.getItem("zashiki.name");
  const query = name ? `?name=${encodeURIComponent(name)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/t/${code}/socket${query}`);
  page.socket = socket;
  socket.addEventListener("message", (event) => {
    if (page.socket !== socket) return; // a socket this page let go of (offline, reconnecting)
    // A refused socket is accepted too, then closed: only a socket that is sent the table is served.
    if (page.conn !== "connected") served();
    receive(JSON.parse(event.data));
  });
  socket.addEventListener("close", (event) => {
    if (page.socket !== socket) return;
    page.pending = null;
    answerChecks({ code: "offline" });
    const refusal = REFUSALS[event.code];
    if (refusal) return refused(refusal, event.reason);
    setConnection(navigator.onLine ? "reconnecting" : "offline");
    retryIn(Math.min(5000, 300 * 2 ** page.retries++) + Math.random() * 300);
  });
}

function served() {
  page.retries = 0;
  if (page.notice?.kind !== "seat") setNotice(null); // what became of this browser's seat stays until read
  setConnection("connected");
}

function refused(refusal, reason) {
  if (refusal.retry === "watch") return connect();
  page.refusal = refusal.retry;
  if (refusal.retry === "never") {
    setNotice({ key: refusal.key, kind: "ended", action: { key: "table.backToLobby", run: () => location.assign("/") } });
    return setConnection("ended");
  }
  if (refusal.retry === "ask") {
    setNotice({ key: refusal.key, kind: "paused", action: { key: "notice.playHere", run: playHere } });
    return setConnection("paused");
  }
  const seconds = waitAfter(reason);
  const known = BUSY_REASONS.find(([pattern]) => pattern.test(reason));
  setNotice({ key: known?.[1] ?? refusal.key, params: { reason, s: Math.round(seconds) }, kind: "waiting" });
  setConnection("waiting");
  retryIn(seconds * 1000);
}

/** Seconds to wait after a temporary refusal: what the server named, else 15 to 30 s, spread out. */
function waitAfter(reason) {
  const named = /try again in (\d+) s/.exec(reason);
  return named ? Number(named[1]) + Math.random() * 2 : 15 + Math.random() * 15;
}

function retryIn(ms) {
  clearTimeout(page.retryTimer);
  page.retryTimer = setTimeout(connect, ms);
}

function reconnect() {
  letGo(4000, "reconnecting");
  connect();
}

// Taking the seat back here closes the oldest other tab, which then offers the same.
function playHere() {
  setNotice(null);
  setConnection("connecting");
  reconnect();
}

// The network's comings and goings matter only to a tab the server has not refused. Offline, the
// socket is let go of at once: the page says so now, not when the server's pings give up on it.
window.addEventListener("online", () => !page.refusal && page.conn !== "connected" && reconnect());
window.addEventListener("offline", () => {
  if (page.refusal) return;
  letGo(4000, "offline"); // not a clean close: the others see this seat reconnecting, not gone
  setConnection("offline");
  retryIn(5000); // in case the browser never says it is online again
});
// A page closed (or left) on purpose says goodbye: the others see that this player left the table.
window.addEventListener("pagehide", () => {
  clearTimeout(page.retryTimer);
  letGo(1000, "left");
});
window.addEventListener("pageshow", (event) => event.persisted && !page.refusal && connect()); // back from the cache

/** Closes the page's socket and forgets it: nothing it still sends is taken for the table's. */
function letGo(closeCode, reason) {
  const old = page.socket;
  page.socket = null;
  page.pending = null;
  answerChecks({ code: "offline" });
  old?.close(closeCode, reason);
}

function setConnection(state) {
  // The first connection is not news; losing it, and getting it back after that, are.
  if (state !== page.conn && state !== "connecting" && (state !== "connected" || page.spoken.conn)) {
    announce(page.t(`conn.${state}`));
  }
  if (state !== page.conn && state !== "connecting") page.spoken.conn = state;
  page.conn = state;
  const el = document.getElementById("conn");
  el.dataset.state = state;
  el.querySelector(".conn-text").textContent = page.t(`conn.${state}`);
  app.toggleAttribute("data-offline", state !== "connected");
  // A lost connection is said in the sticky notice too, in view wherever the page is scrolled.
  const lost = state === "offline" || state === "reconnecting";
  if (lost && (!page.notice || page.notice.kind === "offline")) setNotice({ key: `notice.${state}`, kind: "offline", quiet: true });
  else if (!lost && page.notice?.kind === "offline") setNotice(null);
  render();
}

function receive(message) {
  switch (message.type) {
    case "state": {
      const news = !message.full_log && message.version === page.version + 1 ? message.events : [];
      if (message.full_log) page.log = message.events;
      else if (message.version === page.version + 1) page.log.push(...message.events);
      else if (message.version > page.version + 1) page.socket.send(JSON.stringify({ type: "sync" }));
      if (message.version >= page.version || message.full_log) {
        page.previous = page.version === message.version - 1 ? page.view : null;
        page.version = message.version;
        page.you = message.you;
        page.table = message.table ?? page.table; // sent only when it changed
        page.view = message.view;
        setClock(message.clock);
        if (message.full_log) {
          page.catalog = message.catalog;
          chatSnapshot(message.chat);
          page.choices.clear(); // a fresh snapshot (a new game, a new socket) starts with nothing chosen
        }
        // Our own move is answered by the ack in our state; a fresh snapshot answers nothing in flight.
        if (message.full_log || (message.ack !== undefined && message.ack === page.pending)) page.pending = null;
      }
      render();
      announceNews(news);
      break;
    }
    case "table":
      page.table = message.table;
      render();
      announceNews([]);
      break;
    case "clock": // paused or resumed
      setClock(message.clock);
      render();
      break;
    case "chat": {
      const line = chatMessage(message);
      render();
      if (line && (line.seat === null || line.seat !== page.you)) announce(lineText(line, context()));
      break;
    }
    case "seat_lost": // this browser's seat token was revoked: it watches now
      seatNotice(`notice.seatLost.${message.why}`);
      break;
    case "error":
      if (page.said.has(message.id)) {
        refuseChat(page.t(`error.${message.code}`, { s: message.retry_after }) ?? message.message);
        answerSaid(message.id, true);
        break;
      }
      if (!message.id || message.id === page.pending) page.pending = null;
      toast(page.t(`error.${message.code}`) ?? message.message);
      render();
      break;
    case "checked":
      page.checks.get(message.id)?.(message.ok ? null : { code: message.code, message: message.message });
      page.checks.delete(message.id);
      break;
    case "ack":
      if (page.said.has(message.id)) {
        chatRefused(null);
        answerSaid(message.id, false);
        break;
      }
      // A retried move or a new game is answered by its ack alone; another seat's commit must not reopen the page.
      if (message.id === page.pending) page.pending = null;
      render();
      break;
  }
}

/** Sends one of the view's legal actions; nothing is sent while offline or while one is in flight. */
const send = (action) => request({ type: "act", version: page.version, action });

/** Asks a finished table to deal its next game to the same seats. */
const playAgain = () => request({ type: "again", version: page.version });

/**
 * Asks the server whether `action` would be accepted now, without making it: resolves to null, or
 * to the refusal {code, message}. For composers whose choices are too many to list in `view.legal`.
 */
function check(action) {
  if (page.conn !== "connected") return Promise.resolve({ code: "offline" });
  const id = newId();
  page.socket.send(JSON.stringify({ type: "check", action, id }));
  return new Promise((resolve) => page.checks.set(id, resolve));
}

function answerChecks(answer) {
  for (const resolve of page.checks.values()) resolve(answer);
  page.checks.clear();
}

const newId = () => (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()));

function request(message) {
  if (page.conn !== "connected" || page.pending) return;
  page.pending = newId();
  page.socket.send(JSON.stringify({ ...message, id: page.pending }));
  render();
}

// --- drawing --------------------------------------------------------------------------------

function context() {
  const players = (page.table?.seats ?? []).map((s) => ({ ...s }));
  const inFlight = Boolean(page.pending) || page.conn !== "connected";
  const ctx = {
    view: page.view, catalog: page.catalog, seat: page.you, players, t: page.t, lang: page.lang, send, check,
    previous: page.previous,
    busy: inFlight ? IN_FLIGHT : false, // truthy while in flight; as `disabled`, it makes a control aria-disabled
    redraw: render, // after a change of the renderer's own state (a selection): draws the page again
    names: (seats) => listNames(ctx, seats),
    around: () => seatsAround(players.length, page.you), // own seat first, then clockwise
    compose: (name) => composer(ctx, name),
  };
  return ctx;
}

function render() {
  if (!page.table) return;
  const ctx = context();
  app.toggleAttribute("data-busy", Boolean(ctx.busy));
  // Redrawing replaces nodes: the focused control is found again by its data-key, and the page stays put.
  const focused = app.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
  const { scrollX, scrollY } = window;
  renderWaiting(ctx);
  renderTakeover(ctx);
  renderSeatButton(ctx);
  const tableEl = document.getElementById("table");
  tableEl.hidden = !page.view;
  const promptEl = document.getElementById("prompt");
  promptEl.hidden = !page.view;
  const line = page.view ? promptLine(ctx) : "";
  fill(promptEl, line, offlineTurnNote(ctx));
  document.getElementById("log").hidden = !page.view;
  if (page.view) game.render(tableEl, ctx);
  renderFinished(ctx);
  renderWatchers(ctx);
  renderEvening(document.getElementById("evening"), ctx, code, page.table, render);
  renderLog(ctx);
  renderClock(ctx, page.table.status === "playing", ctx.seat === 0 ? pauseClock : null);
  renderTurnSettings(document.getElementById("turn-settings"), ctx.t, ctx.seat !== null);
  renderChat(ctx, { say, setChat, playing: page.table.status === "playing", creator: ctx.seat === 0,
                    rule: page.view && game.tableTalk ? ctx.t(game.tableTalk(page.view)) : null });
  signalTurn(ctx.seat !== null && page.table.status === "playing" && Boolean(page.view?.legal?.length), ctx.t);
  if (focused && !app.contains(document.activeElement)) {
    // A control that is gone for good (the game ended under it) hands focus on to "play again".
    const again = app.querySelector(`[data-key="${CSS.escape(focused)}"]:not(:disabled)`)
      ?? (page.table.status === "finished" ? app.querySelector('[data-key="again"]') : null);
    again?.focus({ preventScroll: true });
  }
  if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
  keepInView(ctx, line);
}

// --- what is asked stays in view -------------------------------------------------------------
// When the prompt starts asking this seat for something, or asks for something else, the control it
// asks for is brought into view: the one the renderer marks `data-asked`, else the first open control
// that sends an action. Only at that moment, and not when the player scrolled in the last seconds;
// the page never moves while the player reads the other seats. At game over the finished panel (the
// result and "play again") comes into view once.

const USER_SCROLL_MS = 2000;
const SCROLL_KEYS = new Set(["PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown", " "]);
const inView = { ask: null, over: null, userScroll: -Infinity, retry: null };
const userScrolled = () => { inView.userScroll = performance.now(); };
window.addEventListener("wheel", userScrolled, { passive: true });
window.addEventListener("touchmove", userScrolled, { passive: true });
window.addEventListener("keydown", (event) => {
  if (SCROLL_KEYS.has(event.key) && !event.target.closest?.("button, input, select, textarea, [contenteditable], [role=slider]")) userScrolled();
});
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** The control the prompt asks this seat for now, or null when it asks nothing of this seat. */
function askedControl(ctx) {
  const view = ctx.view;
  if (!view || ctx.seat === null || page.table.status !== "playing" || !view.legal?.length) return null;
  if (!(view.awaiting ?? []).includes(ctx.seat)) return null;
  const shown = (el) => el && el.getClientRects().length > 0;
  const tableEl = document.getElementById("table");
  const marked = [...tableEl.querySelectorAll("[data-asked]")].find(shown);
  return marked ?? [...tableEl.querySelectorAll('[data-action]:not(:disabled):not([aria-disabled="true"])')].find(shown) ?? null;
}

/** Whether the element is inside the window (a tall one: its top part). */
function inWindow(el) {
  const rect = el.getBoundingClientRect();
  return rect.top >= 0 && Math.min(rect.bottom, rect.top + window.innerHeight * 0.6) <= window.innerHeight;
}

/**
 * How far the page must scroll for a sticky bar (the notice, a game's play bar) to stop covering the
 * element: > 0 down, < 0 up, 0 when nothing covers it (a control inside the bar is never covered).
 */
function covered(el) {
  const rect = el.getBoundingClientRect();
  const y = Math.min(rect.top + rect.height / 2, rect.top + 40);
  const hit = document.elementFromPoint(rect.left + rect.width / 2, y);
  if (!hit || el.contains(hit) || hit.contains(el)) return 0;
  let cover = hit;
  while (cover && !["sticky", "fixed"].includes(getComputedStyle(cover).position)) cover = cover.parentElement;
  if (!cover) return 0;
  const bar = cover.getBoundingClientRect();
  const gap = 12;
  return bar.top + bar.height / 2 > window.innerHeight / 2 ? rect.bottom - bar.top + gap : -(bar.bottom - rect.top + gap);
}

function bringIntoView(el, block = "nearest") {
  clearTimeout(inView.retry);
  const behavior = reducedMotion.matches ? "auto" : "smooth";
  const uncover = () => {
    const by = el.isConnected ? covered(el) : 0;
    if (by) window.scrollBy({ top: by, behavior });
  };
  if (inWindow(el)) return uncover();
  el.scrollIntoView({ block, inline: "nearest", behavior });
  // Once the scroll settles: clear of the sticky bars; a redraw may have stopped it halfway, so the rest at once.
  inView.retry = setTimeout(() => {
    if (!el.isConnected || performance.now() - inView.userScroll < 700) return;
    if (!inWindow(el)) el.scrollIntoView({ block, inline: "nearest" });
    uncover();
  }, 700);
}

function keepInView(ctx, line) {
  const over = page.table.status === "finished";
  if (over && inView.over === false) {
    inView.ask = null;
    bringIntoView(document.getElementById("finished"), "start");
  }
  inView.over = page.table.status === "waiting" ? null : over;
  const control = askedControl(ctx);
  // The ask: its step, its question and its control; another seat's move leaves it as it is.
  const ask = control ? [ctx.view.phase, line, control.dataset.key ?? ""].join("|") : null;
  if (ask === inView.ask) return;
  inView.ask = ask;
  if (control && performance.now() - inView.userScroll >= USER_SCROLL_MS) bringIntoView(control);
}

// A control marked aria-disabled (a move in flight, an option not legal now) keeps focus and does nothing.
app.addEventListener("click", (event) => {
  if (!event.target.closest?.('[aria-disabled="true"]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}, true);

/**
 * Select, then confirm, over `view.legal`: `option(action, key)` gives a control's attributes (a
 * missing action: dimmed, not legal now), choosing toggles it; `confirm()` sends the chosen action.
 * A choice lasts across redraws while it stays legal.
 */
function composer(ctx, name) {
  const legal = ctx.view?.legal ?? [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  let chosen = page.choices.get(name) ?? null;
  if (chosen && !legal.some((a) => same(a, chosen))) {
    page.choices.delete(name);
    chosen = null;
  }
  const confirmKey = `${name}-confirm`;
  const isChosen = (action) => Boolean(action && chosen && same(action, chosen));
  return {
    chosen,
    isChosen,
    option(action, key) {
      return {
        type: "button", dataset: action ? { key, action: JSON.stringify(action) } : { key },
        "aria-pressed": action ? String(isChosen(action)) : null,
        "aria-disabled": action && !ctx.busy ? null : "true",
        onclick: (event) => {
          if (isChosen(action)) page.choices.delete(name);
          else page.choices.set(name, action);
          render();
          // Chosen with the keyboard: on to the confirmation (Shift+Tab goes back to the options).
          if (event.detail === 0 && page.choices.has(name)) app.querySelector(`[data-key="${confirmKey}"]`)?.focus();
        },
      };
    },
    /** The mark of the chosen option: a tick in words too, not only a colour. */
    mark(action) {
      return isChosen(action)
        ? h("span", { class: "chosen-mark" }, h("span", { "aria-hidden": "true" }, "✓"), h("span", { class: "sr-only" }, ctx.t("table.chosen")))
        : null;
    },
    confirm(label = ctx.t("table.confirm")) {
      return h("button", {
        type: "button", class: "primary kit-confirm", dataset: { key: confirmKey },
        "aria-disabled": chosen && !ctx.busy ? null : "true",
        onclick: () => {
          page.choices.delete(name);
          send(chosen);
        },
      }, label);
    },
  };
}

function setNotice(notice) {
  page.notice = notice;
  drawNotice();
}

/** What became of this browser's seat (moved, revoked, a link that did not work): stays until dismissed. */
function seatNotice(key, params) {
  setNotice({ key, params, kind: "seat", action: { key: "notice.dismiss", run: () => setNotice(null) } });
}

// The banner stays until the server serves a socket again: it says why play has stopped or paused.
function drawNotice() {
  const el = document.getElementById("notice");
  const notice = page.notice;
  el.hidden = !notice;
  if (!notice) return fill(el);
  el.dataset.kind = notice.kind;
  if (!notice.quiet) announce(page.t(notice.key, notice.params)); // a quiet one was said by the connection status
  fill(el,
    h("p", {}, page.t(notice.key, notice.params),
      notice.kind === "waiting" ? [" ", h("span", { class: "notice-retry" }, page.t("notice.retrying", notice.params))] : null),
    notice.action ? h("button", { type: "button", class: "primary", onclick: notice.action.run }, page.t(notice.action.key)) : null);
}

/** When it is this seat's turn and the page has lost its socket, the prompt says that too. */
function offlineTurnNote(ctx) {
  const turn = ctx.seat !== null && page.table.status === "playing" && Boolean(ctx.view?.legal?.length);
  if (!turn || page.conn === "connected" || page.conn === "connecting") return null;
  return h("span", { class: "prompt-offline" }, ctx.t("table.yourTurnOffline"));
}

/** Who is watching: how many, and the names of those who gave one (shown as text, like every name). */
function renderWatchers(ctx) {
  const el = document.getElementById("watchers");
  const { count = 0, names = [] } = page.table.spectators ?? {};
  el.hidden = !count;
  const list = names.join(ctx.lang === "ja" ? "、" : ", ");
  el.textContent = !count ? "" : ctx.t(list ? "table.spectatorsNamed" : "table.spectators", { n: count, names: list });

  // A spectator may name itself at any time; while seats are open, the join form asks for the name instead.
  const form = document.getElementById("watch-name");
  const joinable = page.table.status === "waiting" && page.table.seats.some((s) => !s.name);
  form.hidden = ctx.seat !== null || joinable;
  const input = form.elements.name;
  if (document.activeElement !== input) input.value = localStorage.getItem("zashiki.name") ?? "";
  form.onsubmit = (event) => {
    event.preventDefault();
    watchAs(input.value.trim());
  };
}

/** The name this browser watches by is kept for it, and told to the table by opening the socket again. */
function watchAs(name) {
  if (name === (localStorage.getItem("zashiki.name") ?? "")) return;
  if (name) localStorage.setItem("zashiki.name", name);
  else localStorage.removeItem("zashiki.name");
  reconnect();
}

/** The game says what this seat may do now; else the generic line: your turn, waiting for…, watching. */
function promptLine(ctx) {
  const own = game.prompt(ctx);
  if (own) return own;
  if (ctx.seat === null) return ctx.t("table.watching");
  if (ctx.view.legal?.length) return ctx.t("table.yourTurn");
  const awaiting = ctx.view.awaiting ?? [];
  return awaiting.length ? ctx.t("table.waitingFor", { names: ctx.names(awaiting) }) : "";
}

// --- the announcer: one polite live line for what a screen reader should hear --------------------

let announceTimer = null;
function announce(text) {
  if (!text) return;
  const el = document.getElementById("announce");
  // Emptied, then filled a moment later, so that the same words twice are said twice.
  el.textContent = "";
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => { el.textContent = text; }, 60);
}

/** New log lines of note (a game may pick them: `notable(event)`), and "your turn" when it becomes so. */
function announceNews(events) {
  if (!page.view) return;
  const ctx = context();
  const lines = events.filter((e) => e.kind === "timed_out" || (game.notable?.(e, ctx) ?? true)).map((e) => describe(e, ctx)).filter(Boolean);
  const turn = ctx.seat !== null && Boolean(ctx.view.legal?.length);
  if (turn && !page.spoken.turn) lines.push(ctx.t("table.yourTurn"));
  page.spoken.turn = turn;
  // The end of the game is said once, with its result, after the last move.
  const over = page.table?.status === "finished";
  if (over && !page.spoken.over) lines.push(ctx.t("table.gameOver"), promptLine(ctx));
  page.spoken.over = over;
  if (lines.length) announce(lines.join(" "));
}

function renderWaiting(ctx) {
  const panel = document.getElementById("waiting");
  panel.hidden = page.table.status !== "waiting" || page.refusal === "never"; // an ended table offers nothing
  if (panel.hidden) return;
  const seats = page.table.seats;
  const isCreator = ctx.seat === 0;
  const full = seats.every((s) => s.bot || s.name);
  const link = `${location.origin}/t/${code}`;
  const rows = seats.map((s) => h("li", { class: "seat-row" }, seatBadge(s.name ? s : null, ctx),
    s.name ? null : h("span", { class: "muted" }, ctx.t("wait.open")),
    isCreator && s.seat !== 0 && (s.bot || !s.name)
      ? h("button", { type: "button", dataset: { key: `bot-${s.seat}` }, onclick: () => seatBot(s.seat, !s.bot) },
        ctx.t(s.bot ? "wait.removeBot" : "wait.addBot"))
      : null));
  const creatorName = seats[0]?.name ?? "";
  const typed = panel.querySelector(".join-form input[name=name]")?.value; // a redraw keeps what is being typed
  const join = ctx.seat === null && seats.some((s) => !s.name)
    ? h("form", { class: "row join-form", onsubmit: joinTable },
        h("label", { class: "grow" }, ctx.t("wait.nickname"), " ",
          h("input", { name: "name", required: true, maxlength: 24, autocomplete: "nickname", dataset: { key: "nickname" },
                       value: typed ?? localStorage.getItem("zashiki.name") ?? "" })),
        h("button", { type: "submit", class: "primary" }, ctx.t("wait.join")))
    : null;
  const footer = isCreator
    ? h("button", { type: "button", class: "primary", disabled: !full, dataset: { key: "start" }, onclick: startTable }, ctx.t("wait.start"))
    : ctx.seat === null && !join ? h("p", {}, ctx.t("wait.full"))
    : h("p", {}, ctx.t("wait.creatorStarts", { name: creatorName }));
  fill(panel,
    h("h2", {}, ctx.t("wait.heading")),
    h("div", { class: "invite" },
      h("label", {}, ctx.t("wait.invite"), " ", h("input", { readonly: true, value: link, onfocus: (e) => e.target.select() })),
      h("button", { type: "button", dataset: { key: "copy" }, onclick: (e) => copyLink(e, link) }, ctx.t("wait.copy")),
      h("span", { class: "muted" }, ctx.t("wait.code"), " ", h("strong", { class: "code" }, code)),
      h("figure", { class: "invite-qr" },
        h("img", { src: `/api/tables/${code}/invite.svg`, width: 132, height: 132, alt: ctx.t("wait.inviteQr") }),
        h("figcaption", { class: "muted" }, ctx.t("wait.scanToJoin")))),
    h("ol", { class: "seat-list" }, rows),
    join,
    isCreator && !full ? h("p", { class: "muted" }, ctx.t("wait.needFull")) : null,
    footer);
}

// A player who is away or left can be replaced by a bot (the creator decides) and can take the seat back.
function renderTakeover(ctx) {
  const panel = document.getElementById("takeover");
  const seats = page.table.seats;
  const playing = page.table.status === "playing";
  const mine = ctx.seat !== null && seats[ctx.seat]?.bot;
  const absent = playing && ctx.seat === 0 ? seats.filter((s) => s.seat !== 0 && s.name && isAbsent(s)) : [];
  panel.hidden = !playing || (!mine && !absent.length) || page.refusal === "never";
  if (panel.hidden) return;
  fill(panel,
    mine ? h("p", { class: "row" }, h("span", {}, ctx.t("takeover.botPlaysForYou")),
      h("button", { type: "button", class: "primary", onclick: () => seatBot(ctx.seat, false) }, ctx.t("takeover.takeBack"))) : null,
    absent.map((s) => h("p", { class: "row" }, h("span", {}, ctx.t(`takeover.${s.presence}`, { name: s.name })),
      h("button", { type: "button", onclick: () => seatBot(s.seat, true) }, ctx.t("takeover.giveToBot", { name: s.name })),
      h("button", { type: "button", dataset: { key: `seat-link-${s.seat}` }, onclick: () => seatLinkFor(ctx, s) },
        ctx.t("seatLink.makeFor", { name: s.name })))));
}

// "My seat": a seated player's way to open the seat on another device, while the table is open.
function renderSeatButton(ctx) {
  const button = document.getElementById("seat-button");
  const seat = ctx.seat === null ? null : page.table.seats[ctx.seat];
  button.hidden = !seat || page.table.status === "finished" || page.refusal === "never";
  button.onclick = seat ? () => seatLinkFor(ctx, seat) : null;
}

function seatLinkFor(ctx, seat) {
  openSeatLink(ctx, { code, seat: seat.seat, name: seat.name, forOther: seat.seat !== ctx.seat });
}

function renderFinished(ctx) {
  const panel = document.getElementById("finished");
  panel.hidden = page.table.status !== "finished";
  if (panel.hidden) return;
  const again = ctx.seat === null ? null
    : h("button", { type: "button", class: "primary", disabled: ctx.busy, dataset: { key: "again" }, onclick: playAgain },
      ctx.t("table.again"));
  fill(panel, h("h2", {}, ctx.t("table.gameOver")),
    page.view ? h("p", { class: "finished-result" }, promptLine(ctx)) : null,
    page.table.game_no > 1 ? h("p", { class: "muted" }, ctx.t("table.gameNo", { n: page.table.game_no })) : null,
    h("div", { class: "row" }, again,
      h("a", { class: "button", href: `/t/${code}/games/${page.table.game_no}`, dataset: { key: "review" } }, ctx.t("evening.review")),
      h("a", { class: "button", href: "/" }, ctx.t("table.backToLobby"))));
}

function renderLog(ctx) {
  const list = document.getElementById("log-lines");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
  fill(list, page.log.map((event) => {
    const text = describe(event, ctx);
    return text ? h("li", { class: event.kind === "round_started" ? "log-round" : null, dataset: { v: event.v } }, text) : null;
  }));
  if (atBottom) list.scrollTop = list.scrollHeight; // the list scrolls, never the page
}

// --- HTTP actions ---------------------------------------------------------------------------

async function post(url, body, method = "POST") {
  const response = await fetch(url, { method, headers: { "content-type": "application/json" },
                                      body: body === undefined ? undefined : JSON.stringify(body) });
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) {
    toast(page.t(`error.${data.code}`, { s: data.retry_after }) ?? data.message ?? data.detail?.[0]?.msg ?? response.statusText);
    return null;
  }
  return data;
}

async function joinTable(event) {
  event.preventDefault();
  const name = event.target.elements.name.value;
  if (await post(`/api/tables/${code}/join`, { name })) {
    localStorage.setItem("zashiki.name", name);
    reconnect(); // the new seat cookie is sent with the next handshake
  }
}

const startTable = () => post(`/api/tables/${code}/start`);
const setChat = (mode, spectators) => post(`/api/tables/${code}/chat`, { mode, spectators }, "PUT");
const pauseClock = (paused) => post(`/api/tables/${code}/clock`, { paused }, "PUT");

function describe(event, ctx) {
  return describeEvent(game, event, ctx);
}

// A refused line is said under the chat box and, through the page's one live line, to a screen reader.
function refuseChat(text) {
  chatRefused(text);
  announce(text);
}

// A chat line goes over the socket; it resolves true if the server refused it.
let chatIds = 0;
function say(body) {
  if (page.conn !== "connected") {
    refuseChat(page.t("chat.offline"));
    render();
    return Promise.resolve(true);
  }
  const id = `chat-${++chatIds}`;
  page.socket.send(JSON.stringify({ type: "say", ...body, id }));
  return new Promise((resolve) => page.said.set(id, resolve));
}

function answerSaid(id, refused) {
  page.said.get(id)?.(refused);
  page.said.delete(id);
  render();
}
const seatBot = (seat, on) => post(`/api/tables/${code}/seats/${seat}/bot`, undefined, on ? "PUT" : "DELETE");

async function copyLink(event, link) {
  await navigator.clipboard?.writeText(link).catch(() => {});
  event.target.textContent = page.t("wait.copied");
}

let toastTimer = null;
function toast(text) {
  announce(text);
  const el = document.getElementById("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

// --- start ----------------------------------------------------------------------------------

function setLanguage(lang) {
  page.lang = lang;
  page.t = translator(lang, gameStrings);
  applyLanguage(lang, page.t);
  for (const section of document.querySelectorAll("#rules section[lang]")) section.hidden = section.lang !== lang;
  drawNotice();
  setConnection(page.conn);
}

const rulesDialog = document.getElementById("rules");
document.getElementById("rules-button").addEventListener("click", () => rulesDialog.showModal());
setupLanguageSwitch(setLanguage);
setLanguage(page.lang);
// A page opened by a seat link takes the seat first: the socket then opens with the new seat token.
const claimed = await claimSeatLink(code);
if (claimed?.ok) toast(page.t("seatLink.claimed"));
else if (claimed) seatNotice(page.t(`error.${claimed.code}`) ? `error.${claimed.code}` : "error.seat_link_unknown");
connect();
