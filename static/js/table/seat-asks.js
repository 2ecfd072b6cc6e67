// Getting a seat back (docs/protocol.md: ask_seat, seat_asks). A browser that lost its seat (its
// cookie cleared, another phone) is told, while it watches, whom to ask, and asks from here; the
// host answers each ask from a panel that stays until every ask is answered. A granted seat's link
// comes to the asking tab alone, which takes the seat with it at once.
import { h, fill, nameOf } from "../dom.js";
import { claimSeat } from "../seatlink.js";
import { reconnect } from "./connection.js";
import { announce, seatNotice, toast } from "./notices.js";
import { render, tableContext } from "./render.js";

const newAskId = (page) => `ask-${++page.seatAsk.count}`;

/** Sends `message` if the socket is open; says so. */
function tell(page, message) {
  if (page.conn !== "connected") return false;
  page.socket.send(JSON.stringify(message));
  return true;
}

/** Asks for `seat` under the name this browser watches by, else the seat's own: the host knows who it is. */
function ask(page, ctx, seat) {
  const id = newAskId(page);
  const name = localStorage.getItem("zashiki.name") || nameOf(ctx, seat);
  if (tell(page, { type: "ask_seat", seat, name, id })) Object.assign(page.seatAsk, { id, seat, answer: "asked" });
  render(page);
}

function answer(page, waiting, grant) {
  tell(page, { type: "answer_ask", ask: waiting.id, grant });
}

/** What the server told about asks: the host's list, or this tab's answer. True when it was one of those. */
export function receiveSeatAsk(page, message) {
  switch (message.type) {
    case "seat_asks": {
      const known = new Set(page.seatAsk.waiting.map((waiting) => waiting.id));
      page.seatAsk.waiting = message.asks;
      render(page);
      const fresh = message.asks.find((waiting) => !known.has(waiting.id));
      if (fresh) announce(page, askText(page, tableContext(page), fresh)); // the host hears of it wherever they look
      return true;
    }
    case "seat_declined":
      page.seatAsk.answer = "declined";
      render(page);
      return true;
    case "seat_granted":
      takeGrantedSeat(page, message.link);
      return true;
    default:
      return false;
  }
}

/** The seat's link came to this tab alone: the seat is taken with it, and the socket opens again as that seat. */
async function takeGrantedSeat(page, link) {
  const claimed = await claimSeat(page.code, link);
  Object.assign(page.seatAsk, { id: null, seat: null, answer: null });
  if (!claimed.ok) return seatNotice(page, `error.${claimed.code}`);
  toast(page, page.t("seatLink.claimed"));
  reconnect(page);
}

/** An ask the server refused (its error names the ask's id): the tab may ask again. */
export function askRefused(page, id) {
  if (!id || id !== page.seatAsk.id) return false;
  Object.assign(page.seatAsk, { id: null, seat: null, answer: null });
  return true;
}

export function renderSeatAsks(page, ctx) {
  const creator = page.table.seats[page.table.creator];
  renderAsking(page, ctx, creator);
  renderWaiting(page, ctx);
}

/** A watching tab: the seats it may ask for (from the server's `may`), and whom it asks. */
function renderAsking(page, ctx, creator) {
  const el = document.getElementById("seat-ask");
  const seats = page.may.ask_seat ?? [];
  const { seat, answer } = page.seatAsk;
  el.hidden = ctx.seat !== null || (!seats.length && seat === null);
  if (el.hidden) return fill(el);
  const host = creator.name;
  if (seat !== null && answer) {
    const name = nameOf(ctx, seat);
    return fill(el, h("p", {}, ctx.t(`seatAsk.${answer}`, { host, name })),
      answer === "declined" && seats.includes(seat)
        ? h("button", { type: "button", dataset: { key: `ask-seat-${seat}` }, onclick: () => ask(page, ctx, seat) }, ctx.t("seatAsk.again"))
        : null);
  }
  fill(el, h("h2", {}, ctx.t("seatAsk.heading")), h("p", {}, ctx.t("seatAsk.intro", { host })),
    h("div", { class: "row" }, seats.map((s) => h("button", { type: "button", class: "primary", dataset: { key: `ask-seat-${s}` },
      onclick: () => ask(page, ctx, s) }, ctx.t("seatAsk.iAm", { name: nameOf(ctx, s) })))));
}

const askText = (page, ctx, waiting) => ctx.t("seatAsk.asks", { asker: waiting.name, name: nameOf(ctx, waiting.seat) });

/** The host: each ask waiting for an answer. */
function renderWaiting(page, ctx) {
  const el = document.getElementById("seat-asks");
  const waiting = page.seatAsk.waiting;
  el.hidden = !waiting.length;
  if (el.hidden) return fill(el);
  fill(el, h("h2", {}, ctx.t("seatAsk.hostHeading")), waiting.map((waitingAsk) => h("div", { class: "seat-ask-line" },
    h("p", {}, askText(page, ctx, waitingAsk)),
    h("div", { class: "row" },
      h("button", { type: "button", class: "primary", dataset: { key: `grant-${waitingAsk.id}` }, onclick: () => answer(page, waitingAsk, true) },
        ctx.t("seatAsk.grant", { name: nameOf(ctx, waitingAsk.seat) })),
      h("button", { type: "button", dataset: { key: `decline-${waitingAsk.id}` }, onclick: () => answer(page, waitingAsk, false) },
        ctx.t("seatAsk.decline"))))));
}
