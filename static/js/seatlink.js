// Seat links: a private link and QR code that open a seat in another browser — a player's own seat,
// moved or shared, or (made by the host) the seat of a player who is away. And the other end: a page
// opened by such a link takes the seat before it connects.
import { h, fill } from "./dom.js";

const dialog = () => document.getElementById("seat-link");

/**
 * Opens the seat link dialog. `seat`: the seat the link opens; `forOther`: the host's link for an
 * away player's seat, which revokes that seat's older links and browsers.
 */
export function openSeatLink(ctx, { code, seat, name, forOther }) {
  const el = dialog();
  const make = async (keep) => {
    const response = await fetch(`/api/tables/${code}/seats/${seat}/link`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ keep }) }).catch(() => null);
    const data = await response?.json().catch(() => ({}));
    if (response?.ok) return showLink(ctx, data, { name, forOther, keep });
    // Said inside the dialog, where the player is looking; nothing changed.
    const refusal = ctx.t(`error.${data?.code}`) ?? data?.message ?? ctx.t("error.seat_link_failed");
    fill(el.querySelector(".seat-link-error"), refusal);
  };
  const choices = forOther
    ? [h("p", {}, ctx.t("seatLink.otherIntro", { name })),
       h("div", { class: "row" }, h("button", { type: "button", class: "primary", dataset: { key: "make-link" },
         onclick: () => make(false) }, ctx.t("seatLink.makeFor", { name })))]
    : [h("p", {}, ctx.t("seatLink.ownIntro")),
       h("div", { class: "seat-link-choices" },
         h("button", { type: "button", class: "primary", dataset: { key: "move-seat" }, onclick: () => make(false) },
           ctx.t("seatLink.move")),
         h("p", { class: "muted" }, ctx.t("seatLink.moveHint")),
         h("button", { type: "button", dataset: { key: "share-seat" }, onclick: () => make(true) }, ctx.t("seatLink.share")),
         h("p", { class: "muted" }, ctx.t("seatLink.shareHint")))];
  fill(el, closeButton(ctx),
    h("h2", { id: "seat-link-title" }, forOther ? ctx.t("seatLink.otherHeading", { name }) : ctx.t("seatLink.ownHeading")),
    h("div", { class: "seat-link-body" }, choices),
    h("p", { class: "seat-link-error", role: "alert" }));
  if (!el.open) el.showModal();
}

function showLink(ctx, link, { name, forOther, keep }) {
  const until = new Date(link.expires_at * 1000).toLocaleTimeString(ctx.lang, { hour: "2-digit", minute: "2-digit" });
  const copy = h("button", { type: "button", dataset: { key: "copy-seat-link" }, onclick: async () => {
    await navigator.clipboard?.writeText(link.url).catch(() => {});
    copy.textContent = ctx.t("wait.copied");
  } }, ctx.t("wait.copy"));
  const after = forOther ? ctx.t("seatLink.afterOther", { name }) : keep ? ctx.t("seatLink.afterShare") : ctx.t("seatLink.afterMove");
  fill(dialog().querySelector(".seat-link-error"));
  fill(dialog().querySelector(".seat-link-body"),
    h("img", { class: "seat-link-qr", src: link.qr, width: 240, height: 240, alt: ctx.t("seatLink.qrAlt") }),
    h("label", { class: "seat-link-url", for: "seat-link-url" }, ctx.t("seatLink.link")),
    h("div", { class: "seat-link-copy" },
      h("input", { id: "seat-link-url", readonly: true, value: link.url, dataset: { key: "seat-link-url" },
                   onfocus: (e) => e.target.select() }),
      copy),
    h("p", {}, after),
    h("p", { class: "muted" }, ctx.t("seatLink.private", { time: until })));
}

function closeButton(ctx) {
  return h("form", { method: "dialog" },
    h("button", { class: "close", "aria-label": ctx.t("table.close") }, "×"));
}

/**
 * When this page was opened by a seat link (`#seat=…` — after the '#', so no server log ever sees it),
 * takes the seat with it before the socket opens. Returns null when there was no link, else
 * {ok, code, message}: what the server answered.
 */
export async function claimSeatLink(code) {
  const secret = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (!secret) return null;
  const claimed = await claimSeat(code, secret);
  // Answered: the link is spent or useless (one that could not be sent stays, and a reload tries again).
  if (claimed.code !== "seat_link_failed") history.replaceState(null, "", location.pathname + location.search);
  return claimed;
}

/** Takes the seat a link's secret opens, for this browser: {ok, code, message} as the server answered. */
export async function claimSeat(code, secret) {
  const response = await fetch(`/api/tables/${code}/claim`, { method: "POST", headers: { "content-type": "application/json" },
                                                             body: JSON.stringify({ link: secret }) }).catch(() => null);
  if (!response) return { ok: false, code: "seat_link_failed" };
  const data = await response.json().catch(() => ({}));
  return response.ok ? { ok: true } : { ok: false, code: data.code, message: data.message };
}
