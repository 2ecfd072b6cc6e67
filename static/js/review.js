// The review of one game: step through its versions, drawn by the same renderer as the table.
// The server replays the game and sends each version's views: every seat's once the game is over,
// else only what this browser's seat (or a spectator) was shown. Nothing here can act.
import { h, fill, listNames, seatsAround } from "./dom.js";
import { applyLanguage, preferredLanguage, setupLanguageSwitch, translator } from "./i18n.js";
import { describeEvent } from "./clock.js";

const app = document.getElementById("app");
const code = app.dataset.code;

const page = {
  lang: preferredLanguage(),
  t: translator(preferredLanguage()),
  game: null, // the renderer module
  strings: null, // the game's own strings
  review: null, // the server's summary: seats, versions, log, outcome, perspectives
  source: null, // where versions come from: {path} for a table's game, {id, text} for an uploaded record
  versions: new Map(), // version -> [{seat, view}]
  version: null, // the version drawn
  target: null, // the version asked for last: keys pressed faster than versions arrive count from here
  seat: null, // whose view is shown; EVERY_SEAT: each seat's, one under another (a finished game)
  error: null,
};

const EVERY_SEAT = "every";

// --- loading --------------------------------------------------------------------------------

const BUSY_TRIES = 5; // a server busy replaying other games is asked again after the wait it names

async function fetchJson(url, options, tries = BUSY_TRIES) {
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({}));
  if (data.code === "replays_busy" && tries > 1) {
    await new Promise((resolve) => setTimeout(resolve, (data.retry_after ?? 1) * 1000));
    return fetchJson(url, options, tries - 1);
  }
  if (!response.ok) throw Object.assign(new Error(data.message ?? response.statusText), { code: data.code, data });
  return data;
}

/** A game's renderer, its strings and its stylesheet: loaded once, when a review of that game opens. */
async function useGame(slug) {
  if (page.game && app.dataset.game === slug) return;
  const [module, strings] = await Promise.all([
    import(`./games/${slug}.js`),
    fetch(`/static/i18n/${slug}.json`).then((response) => response.json()),
  ]);
  if (!document.querySelector(`link[href="/static/css/games/${slug}.css"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: `/static/css/games/${slug}.css` }));
  }
  app.dataset.game = slug;
  page.game = module;
  page.strings = strings;
  page.t = translator(page.lang, strings);
}

async function open(review, source) {
  await useGame(review.game);
  page.review = review;
  page.source = source;
  page.versions.clear();
  page.target = null;
  page.error = null;
  page.seat = review.perspectives.includes(review.you) ? review.you : review.perspectives[0];
  await go(review.last_version);
}

async function openTableGame() {
  const path = `/api/tables/${code}/games/${app.dataset.n}`;
  try {
    await open(await fetchJson(path), { path });
  } catch (error) {
    showError(error);
  }
}

async function openRecord(text) {
  const review = await fetchJson("/api/records", { method: "POST", headers: { "content-type": "application/json" }, body: text });
  await open(review, { id: review.id, text });
}

/** One version's views, from the server (a few kept); an uploaded record the server let go is sent again. */
async function versionViews(version) {
  if (page.versions.has(version)) return page.versions.get(version);
  const source = page.source;
  const url = source.path ? `${source.path}/versions/${version}` : `/api/records/${source.id}/versions/${version}`;
  let answer;
  try {
    answer = await fetchJson(url);
  } catch (error) {
    if (error.code !== "record_gone") throw error;
    await openRecord(source.text);
    return versionViews(version);
  }
  page.versions.set(version, answer.views);
  return answer.views;
}

async function go(version) {
  const review = page.review;
  if (!review) return;
  const target = Math.max(review.first_version, Math.min(review.last_version, version));
  page.target = target;
  try {
    await versionViews(target);
  } catch (error) {
    return showError(error);
  }
  if (page.target !== target) return; // a later step was asked for meanwhile
  page.version = target;
  render();
  // The neighbours, so that stepping is immediate.
  for (const next of [target + 1, target - 1]) {
    if (next >= review.first_version && next <= review.last_version) versionViews(next).catch(() => {});
  }
}

function showError(error) {
  page.error = page.t(`error.${error.code}`) ?? error.message;
  render();
}

// --- drawing --------------------------------------------------------------------------------

/** Controls a renderer builds are drawn inert: nothing can be chosen or sent from a review. */
function inertComposer(ctx) {
  return {
    chosen: null,
    isChosen: () => false,
    option: (action, key) => ({ type: "button", dataset: { key }, "aria-disabled": "true" }),
    mark: () => null,
    confirm: (label = ctx.t("table.confirm")) =>
      h("button", { type: "button", class: "primary kit-confirm", "aria-disabled": "true" }, label),
  };
}

/** The seat's view at a version; `asked`: with the legal actions it was offered (for the prompt it was shown). */
function viewOf(version, seat, asked = false) {
  const views = page.versions.get(version);
  const found = views?.find((v) => v.seat === seat);
  return found ? { ...found.view, legal: asked ? found.view.legal : [] } : null;
}

/** The seats drawn: the one chosen, or every seat of a finished game. */
function seatsDrawn() {
  return page.seat === EVERY_SEAT ? page.review.perspectives : [page.seat];
}

function context(seat = seatsDrawn()[0]) {
  const review = page.review;
  const players = review.seats.map((s) => ({ ...s }));
  const ctx = {
    view: viewOf(page.version, seat), catalog: review.catalog, seat, players, t: page.t, lang: page.lang,
    send: () => {}, check: () => Promise.resolve({ code: "review" }),
    previous: viewOf(page.version - 1, seat),
    busy: false,
    redraw: render,
    names: (seats) => listNames(ctx, seats),
    around: () => seatsAround(players.length, seat),
    compose: () => inertComposer(ctx),
  };
  return ctx;
}

function describe(event, ctx) {
  return describeEvent(page.game, event, ctx);
}

function render() {
  const errorEl = document.getElementById("review-error");
  errorEl.hidden = !page.error;
  errorEl.textContent = page.error ?? "";
  const review = page.review;
  document.getElementById("review-bar").hidden = !review;
  document.getElementById("table").hidden = !review;
  document.getElementById("log").hidden = !review;
  renderHead();
  if (!review) {
    document.getElementById("prompt").hidden = true;
    return;
  }
  const ctx = context();
  renderSteps(ctx);
  renderSeats(ctx);
  const tableEl = document.getElementById("table");
  const promptEl = document.getElementById("prompt");
  if (page.seat === EVERY_SEAT) {
    // Each seat's table in a place of its own, headed by whose it is and what it was asked then.
    const places = seatsDrawn().map((seat) => [seat, h("div", { class: "review-seat-table" })]);
    fill(tableEl, places.map(([seat, place]) => h("section", { class: `review-seat seat-${seat}` },
      h("h2", { class: "review-seat-name" }, ctx.players[seat]?.name ?? ctx.t("table.seat", { n: seat + 1 })),
      h("p", { class: "review-asked" }, askedThen(context(seat))),
      place)));
    for (const [seat, place] of places) {
      const seatCtx = context(seat);
      if (seatCtx.view) page.game.render(place, seatCtx);
    }
    promptEl.hidden = true;
  } else {
    if (ctx.view) page.game.render(tableEl, ctx);
    else fill(tableEl);
    promptEl.textContent = askedThen(ctx);
    promptEl.hidden = !promptEl.textContent;
  }
  renderLog(ctx);
}

/** What the seat was asked at this version, in words; the controls themselves are drawn inert. */
function askedThen(ctx) {
  return ctx.view ? page.game.prompt({ ...ctx, view: viewOf(page.version, ctx.seat, true) }) ?? "" : "";
}

function renderHead() {
  const review = page.review;
  const t = page.t;
  const title = document.getElementById("review-title");
  title.textContent = !review ? t("review.openHeading") : code ? t("review.heading", { n: app.dataset.n, code }) : t("review.recordHeading");
  const gameName = document.getElementById("game-name");
  if (review && !code) gameName.textContent = review.title[page.lang] ?? review.title.en; // an uploaded record's game
  const result = document.getElementById("review-result");
  result.hidden = !review?.outcome;
  if (review?.outcome) {
    const last = viewOf(review.last_version, seatsDrawn()[0]);
    result.textContent = last ? page.game.prompt({ ...context(), view: last }) ?? "" : "";
  }
  document.getElementById("review-note").textContent = !review ? t("review.openText")
    : review.over ? t("review.allRevealed") : t(review.you === null ? "review.spectatorOnly" : "review.ownOnly");
  const download = document.getElementById("review-download");
  download.hidden = !(review?.over && code);
  if (!download.hidden) download.href = `/api/tables/${code}/games/${app.dataset.n}/record`;
}

function renderSteps(ctx) {
  const review = page.review;
  const slider = document.getElementById("review-slider");
  slider.min = review.first_version;
  slider.max = review.last_version;
  slider.value = page.version;
  const step = page.version - review.first_version;
  const steps = review.last_version - review.first_version;
  slider.setAttribute("aria-valuetext", ctx.t("review.position", { n: step, of: steps }));
  document.getElementById("review-position").textContent = ctx.t("review.position", { n: step, of: steps });
  for (const button of document.querySelectorAll("#review-bar [data-step]")) {
    const back = button.dataset.step === "first" || button.dataset.step === "back";
    button.disabled = back ? page.version <= review.first_version : page.version >= review.last_version;
  }
}

function renderSeats(ctx) {
  const review = page.review;
  const el = document.getElementById("review-seats");
  el.setAttribute("aria-label", ctx.t("review.seenFrom"));
  const choices = review.over ? [EVERY_SEAT, ...review.perspectives] : review.perspectives;
  fill(el, h("span", { class: "muted" }, ctx.t("review.seenFrom")),
    choices.map((seat) => h("button", {
      type: "button", "aria-pressed": String(seat === page.seat), dataset: { key: `seen-${seat}` },
      class: seat === null || seat === EVERY_SEAT ? null : `seat-${seat}`,
      onclick: () => { page.seat = seat; render(); },
    }, seat === EVERY_SEAT ? ctx.t("review.everySeat") : seat === null ? ctx.t("review.spectator")
      : ctx.players[seat]?.name ?? ctx.t("table.seat", { n: seat + 1 }))));
}

function renderLog(ctx) {
  const list = document.getElementById("log-lines");
  // A private line is shown from the point of view of a seat it was for, as that seat read it.
  const seen = (event) => page.seat === EVERY_SEAT || !event.seen_by || event.seen_by.includes(page.seat);
  const lines = page.review.log.filter(seen).map((event) => {
    const text = describe(event, ctx);
    if (!text) return null;
    const state = event.v === page.version ? "now" : event.v > page.version ? "later" : null;
    return h("li", { class: [event.kind === "round_started" ? "log-round" : null, state].filter(Boolean).join(" ") || null,
                     "aria-current": state === "now" ? "step" : null, dataset: { v: event.v } },
      h("button", { type: "button", class: "log-jump", onclick: () => go(event.v) }, text));
  });
  fill(list, lines);
  const now = list.querySelector("li.now") ?? [...list.querySelectorAll("li:not(.later)")].pop();
  if (now) { // the list scrolls, never the page: the current line to its middle
    const offset = now.getBoundingClientRect().top - list.getBoundingClientRect().top;
    list.scrollTop = Math.max(0, list.scrollTop + offset - list.clientHeight / 2);
  }
}

// --- input ----------------------------------------------------------------------------------

const STEPS = {
  first: () => page.review.first_version,
  back: () => page.target - 1,
  forward: () => page.target + 1,
  last: () => page.review.last_version,
};
const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };

for (const button of document.querySelectorAll("#review-bar [data-step]")) {
  button.addEventListener("click", () => go(STEPS[button.dataset.step]()));
}
document.getElementById("review-slider").addEventListener("input", (event) => go(Number(event.target.value)));
document.addEventListener("keydown", (event) => {
  const step = KEYS[event.key];
  if (!step || !page.review || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, textarea, select")) return; // the slider steps by itself
  event.preventDefault();
  go(STEPS[step]());
});
document.getElementById("review-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  if (file.size > 512 * 1024) return showError({ code: "record_too_big" });
  try {
    await openRecord(await file.text());
  } catch (error) {
    showError(error);
  }
});

function setLanguage(lang) {
  page.lang = lang;
  page.t = translator(lang, page.strings ?? {});
  applyLanguage(lang, page.t);
  render();
}

setupLanguageSwitch(setLanguage);
if (app.dataset.game) await useGame(app.dataset.game);
setLanguage(page.lang);
if (code) await openTableGame();
