// What the server sends this page (docs/protocol.md), taken into the page's state; then the page is
// drawn again and what is news is said.
import { chatMessage, chatRefused, chatSnapshot, lineText } from "../chat.js";
import { setClock } from "../clock.js";
import { applyPatch, unpackView } from "./delta.js";
import { announce, seatNotice, toast } from "./notices.js";
import { announceNews } from "./prompt.js";
import { render, tableContext } from "./render.js";
import { answerSaid, answered, refuseChat } from "./requests.js";
import { askRefused, receiveSeatAsk } from "./seat-asks.js";

export function receive(page, message) {
  if (receiveSeatAsk(page, message)) return;
  if (message.type === "hinted" && answered(page, message.id, { action: message.action, reason: message.reason })) return;
  if (message.type === "error" && answered(page, message.id, message)) return; // a question refused outright
  switch (message.type) {
    case "state": {
      if (message.patch && message.base !== page.version) { // it changes a view this page does not hold
        page.socket.send(JSON.stringify({ type: "sync" }));
        break;
      }
      const news = !message.full_log && message.version === page.version + 1 ? message.events : [];
      if (message.full_log) page.log = message.events;
      else if (message.version === page.version + 1) page.log.push(...message.events);
      else if (message.version > page.version + 1) page.socket.send(JSON.stringify({ type: "sync" }));
      if (message.version >= page.version || message.full_log) {
        page.previous = page.version === message.version - 1 ? page.view : null;
        page.version = message.version;
        page.you = message.you;
        takeTable(page, message); // sent only when it changed
        page.wire = message.patch ? applyPatch(page.wire, message.patch) : message.view;
        page.view = unpackView(page.wire);
        setClock(page.clock, message.clock);
        if (message.full_log) {
          page.catalog = message.catalog;
          page.limits = message.limits;
          chatSnapshot(page.chat, message.chat);
        }
        // Our own move is answered by the ack in our state; a fresh snapshot answers nothing in flight.
        if (message.full_log || (message.ack !== undefined && message.ack === page.pending)) page.pending = null;
      }
      render(page);
      announceNews(page, news);
      break;
    }
    case "table":
      takeTable(page, message);
      render(page);
      announceNews(page, []);
      break;
    case "log": // a line with no new version: someone asked for a hint
      page.log.push(...message.events);
      render(page);
      announceNews(page, message.events);
      break;
    case "clock": // paused or resumed
      setClock(page.clock, message.clock);
      render(page);
      break;
    case "chat": {
      const line = chatMessage(page.chat, message);
      render(page);
      if (line && (line.seat === null || line.seat !== page.you)) announce(page, lineText(line, tableContext(page)));
      break;
    }
    case "seat_lost": // this browser's seat token was revoked: it watches now
      seatNotice(page, `notice.seatLost.${message.why}`);
      break;
    case "error":
      if (page.said.has(message.id)) {
        refuseChat(page, page.t(`error.${message.code}`, { s: message.retry_after }) ?? message.message);
        answerSaid(page, message.id, true);
        break;
      }
      if (!message.id || message.id === page.pending) page.pending = null;
      askRefused(page, message.id);
      toast(page, page.t(`error.${message.code}`) ?? message.message);
      render(page);
      break;
    case "checked":
      answered(page, message.id, message.ok ? null
        : { code: message.code, message: message.message, rule: message.rule ?? null, reason: message.reason ?? null });
      break;
    case "ack":
      if (page.said.has(message.id)) {
        chatRefused(page.chat, null);
        answerSaid(page, message.id, false);
        break;
      }
      // A retried move or a new game is answered by its ack alone; another seat's commit must not reopen the page.
      if (message.id === page.pending) page.pending = null;
      render(page);
      break;
  }
}

/** The table and what this page may do there travel together; a message without them keeps the last. */
function takeTable(page, message) {
  if (!message.table) return;
  page.table = message.table;
  page.may = message.may;
}
