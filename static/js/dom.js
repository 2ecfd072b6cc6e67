// Small DOM helpers shared by the runtime and every renderer. Text always goes in as text,
// never as HTML, so a player's nickname can never become markup.

/** An element: h("button", {class: "card", onclick: fn, disabled: true}, "text", child…). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces an element's children in one step (no flash, no scroll jump). */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** A player's name with a seat colour, a connection dot and tags (you, bot). */
export function seatBadge(player, ctx) {
  if (!player) return h("span", { class: "seat-badge" });
  const tags = [];
  if (player.seat === ctx.seat) tags.push(h("span", { class: "tag you" }, ctx.t("wait.you")));
  if (player.bot) tags.push(h("span", { class: "tag bot" }, ctx.t("table.botTag")));
  return h("span", { class: `seat-badge seat-${player.seat}` },
    h("span", { class: `dot ${player.connected ? "on" : "off"}`, title: player.connected ? "" : ctx.t("table.offline"),
      "aria-label": player.connected ? null : ctx.t("table.offline"), role: player.connected ? null : "img" }),
    h("span", { class: "name" }, player.name ?? ctx.t("wait.open")), ...tags);
}

/** The name of whoever sits at `seat`, for prompts and log lines. */
export function nameOf(ctx, seat) {
  const player = ctx.players.find((p) => p.seat === seat);
  return player?.name ?? ctx.t("table.seat", { n: seat + 1 });
}
