// The coach of a practice table ("Learn <game>"): one line at a time walks a newcomer through the
// first round. Each kind of decision is introduced once, when it is first asked of this seat, with its
// rule section; each kind of scoring moment is explained once, with this game's numbers; then the coach
// gets out of the way. At each decision of its seat it asks the hint, whose marks (the kit's
// `data-hinted`) point at what to press, step by step for a move built in steps. It can be hidden and
// opened again; hidden, it asks nothing. The coach is the platform's; a game gives
// only data: static/coach/<game>.json (which decisions and scoring moments it has, their § and the
// numbers to show) and its `coach.*` strings in static/i18n/<game>.json.
import { h, fill } from "./dom.js";
import { ruleButton, ruleSnippet } from "./rule-snippets.js";
import { mayAskHint, showHint } from "./table/hints.js";
import { announce } from "./table/notices.js";

const KEPT = (code) => `zashiki.coach.${code}`; // this browser's progress at this table
const MAX_LINES = 3;

/** The coach's part of the page state; its data and progress come when the table is a practice one. */
export function newCoach() {
  return { data: undefined, progress: null, lines: [], pointed: false };
}

function loadProgress(code) {
  try {
    return JSON.parse(localStorage.getItem(KEPT(code))) ?? null;
  } catch {
    return null;
  }
}

function keep(page) {
  localStorage.setItem(KEPT(page.code), JSON.stringify(page.coach.progress));
}

/**
 * A value of an event (or of the view: a path beginning "view."), by a dotted path: `you` is this seat,
 * `*` each item of a list. A prefix turns it into words: `name:` a seat's name, `sum:` a total, `join:` a list.
 */
export function pickValue(spec, event, ctx) {
  const [how, path] = spec.includes(":") ? spec.split(":") : ["", spec];
  const parts = path.split(".");
  const walk = (value, i) => {
    if (i === parts.length || value === null || value === undefined) return value;
    const part = parts[i];
    if (part === "*") return Array.isArray(value) ? value.map((item) => walk(item, i + 1)) : undefined;
    return walk(value[part === "you" ? ctx.seat : part], i + 1);
  };
  const value = parts[0] === "view" ? walk(ctx.view, 1) : walk(event, 0);
  const list = [value].flat(Infinity).filter((v) => v !== null && v !== undefined);
  if (how === "name") return ctx.names(list);
  if (how === "sum") return list.reduce((total, v) => total + Number(v), 0);
  if (how === "join") return list.join(ctx.lang === "ja" ? "・" : ", ");
  return value;
}

/** The decision this seat is asked now, as the game's coach data names it (by phase and legal action types). */
export function decisionAsked(decisions, ctx) {
  const view = ctx.view;
  if (!view?.legal?.length || !(view.awaiting ?? []).includes(ctx.seat)) return null;
  const types = new Set(view.legal.map((action) => action.type));
  return decisions.find((d) => (!d.phase || d.phase === view.phase)
    && (d.actions ?? []).every((type) => types.has(type))
    && !(d.without ?? []).some((type) => types.has(type))
    && (!d.with || view.legal.some((action) => matches({ match: d.with }, action)))) ?? null;
}

const matches = (entry, event) => Object.entries(entry.match ?? {}).every(([key, value]) => event[key] === value);

/** New lines for what happened since the coach last looked: scoring moments, the first round's end. */
function readLog(page, ctx, progress) {
  const { scoring = [], firstRoundEnds } = page.coach.data;
  for (const event of page.log) {
    if (event.v <= progress.lastV) continue;
    const entry = scoring.find((s) => s.event === event.kind && matches(s, event));
    if (entry && !progress.explained.includes(entry.key)) {
      progress.explained.push(entry.key);
      const params = Object.fromEntries(Object.entries(entry.params ?? {}).map(([name, spec]) => [name, pickValue(spec, event, ctx)]));
      say(page, { id: `score:${entry.key}`, key: `coach.${entry.key}`, params, rule: entry.rule });
    }
    if (firstRoundEnds && event.kind === firstRoundEnds.event && matches(firstRoundEnds, event) && !progress.done) {
      progress.done = true;
      say(page, { id: "done", key: "coach.done" });
    }
    progress.lastV = Math.max(progress.lastV, event.v);
  }
}

function say(page, line) {
  const lines = page.coach.lines.filter((l) => l.id !== line.id);
  page.coach.lines = [...lines, line].slice(-MAX_LINES);
}

/** Draws the coach (a practice table, a seated player): its lines, and the mark on the control to press. */
export function renderCoach(page, ctx) {
  const panel = document.getElementById("coach");
  const button = document.getElementById("coach-button");
  const coach = page.coach;
  coach.redraw = ctx.redraw;
  // The coach data serves every table: its key terms open their rules in the prompt (rule-snippets.js).
  if (page.table && coach.data === undefined) {
    coach.data = null;
    fetch(`/static/coach/${page.table.game}.json`).then((r) => r.json()).then((data) => {
      coach.data = data;
      coach.redraw();
    });
  }
  const practice = Boolean(page.table?.practice) && ctx.seat !== null && Boolean(page.view);
  if (!practice || !coach.data) {
    panel.hidden = true;
    button.hidden = true;
    return;
  }
  if (!coach.progress) {
    coach.progress = { lastV: -1, seen: [], explained: [], done: false, hidden: false, ...loadProgress(page.code) };
    if (!coach.progress.seen.length) say(page, { id: "welcome", key: "coach.welcome" });
  }
  const progress = coach.progress;
  readLog(page, ctx, progress);
  const asked = decisionAsked(coach.data.decisions, ctx);
  // A decision's line stays while it is asked; once made, it and the welcome give way.
  const before = coach.lines.length;
  coach.lines = coach.lines.filter((l) => !l.decision || l.decision === asked?.kind);
  if (coach.lines.length < before) coach.lines = coach.lines.filter((l) => l.id !== "welcome");
  if (asked && !progress.seen.includes(asked.kind)) {
    progress.seen.push(asked.kind);
    say(page, { id: `decision:${asked.kind}`, key: `coach.${asked.kind}`, rule: asked.rule, decision: asked.kind });
  }
  if (page.table.status === "finished" && !progress.over) {
    progress.over = true;
    say(page, { id: "over", key: "coach.over" });
  }
  keep(page);

  const open = !progress.hidden && coach.lines.length > 0;
  button.hidden = open;
  button.setAttribute("aria-expanded", String(open));
  panel.hidden = !open;
  if (open) {
    drawLines(page, ctx, panel);
    // Each new line is said once, by the page's one announcer (the panel is not a live region of its own).
    for (const line of coach.lines.filter((l) => !l.spoken)) {
      line.spoken = true;
      announce(page, page.t(line.key, line.params ?? {}));
    }
  }
  // It points while it is not put away, also once it has nothing left to say: once per decision, the
  // hint (a practice table gives its player every hint it asks for; app/rooms/hints.py).
  const turn = mayAskHint(page) && (ctx.view.awaiting ?? []).includes(ctx.seat) && !ctx.busy;
  if (!progress.hidden && turn && page.hint?.version !== page.version) {
    queueMicrotask(() => { // after this drawing: asking draws the page again
      if (page.hint?.version !== page.version) showHint(page);
    });
  }
}

function drawLines(page, ctx, panel) {
  const t = page.t;
  fill(panel,
    h("div", { class: "coach-head" },
      h("h2", { id: "coach-title", class: "coach-title" }, t("coach.title")),
      h("button", { type: "button", class: "coach-close", "aria-label": t("coach.hide"), dataset: { key: "coach-hide" },
        onclick: () => setHidden(page, true) }, "×")),
    page.coach.lines.map((line) => h("div", { class: "coach-line" },
      h("p", {}, t(line.key, line.params ?? {}) ?? line.key),
      h("p", { class: "coach-actions" },
        line.rule ? ruleButton(page, line.rule, `coach-rule-${line.id}`, t("coach.rule", { section: line.rule })) : null,
        line.decision ? h("button", { type: "button", class: "link", dataset: { key: `coach-show-${line.id}` },
          onclick: showMe }, t("coach.showMe")) : null),
      line.rule ? ruleSnippet(page, `coach-rule-${line.id}`, line.rule) : null)));
}

function setHidden(page, hidden) {
  page.coach.progress.hidden = hidden;
  keep(page);
  page.coach.redraw();
  const focus = document.getElementById(hidden ? "coach-button" : "coach-title");
  if (!hidden) focus.setAttribute("tabindex", "-1");
  focus.focus();
}

/** Wires the top bar's button that opens the coach again (once, at start-up). */
export function setupCoachButton(page) {
  document.getElementById("coach-button").addEventListener("click", () => setHidden(page, false));
}

/** Brings the first control the hint marks into view and gives it focus. */
function showMe() {
  const el = document.querySelector("#table [data-hinted]");
  if (!el) return;
  el.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  el.focus({ preventScroll: true });
}
