// Who sits where, and the controls the server lets this page use on the seats (`page.may`): joining,
// bots, the start, seat links, taking a seat back, and the name a spectator watches by.
import { h, fill, seatBadge } from "../dom.js";
import { openSeatLink } from "../seatlink.js";
import { joinTable, seatBot, startTable } from "./api.js";
import { reconnect } from "./connection.js";

const NAME_KEY = "zashiki.name"; // the nickname this browser last used, for joining and watching

/** The waiting table: the invitation, the seats, the join form and the start. */
export function renderWaiting(page, ctx) {
  const panel = document.getElementById("waiting");
  panel.hidden = page.table.status !== "waiting" || page.refusal === "never"; // an ended table offers nothing
  if (panel.hidden) return fill(panel); // nothing stale left behind, in another language
  const { seats, creator } = page.table;
  const may = page.may;
  const link = `${location.origin}/t/${page.code}`;
  const botButton = (s, on) => h("button", { type: "button", dataset: { key: `bot-${s.seat}` }, onclick: () => seatBot(page, s.seat, on) },
    ctx.t(on ? "wait.addBot" : "wait.removeBot"));
  const rows = ctx.players.map((s) => h("li", { class: "seat-row" }, seatBadge(s.name ? s : null, ctx),
    s.name ? null : h("span", { class: "muted" }, ctx.t("wait.open")),
    may.seat_bot.includes(s.seat) ? botButton(s, true) : may.unseat_bot.includes(s.seat) ? botButton(s, false) : null));
  const typed = panel.querySelector(".join-form input[name=name]")?.value; // a redraw keeps what is being typed
  const join = may.join === true
    ? h("form", { class: "row join-form", onsubmit: (event) => joinAs(page, event) },
        h("label", { class: "grow" }, ctx.t("wait.nickname"), " ",
          h("input", { name: "name", required: true, maxlength: page.limits.name, autocomplete: "nickname", dataset: { key: "nickname" },
                       value: typed ?? localStorage.getItem(NAME_KEY) ?? "" })),
        h("button", { type: "submit", class: "primary" }, ctx.t("wait.join")))
    : null;
  // The start is the creator's: offered once every seat is filled, and shown greyed out until then.
  const starts = may.start === true || may.start === "seats_open";
  const footer = starts
    ? h("button", { type: "button", class: "primary", disabled: may.start !== true, dataset: { key: "start" }, onclick: () => startTable(page) },
      ctx.t("wait.start"))
    : may.join === "table_full" ? h("p", {}, ctx.t("wait.full"))
    : h("p", {}, ctx.t("wait.creatorStarts", { name: seats[creator]?.name ?? "" }));
  fill(panel,
    h("h2", {}, ctx.t("wait.heading")),
    h("div", { class: "invite" },
      h("label", {}, ctx.t("wait.invite"), " ", h("input", { readonly: true, value: link, onfocus: (e) => e.target.select() })),
      h("button", { type: "button", dataset: { key: "copy" }, onclick: (e) => copyLink(page, e, link) }, ctx.t("wait.copy")),
      h("span", { class: "muted" }, ctx.t("wait.code"), " ", h("strong", { class: "code" }, page.code)),
      h("figure", { class: "invite-qr" },
        h("img", { src: `/api/tables/${page.code}/invite.svg`, width: 132, height: 132, alt: ctx.t("wait.inviteQr") }),
        h("figcaption", { class: "muted" }, ctx.t("wait.scanToJoin")))),
    h("ol", { class: "seat-list" }, rows),
    join,
    may.start === "seats_open" ? h("p", { class: "muted" }, ctx.t("wait.needFull")) : null,
    footer);
}

async function joinAs(page, event) {
  event.preventDefault();
  const name = event.target.elements.name.value;
  if (await joinTable(page, name)) {
    localStorage.setItem(NAME_KEY, name);
    reconnect(page); // the new seat cookie is sent with the next handshake
  }
}

async function copyLink(page, event, link) {
  await navigator.clipboard?.writeText(link).catch(() => {});
  event.target.textContent = page.t("wait.copied");
}

/**
 * Another player's seat that is not at the table (away or left, or played by a bot for them): whatever
 * the server lets this page do about it — a bot, a new seat link — and this player's own seat taken back.
 */
export function renderTakeover(page, ctx) {
  const panel = document.getElementById("takeover");
  const { seats, status } = page.table;
  const may = page.may;
  const others = seats.filter((s) => s.seat !== ctx.seat
    && [may.seat_bot, may.unseat_bot, may.seat_link].some((list) => list.includes(s.seat)));
  const mine = may.unseat_bot.includes(ctx.seat);
  // Before the start, open seats and their bots are in the waiting panel's list.
  const listed = status === "waiting" ? others.filter((s) => s.name && !s.bot) : others;
  panel.hidden = (!mine && !listed.length) || page.refusal === "never";
  if (panel.hidden) return;
  fill(panel,
    mine ? h("p", { class: "row" }, h("span", {}, ctx.t("takeover.botPlaysForYou")),
      h("button", { type: "button", class: "primary", dataset: { key: "take-back" }, onclick: () => seatBot(page, ctx.seat, false) },
        ctx.t("takeover.takeBack"))) : null,
    listed.map((s) => h("p", { class: "row" },
      h("span", {}, s.bot ? ctx.t("takeover.botPlaysFor", { name: s.name }) : ctx.t(`takeover.${s.presence}`, { name: s.name })),
      may.seat_bot.includes(s.seat)
        ? h("button", { type: "button", dataset: { key: `give-bot-${s.seat}` }, onclick: () => seatBot(page, s.seat, true) },
          ctx.t("takeover.giveToBot", { name: s.name })) : null,
      may.unseat_bot.includes(s.seat)
        ? h("button", { type: "button", dataset: { key: `unbot-${s.seat}` }, onclick: () => seatBot(page, s.seat, false) },
          ctx.t("takeover.giveBack", { name: s.name })) : null,
      may.seat_link.includes(s.seat)
        ? h("button", { type: "button", dataset: { key: `seat-link-${s.seat}` }, onclick: () => seatLinkFor(ctx, page, s) },
          ctx.t("seatLink.makeFor", { name: s.name })) : null)));
}

// "My seat": a seated player's way to open the seat on another device, while the server allows it.
export function renderSeatButton(page, ctx) {
  const button = document.getElementById("seat-button");
  const seat = page.may.seat_link.includes(ctx.seat) ? page.table.seats[ctx.seat] : null;
  button.hidden = !seat || page.refusal === "never";
  button.onclick = seat ? () => seatLinkFor(ctx, page, seat) : null;
}

function seatLinkFor(ctx, page, seat) {
  openSeatLink(ctx, { code: page.code, seat: seat.seat, name: seat.name, forOther: seat.seat !== ctx.seat });
}

/** Who is watching: how many, and the names of those who gave one (shown as text, like every name). */
export function renderWatchers(page, ctx) {
  const el = document.getElementById("watchers");
  const { count = 0, names = [] } = page.table.spectators ?? {};
  el.hidden = !count;
  const list = names.join(ctx.lang === "ja" ? "、" : ", ");
  el.textContent = !count ? "" : ctx.t(list ? "table.spectatorsNamed" : "table.spectators", { n: count, names: list });

  // A spectator may name itself at any time; while it may join, the join form asks for the name instead.
  const form = document.getElementById("watch-name");
  form.hidden = ctx.seat !== null || page.may.join === true;
  const input = form.elements.name;
  input.maxLength = page.limits.name;
  if (document.activeElement !== input) input.value = localStorage.getItem(NAME_KEY) ?? "";
  form.onsubmit = (event) => {
    event.preventDefault();
    watchAs(page, input.value.trim());
  };
}

/** The name this browser watches by is kept for it, and told to the table by opening the socket again. */
function watchAs(page, name) {
  if (name === (localStorage.getItem(NAME_KEY) ?? "")) return;
  if (name) localStorage.setItem(NAME_KEY, name);
  else localStorage.removeItem(NAME_KEY);
  reconnect(page);
}
