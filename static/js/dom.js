// Small DOM helpers shared by the runtime and every renderer. Text always goes in as text,
// never as HTML, so a player's nickname can never become markup.

/**
 * `ctx.busy` while a move is in flight: truthy, and given as `disabled` (`disabled: !legal || ctx.busy`)
 * it makes the control aria-disabled instead: it keeps focus, and the runtime ignores its activation.
 */
export const IN_FLIGHT = Object.freeze({ inFlight: true });

// Elements whose role (generic, paragraph…) may not carry a name of their own.
const UNNAMEABLE = Object.freeze(["div", "span", "p", "strong", "em", "b", "i", "small", "code", "sub", "sup"]);

/**
 * An element: h("button", {class: "card", onclick: fn, disabled: true}, "text", child…).
 * A div or span given an aria-label (a card face, a pile) is named for assistive technology: as an
 * image of its label when all it shows is that, else as a labelled group of what it holds.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "disabled" && value === IN_FLIGHT) el.setAttribute("aria-disabled", "true");
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  if (UNNAMEABLE.includes(el.localName) && el.hasAttribute("aria-label") && !el.hasAttribute("role")) {
    el.setAttribute("role", el.querySelector(':scope > :not([aria-hidden="true"])') ? "group" : "img");
  }
  return el;
}

/** Replaces an element's children in one step (no flash, no scroll jump). */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/**
 * A player's name with a seat colour (named, for whoever cannot tell the colours apart), a presence
 * dot (a player not connected also gets a tag in words: reconnecting, away, left) and tags (you, bot).
 */
export function seatBadge(player, ctx) {
  if (!player) return h("span", { class: "seat-badge" });
  const colour = ctx.t(`seat.colour.${player.seat}`);
  const presence = player.bot ? "connected" : player.presence ?? "away";
  const tags = [];
  if (player.seat === ctx.seat) tags.push(h("span", { class: "tag you" }, ctx.t("wait.you")));
  if (player.bot) tags.push(h("span", { class: "tag bot" }, ctx.t("table.botTag")));
  else if (player.name && presence !== "connected") {
    tags.push(h("span", { class: `tag presence-${presence}` }, ctx.t(`presence.${presence}`)));
  }
  return h("span", { class: `seat-badge seat-${player.seat}`, title: colour, dataset: { presence } },
    h("span", { class: "dot", "aria-hidden": "true" }),
    h("span", { class: "name" }, player.name ?? ctx.t("wait.open")),
    h("span", { class: "sr-only" }, ` (${colour})`), ...tags);
}

/**
 * The seats as the page names them, each a copy. A bot's seat from the start (nobody's seat) is named
 * for its seat, "Bot 2" / 「ボット2」; a person's name is theirs, even while a bot plays for them; and
 * two people of one name are told apart by their seats' colours. So no two seats share a name.
 */
export function namedSeats(seats, t) {
  const named = seats.map((s) => ({ ...s, name: s.bot && s.human === false ? t("table.botName", { n: s.seat + 1 }) : s.name }));
  const shared = (name) => named.filter((s) => s.name === name).length > 1;
  return named.map((s) => (s.name && shared(s.name) ? { ...s, name: `${s.name} (${t(`seat.colour.${s.seat}`)})` } : s));
}

/** The name of whoever sits at `seat`, for prompts and log lines. */
export function nameOf(ctx, seat) {
  const player = ctx.players.find((p) => p.seat === seat);
  return player?.name ?? ctx.t("table.seat", { n: seat + 1 });
}

/** Seats as they sit around the table: your own first, then clockwise; a spectator's from seat 0. */
export function seatsAround(count, seat) {
  const start = seat === null || seat === undefined ? 0 : seat;
  return Array.from({ length: count }, (_, i) => (start + i) % count);
}

/** "Ken, Aiko and Sam" (「ケンさん、アイコさん、サムさん」) in the page's language. */
export function listNames(ctx, seats) {
  const names = seats.map((s) => ctx.t("table.nameRef", { name: nameOf(ctx, s) }));
  return new Intl.ListFormat(ctx.lang, { style: "long", type: "conjunction" }).format(names);
}
