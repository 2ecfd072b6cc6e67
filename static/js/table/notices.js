// What the page tells the player besides the table: the sticky banner (why play stopped or paused,
// what became of this browser's seat), a passing toast, and the one polite live line a screen reader hears.
import { h, fill } from "../dom.js";

export function setNotice(page, notice) {
  page.notice = notice;
  drawNotice(page);
}

/** What became of this browser's seat (moved, revoked, a link that did not work): stays until dismissed. */
export function seatNotice(page, key, params) {
  setNotice(page, { key, params, kind: "seat", action: { key: "notice.dismiss", run: () => setNotice(page, null) } });
}

// The banner stays until the server serves a socket again: it says why play has stopped or paused.
export function drawNotice(page) {
  const el = document.getElementById("notice");
  const notice = page.notice;
  el.hidden = !notice;
  if (!notice) return fill(el);
  el.dataset.kind = notice.kind;
  if (!notice.quiet) announce(page, page.t(notice.key, notice.params)); // a quiet one was said by the connection status
  fill(el,
    h("p", {}, page.t(notice.key, notice.params),
      notice.kind === "waiting" ? [" ", h("span", { class: "notice-retry" }, page.t("notice.retrying", notice.params))] : null),
    notice.action ? h("button", { type: "button", class: "primary", onclick: notice.action.run }, page.t(notice.action.key)) : null);
}

export function toast(page, text) {
  announce(page, text);
  const el = document.getElementById("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(page.timers.toast);
  page.timers.toast = setTimeout(() => { el.hidden = true; }, 4000);
}

export function announce(page, text) {
  if (!text) return;
  const el = document.getElementById("announce");
  // Emptied, then filled a moment later, so that the same words twice are said twice; what more is
  // asked to be said in that moment is said with it, not instead of it (a coach line and a hint).
  page.toAnnounce = page.toAnnounce ? `${page.toAnnounce} ${text}` : text;
  el.textContent = "";
  clearTimeout(page.timers.announce);
  page.timers.announce = setTimeout(() => {
    el.textContent = page.toAnnounce;
    page.toAnnounce = "";
  }, 60);
}
