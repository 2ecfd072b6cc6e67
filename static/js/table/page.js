// The table page's state: made once at start-up and passed to every part of the page, so that no
// module keeps any of its own.
import { preferredLanguage } from "../i18n.js";
import { newChat } from "../chat.js";
import { newClock } from "../clock.js";
import { newCoach } from "../coach.js";
import { newEvening } from "../evening.js";
import { newTurnSignal } from "../yourturn.js";

/** A fresh page for the table in `app` (its data-code), drawn by the `game` renderer with its `strings`. */
export function newTablePage(app, game, strings) {
  return {
    app,
    code: app.dataset.code,
    game, // the renderer module
    strings, // the game's own strings, in both languages
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
    may: null, // what the server lets this page do now (docs/protocol.md), sent with every table
    limits: null, // the server's limits on what is typed: {name, chat} characters
    wire: null, // the view as sent (docs/protocol.md): what the next patch changes
    view: null, // the view as drawn: the same, its legal actions spelled out
    catalog: null, // the game's static data (card faces…), sent with every fresh snapshot
    previous: null,
    log: [],
    pending: null, // the id of an action sent and not yet answered
    spoken: { conn: null, turn: false, over: true }, // what the announcer said last, to say only changes
    // Asking for a seat back: this tab's ask (its id, the seat, "asked" or "declined"), and the host's waiting asks.
    seatAsk: { count: 0, id: null, seat: null, answer: null, waiting: [] },
    asked: new Map(), // id -> resolve, for the checks and hints the server has not answered yet (requests.js)
    checked: { version: -1, answers: new Map(), settled: new Map() }, // this version's checks and answers, by action (requests.js)
    checkPace: { tokens: 8, at: 0 }, // the token bucket that paces checks (requests.js)
    why: null, // the reason on show for an unavailable control (why.js)
    hint: null, // the hint shown: {version, asking} or {version, action, reason} or {version, refused}
    said: new Map(), // chat line id -> resolve(refused), for lines the server has not answered yet
    chatIds: 0,
    chat: newChat(),
    clock: newClock(),
    evening: newEvening(),
    signal: newTurnSignal(),
    coach: newCoach(), // a practice table's coach: its data, this browser's progress, its lines
    ruleOpen: null, // the key of the button whose rule snippet is open, if one is
    inView: { ask: null, over: null, userScroll: -Infinity, retry: null }, // what was last brought into view
    timers: { announce: null, toast: null },
    toAnnounce: "", // words waiting to be said by the announcer (notices.js)
  };
}
