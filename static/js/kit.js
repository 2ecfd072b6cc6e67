// The kit every renderer draws with: what a table remembers between redraws (a selection, an open
// panel), one composer that builds a move from parts over `view.legal`, and parts drawn again only
// when their inputs change. Its memory is kept per render root, so the table page, the review and
// each seat of the review's every-seat view have their own; a renderer calls `kit(root, ctx)` in
// render(), and its prompt `kitOf(ctx)`, and keeps nothing of its own between draws. The page draws
// a renderer through `moving`, so that its cards travel where they go (motion.js).
import { h, fill } from "./dom.js";
import { drawMoving } from "./motion.js";

export { flipMarks } from "./motion.js"; // a renderer marks its cards with these; the kit moves them

// Render root -> that table's memory. Keyed by the page's own elements, so a root let go of is forgotten.
const tables = new WeakMap();
// View drawn -> the memory of the table it was drawn in: the prompt is given ctx alone, not the root.
const drawnIn = new WeakMap();

const memory = () => ({ kept: new Map(), frame: null, inputs: new Map(), view: null, flights: new Map() });
// Two parts or actions are the same when their JSON is, whatever order a side wrote the keys in.
const sorted = (_, value) => (value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort()) : value);
const same = (a, b) => JSON.stringify(a, sorted) === JSON.stringify(b, sorted);

function tableIn(root) {
  let table = tables.get(root);
  if (!table) tables.set(root, (table = memory()));
  return table;
}

/** The kit of the table drawn in `root`, for this draw of `ctx.view`. */
export function kit(root, ctx) {
  const table = tableIn(root);
  const fresh = table.view !== ctx.view;
  table.view = ctx.view;
  if (ctx.view) drawnIn.set(ctx.view, table);
  const focused = root.contains(document.activeElement) ? document.activeElement.dataset?.key ?? null : null;
  return tools(table, ctx, root, fresh, focused);
}

/** Draws the table in `root` with `draw()` (its renderer's render), and what moved in it travels there. */
export function moving(root, draw) {
  drawMoving(root, tableIn(root).flights, draw);
}

/**
 * Marks the controls in `root` that make `action` (a hint's) with `data-hinted`: a whole move's, and
 * each option of a step that is part of it. Returns the first marked, or null.
 */
export function markHinted(root, action) {
  for (const old of root.querySelectorAll("[data-hinted]")) old.removeAttribute("data-hinted");
  if (!action) return null;
  const partOf = (step, value) => [action[step]].flat().some((part) => same(part, value));
  const marked = [...root.querySelectorAll("[data-action], [data-step][data-pick]")].filter((control) => (
    control.dataset.action ? same(JSON.parse(control.dataset.action), action) : partOf(control.dataset.step, JSON.parse(control.dataset.pick))));
  for (const control of marked) control.dataset.hinted = "";
  return marked[0] ?? null;
}

/**
 * The kit as the prompt sees it: the table this view was drawn in, or the one before it (the page
 * says the prompt of a new state before drawing it), or else a table with nothing kept.
 */
export function kitOf(ctx) {
  const table = drawnIn.get(ctx.view) ?? (ctx.previous && drawnIn.get(ctx.previous)) ?? memory();
  return tools(table, ctx, null, false, null);
}

function tools(table, ctx, root, fresh, focused) {
  /** The focused control's data-key before this draw: focus goes back to it, or on to `selector`. */
  const handFocus = (selector) => {
    if (!focused || root.contains(document.activeElement)) return;
    const control = root.querySelector(`[data-key="${CSS.escape(focused)}"]:not(:disabled)`) ?? root.querySelector(selector);
    control?.focus({ preventScroll: true });
  };
  return {
    /** Whether this view is new to this table (false on a redraw of the same view): news may light up once. */
    fresh,
    /** A value this table keeps across redraws; made anew by `make` when `belongsTo` (a turn, a view) changes. */
    kept(key, belongsTo, make) {
      const held = table.kept.get(key);
      if (held && held.belongsTo === belongsTo) return held.value;
      const value = make();
      table.kept.set(key, { belongsTo, value });
      return value;
    },
    composer: (name, options) => composer(table, ctx, root, name, options),
    /** Select, then confirm: one of `actions` (default: all of view.legal) is chosen whole. */
    choice: (name, actions = ctx.view?.legal ?? []) =>
      composer(table, ctx, root, name, { actions, steps: [{ name: "action", of: (a) => a, whole: true }] }),
    /** The table's steady frame, built once per root by `build`; its places are marked `data-part`. */
    frame(build) {
      if (!table.frame || !root.contains(table.frame)) {
        table.frame = build();
        table.inputs.clear();
        fill(root, table.frame);
      }
      return table.frame;
    },
    /**
     * Draws the frame's place `key` again only when its inputs change (the language and the players
     * always count): same inputs, same nodes, so nothing flashes, nothing moves and a tap still lands.
     */
    part(key, inputs, draw) {
      const signature = JSON.stringify([ctx.lang, ctx.seat, ctx.players, inputs]);
      if (table.inputs.get(key) === signature) return;
      table.inputs.set(key, signature);
      fill(table.frame.querySelector(`[data-part="${key}"]`), draw());
    },
    /** Puts focus on the enabled control with this data-key, if there is one; whether it did. */
    focus(key) {
      const control = key && root.querySelector(`[data-key="${CSS.escape(key)}"]:not(:disabled)`);
      control?.focus({ preventScroll: true });
      return Boolean(control);
    },
    handFocus,
  };
}

/**
 * A move built from parts, step by step, over `actions` (some of view.legal). Each step names a part
 * of an action (`of`, default `action[name]`); a step of `many` is a set of items (an action's list
 * holds them all). A step is asked once every earlier one is settled, and only if some action that
 * fits the choices so far has that part; an option is open when some such action has it. A choice
 * that stops fitting is dropped, with every later one. When the choices fit exactly one action, it
 * can be confirmed. A step marked `auto` is chosen for the player when it has one possibility.
 * `disableClosed`: an option not open now is disabled (out of the Tab order) rather than aria-disabled.
 * What it asks now is marked `data-asked` (the open options of the step, or the confirm of a whole
 * move), so that each step is a new ask the page brings into view (table/in-view.js).
 */
function composer(table, ctx, root, name, { actions, steps: given, confirmKey = `${name}-confirm`, disableClosed = false }) {
  const steps = given.map((s) => ({ of: (a) => a[s.name], ...s }));
  const held = table.kept.get(`compose:${name}`);
  const choices = held?.value ?? {};
  if (!held) table.kept.set(`compose:${name}`, { belongsTo: null, value: choices });

  const at = (stepName) => steps.findIndex((s) => s.name === stepName);
  const has = (action, s, item) => (s.many ? (s.of(action) ?? []).some((x) => same(x, item)) : same(s.of(action), item));
  const agrees = (action, s) => !(s.name in choices) || (s.many ? choices[s.name].every((x) => has(action, s, x)) : has(action, s, choices[s.name]));
  const fitting = (upTo = steps.length) => actions.filter((a) => steps.slice(0, upTo).every((s) => agrees(a, s)));
  const present = (value) => value !== null && value !== undefined && !(Array.isArray(value) && !value.length);
  const needed = (i) => fitting(i).some((a) => present(steps[i].of(a)));
  const exact = (a, s) => (s.many ? (s.of(a) ?? []).length === choices[s.name].length : true);
  const settled = (i) => !needed(i) || (steps[i].name in choices && fitting(i + 1).some((a) => exact(a, steps[i])));
  const next = () => {
    const i = steps.findIndex((_, j) => !settled(j));
    return i < 0 ? null : steps[i].name;
  };
  const dropFrom = (i) => { for (const s of steps.slice(i)) delete choices[s.name]; };
  // The choices kept from an earlier view, as far as they still fit what is legal now.
  const prune = (from) => {
    for (let i = from; i < steps.length; i++) {
      if (steps[i].name in choices && (!needed(i) || !fitting(i + 1).length)) return dropFrom(i);
    }
  };
  const autoChoose = () => {
    for (let i = at(next()); i >= 0 && steps[i].auto && !(steps[i].name in choices); i = at(next())) {
      const values = fitting(i).map((a) => steps[i].of(a)).filter(present);
      if (!values.length || !values.every((v) => same(v, values[0]))) return;
      choices[steps[i].name] = values[0];
    }
  };
  prune(0);
  autoChoose();

  const isChosen = (stepName, value) => {
    const s = steps[at(stepName)];
    const chosen = choices[s.name];
    return chosen !== undefined && (s.many ? chosen.some((x) => same(x, value)) : same(chosen, value));
  };
  const isOpen = (stepName, value) => {
    const i = at(stepName);
    if (steps.slice(0, i).some((_, j) => !settled(j))) return false;
    return fitting(i).some((a) => has(a, steps[i], value));
  };
  const chosenAction = () => {
    if (next() !== null) return null;
    const whole = fitting().filter((a) => steps.every((s) => (s.name in choices ? exact(a, s) : !present(s.of(a)))));
    return whole.length === 1 ? whole[0] : null;
  };
  /** Toggles `value`; whether it was chosen (false: taken back). */
  const choose = (stepName, value) => {
    const i = at(stepName);
    const s = steps[i];
    if (s.many) {
      let items = isChosen(stepName, value) ? choices[s.name].filter((x) => !same(x, value)) : [...(choices[s.name] ?? []), value];
      // The latest choices win: the earliest go until the set fits some action.
      while (items.length && !fitting(i).some((a) => items.every((x) => has(a, s, x)))) items = items.slice(1);
      dropFrom(i);
      if (items.length) choices[s.name] = items;
    } else if (isChosen(stepName, value)) {
      dropFrom(i); // a second tap takes it back, and what was chosen after it
    } else {
      choices[s.name] = value;
    }
    prune(i + 1);
    autoChoose();
    return isChosen(stepName, value);
  };
  const pick = (stepName, value, event) => {
    if (ctx.busy || !(isOpen(stepName, value) || isChosen(stepName, value))) return;
    const chosen = choose(stepName, value);
    ctx.redraw();
    if (event.detail !== 0 || !chosen || !root) return;
    // Chosen with the keyboard: on to the confirmation once the move is whole, else to the step asked now.
    const asked = next();
    const target = chosenAction() ? root.querySelector(`[data-key="${CSS.escape(confirmKey)}"]`)
      : asked ? root.querySelector(`[data-step="${asked}"]:not(:disabled):not([aria-disabled="true"]):not([aria-pressed="true"])`) : null;
    target?.focus();
  };

  return {
    get next() { return next(); },
    get action() { return chosenAction(); },
    /** The choices so far, step name -> value, as a copy (an input of the parts that show them). */
    get chosen() { return { ...choices }; },
    /** The actions that fit every choice made so far. */
    get fitting() { return fitting(); },
    isChosen,
    isOpen,
    clear() {
      dropFrom(0);
      autoChoose();
      ctx.redraw();
    },
    /** A control's attributes for one option of a step (a missing value: dimmed, not legal now). */
    option(stepName, value, key) {
      const s = steps[at(stepName)];
      const known = value !== null && value !== undefined;
      const open = known && isOpen(stepName, value);
      const closed = disableClosed ? { disabled: !open || ctx.busy } : { "aria-disabled": open && !ctx.busy ? null : "true" };
      const dataset = !known ? { key } : s.whole ? { key, action: JSON.stringify(value) } : { key, step: s.name, pick: JSON.stringify(value) };
      return {
        type: "button", dataset, ...closed,
        "aria-pressed": known ? String(isChosen(stepName, value)) : null,
        "data-asked": open && next() === stepName ? "" : null, // the step asked now: the page keeps its options in view
        onclick: known ? (event) => pick(stepName, value, event) : null,
      };
    },
    /** The mark of a chosen option: a tick in words too, not only a colour. */
    mark(stepName, value) {
      return isChosen(stepName, value)
        ? h("span", { class: "chosen-mark" }, h("span", { "aria-hidden": "true" }, "✓"), h("span", { class: "sr-only" }, ctx.t("table.chosen")))
        : null;
    },
    /** The button that sends the chosen action; aria-disabled (it keeps focus) until there is one, and while busy. */
    confirm(label = ctx.t("table.confirm"), cls = "primary kit-confirm") {
      const action = chosenAction();
      return h("button", {
        type: "button", class: cls, "aria-disabled": action && !ctx.busy ? null : "true",
        "data-asked": action ? "" : null, // a whole move: what is asked now is to send it
        dataset: action ? { key: confirmKey, action: JSON.stringify(action) } : { key: confirmKey },
        onclick: () => {
          if (!action || ctx.busy) return;
          dropFrom(0);
          ctx.send(action);
        },
      }, label);
    },
  };
}
