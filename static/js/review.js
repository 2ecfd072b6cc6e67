// The review of one game: step through its versions, drawn by the same renderer as the table.
// The server replays the game and sends each version's views: every seat's once the game is over,
// else only what this browser's seat (or a spectator) was shown. Nothing here can act.
import { h, fill } from "./dom.js";
import { applyLanguage, preferredLanguage, setupLanguageSwitch, translator } from "./i18n.js";
import { describeEvent } from "./clock.js";
import { makeContext } from "./context.js";
import { moving } from "./kit.js";

/** The review page's state: made once at start-up and passed to every function here. */
function newReviewPage(app) {
  return {
    app,
    code: app.dataset.code, // empty for an uploaded record
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
}

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
async function useGame(page, slug) {
  if (page.game && page.app.dataset.game === slug) return;
  const [module, strings] = await Promise.all([
    import(`./games/${slug}.js`),
    fetch(`/static/i18n/${slug}.json`).then((response) => response.json()),
  ]);
  if (!document.querySelector(`link[href="/static/css/games/${slug}.css"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: `/static/css/games/${slug}.css` }));
  }
  page.app.dataset.game = slug;
  page.game = module;
  page.strings = strings;
  page.t = translator(page.lang, strings);
}

async function open(page, review, source) {
  await useGame(page, review.game);
  page.review = review;
  page.source = source;
  page.versions.clear();
  page.target = null;
  page.error = null;
  page.seat = review.perspectives.includes(review.you) ? review.you : review.perspectives[0];
  await go(page, review.last_version);
}

async function openTableGame(page) {
  const path = `/api/tables/${page.code}/games/${page.app.dataset.n}`;
  try {
    await open(page, await fetchJson(path), { path });
  } catch (error) {
    showError(page, error);
  }
}

async function openRecord(page, text) {
  const review = await fetchJson("/api/records", { method: "POST", headers: { "content-type": "application/json" }, body: text });
  await open(page, review, { id: review.id, text });
}

/** One version's views, from the server (a few kept); an uploaded record the server let go is sent again. */
async function versionViews(page, version) {
  if (page.versions.has(version)) return page.versions.get(version);
  const source = page.source;
  const url = source.path ? `${source.path}/versions/${version}` : `/api/records/${source.id}/versions/${version}`;
  let answer;
  try {
    answer = await fetchJson(url);
  } catch (error) {
    if (error.code !== "record_gone") throw error;
    await openRecord(page, source.text);
    return versionViews(page, version);
  }
  page.versions.set(version, answer.views);
  return answer.views;
}

async function go(page, version) {
  const review = page.review;
  if (!review) return;
  const target = Math.max(review.first_version, Math.min(review.last_version, version));
  page.target = target;
  try {
    await versionViews(page, target);
  } catch (error) {
    return showError(page, error);
  }
  if (page.target !== target) return; // a later step was asked for meanwhile
  page.version = target;
  render(page);
  // The neighbours, so that stepping is immediate.
  for (const next of [target + 1, target - 1]) {
    if (next >= review.first_version && next <= review.last_version) versionViews(page, next).catch(() => {});
  }
}

function showError(page, error) {
  page.error = page.t(`error.${error.code}`) ?? error.message;
  render(page);
}

// --- drawing --------------------------------------------------------------------------------

/** The seat's view at a version; `asked`: with the legal actions it was offered (for the prompt it was shown). */
function viewOf(page, version, seat, asked = false) {
  const views = page.versions.get(version);
  const found = views?.find((v) => v.seat === seat);
  return found ? { ...found.view, legal: asked ? found.view.legal : [] } : null;
}

/** The seats drawn: the one chosen, or every seat of a finished game. */
function seatsDrawn(page) {
  return page.seat === EVERY_SEAT ? page.review.perspectives : [page.seat];
}

function context(page, seat = seatsDrawn(page)[0]) {
  const review = page.review;
  return makeContext({
    view: viewOf(page, page.version, seat), previous: viewOf(page, page.version - 1, seat), catalog: review.catalog,
    seat, seats: review.seats, t: page.t, lang: page.lang,
    send: () => {}, check: () => Promise.resolve({ code: "review" }), busy: false, redraw: () => render(page),
  });
}

function describe(page, event, ctx) {
  return describeEvent(page.game, event, ctx);
}

function render(page) {
  const errorEl = document.getElementById("review-error");
  errorEl.hidden = !page.error;
  errorEl.textContent = page.error ?? "";
  const review = page.review;
  document.getElementById("review-bar").hidden = !review;
  document.getElementById("table").hidden = !review;
  document.getElementById("table-title").hidden = !review;
  document.getElementById("log").hidden = !review;
  renderHead(page);
  if (!review) {
    document.getElementById("prompt").hidden = true;
    return;
  }
  const ctx = context(page);
  renderSteps(page, ctx);
  renderSeats(page, ctx);
  const tableEl = document.getElementById("table");
  const promptEl = document.getElementById("prompt");
  if (page.seat === EVERY_SEAT) {
    // Each seat's table in a place of its own, headed by whose it is and what it was asked then.
    const places = seatsDrawn(page).map((seat) => [seat, h("div", { class: "review-seat-table" })]);
    const whose = (seat) => ctx.players[seat]?.name ?? ctx.t("table.seat", { n: seat + 1 });
    fill(tableEl, places.map(([seat, place]) => h("section", { class: `review-seat seat-${seat}` },
      h("h2", { class: "review-seat-name" }, whose(seat)),
      h("p", { class: "review-asked" }, askedThen(page, context(page, seat))),
      place)));
    for (const [seat, place] of places) {
      const seatCtx = context(page, seat);
      if (seatCtx.view) page.game.render(place, seatCtx);
      nameRegionsFor(place, whose(seat));
    }
    promptEl.hidden = true;
  } else {
    if (ctx.view) moving(tableEl, () => page.game.render(tableEl, ctx)); // a step's cards travel, as at the table
    else fill(tableEl);
    promptEl.textContent = askedThen(page, ctx);
    promptEl.hidden = !promptEl.textContent;
  }
  renderLog(page, ctx);
}

/** One renderer draws every seat's table, each with the same named regions ("Your hand"): each is named for its seat too. */
function nameRegionsFor(place, name) {
  for (const region of place.querySelectorAll("section[aria-label]")) {
    const label = region.getAttribute("aria-label");
    if (!label.startsWith(`${name}: `)) region.setAttribute("aria-label", `${name}: ${label}`);
  }
}

/** What the seat was asked at this version, in words; the controls themselves are drawn inert. */
function askedThen(page, ctx) {
  return ctx.view ? page.game.prompt({ ...ctx, view: viewOf(page, page.version, ctx.seat, true) }) ?? "" : "";
}

function renderHead(page) {
  const review = page.review;
  const t = page.t;
  const title = document.getElementById("review-title");
  title.textContent = !review ? t("review.openHeading") : page.code ? t("review.heading", { n: page.app.dataset.n, code: page.code }) : t("review.recordHeading");
  const gameName = document.getElementById("game-name");
  if (review && !page.code) gameName.textContent = review.title[page.lang] ?? review.title.en; // an uploaded record's game
  const result = document.getElementById("review-result");
  result.hidden = !review?.outcome;
  if (review?.outcome) {
    const last = viewOf(page, review.last_version, seatsDrawn(page)[0]);
    result.textContent = last ? page.game.prompt({ ...context(page), view: last }) ?? "" : "";
  }
  document.getElementById("review-note").textContent = !review ? t("review.openText")
    : review.over ? t("review.allRevealed") : t(review.you === null ? "review.spectatorOnly" : "review.ownOnly");
  const download = document.getElementById("review-download");
  download.hidden = !(review?.over && page.code);
  if (!download.hidden) download.href = `/api/tables/${page.code}/games/${page.app.dataset.n}/record`;
}

function renderSteps(page, ctx) {
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

function renderSeats(page, ctx) {
  const review = page.review;
  const el = document.getElementById("review-seats");
  el.setAttribute("aria-label", ctx.t("review.seenFrom"));
  const choices = review.over ? [EVERY_SEAT, ...review.perspectives] : review.perspectives;
  fill(el, h("span", { class: "muted" }, ctx.t("review.seenFrom")),
    choices.map((seat) => h("button", {
      type: "button", "aria-pressed": String(seat === page.seat), dataset: { key: `seen-${seat}` },
      class: seat === null || seat === EVERY_SEAT ? null : `seat-${seat}`,
      onclick: () => { page.seat = seat; render(page); },
    }, seat === EVERY_SEAT ? ctx.t("review.everySeat") : seat === null ? ctx.t("review.spectator")
      : ctx.players[seat]?.name ?? ctx.t("table.seat", { n: seat + 1 }))));
}

function renderLog(page, ctx) {
  const list = document.getElementById("log-lines");
  // A private line is shown from the point of view of a seat it was for, as that seat read it.
  const seen = (event) => page.seat === EVERY_SEAT || !event.seen_by || event.seen_by.includes(page.seat);
  const lines = page.review.log.filter(seen).map((event) => {
    const text = describe(page, event, ctx);
    if (!text) return null;
    const state = event.v === page.version ? "now" : event.v > page.version ? "later" : null;
    return h("li", { class: [event.kind === "round_started" ? "log-round" : null, state].filter(Boolean).join(" ") || null,
                     "aria-current": state === "now" ? "step" : null, dataset: { v: event.v } },
      h("button", { type: "button", class: "log-jump", onclick: () => go(page, event.v) }, text));
  });
  fill(list, lines);
  const now = list.querySelector("li.now") ?? [...list.querySelectorAll("li:not(.later)")].pop();
  if (now) { // the list scrolls, never the page: the current line to its middle
    const offset = now.getBoundingClientRect().top - list.getBoundingClientRect().top;
    list.scrollTop = Math.max(0, list.scrollTop + offset - list.clientHeight / 2);
  }
}

// --- input ----------------------------------------------------------------------------------

const STEPS = Object.freeze({
  first: (page) => page.review.first_version,
  back: (page) => page.target - 1,
  forward: (page) => page.target + 1,
  last: (page) => page.review.last_version,
});
const KEYS = Object.freeze({ ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" });

/** Steps by the buttons, the slider and the keys; opens a record chosen from a file. */
function wireInput(page) {
  for (const button of document.querySelectorAll("#review-bar [data-step]")) {
    button.addEventListener("click", () => go(page, STEPS[button.dataset.step](page)));
  }
  document.getElementById("review-slider").addEventListener("input", (event) => go(page, Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    const step = KEYS[event.key];
    if (!step || !page.review || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, textarea, select")) return; // the slider steps by itself
    event.preventDefault();
    go(page, STEPS[step](page));
  });
  document.getElementById("review-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 512 * 1024) return showError(page, { code: "record_too_big" });
    try {
      await openRecord(page, await file.text());
    } catch (error) {
      showError(page, error);
    }
  });
}

function setLanguage(page, lang) {
  page.lang = lang;
  page.t = translator(lang, page.strings ?? {});
  applyLanguage(lang, page.t);
  render(page);
}

async function start() {
  const page = newReviewPage(document.getElementById("app"));
  wireInput(page);
  setupLanguageSwitch((lang) => setLanguage(page, lang));
  if (page.app.dataset.game) await useGame(page, page.app.dataset.game);
  setLanguage(page, page.lang);
  if (page.code) await openTableGame(page);
}

start();
