// The kit every renderer draws with: what a table remembers between redraws (a selection, an open
// panel), one composer that builds a move from parts over `view.legal`, and parts drawn again only
// when their inputs change. Its memory is kept per render root, so the table page, the review and
// each seat of the review's every-seat view have their own; a renderer calls `kit(root, ctx)` in
// render(), and its prompt `kitOf(ctx)`, and keeps nothing of its own between draws. The page draws
// a renderer through `moving`, so that its cards travel where they go (motion.js).
import { h, fill } from "./dom.js";
import { drawMoving } from "./motion.js";

export { flipMarks } from "./motion.js"; // a renderer marks its cards with these; the kit moves them

/**
 * The attributes of a control the page shows as unavailable now, which would make `action` (its JSON)
 * if it were: aria-disabled, so that it keeps its place in the Tab order and a tap does nothing, and
 * marked `data-why`, so that the page asks the server why not when it is tapped, focused or hovered
 * and says so (static/js/table/why.js). The renderer only names the action; the reason is the
 * server's. Without an action the control is merely disabled.
 */
export function whyNot(action) {
  return action ? { "aria-disabled": "true", "data-why": JSON.stringify(action) } : { disabled: true };
}

// Render root -> that table's memory. Keyed by the page's own elements, so a root let go of is forgotten.
const tables = new WeakMap();
// View drawn -> the memory of the table it was drawn in: the prompt is given ctx alone, not the root.
const drawnIn = new WeakMap();

// composers: each composer's steps and actions as last drawn, by name (what a hint's marks are matched against).
const memory = () => ({ kept: new Map(), frame: null, inputs: new Map(), view: null, flights: new Map(), composers: new Map() });
// Two parts or actions are the same when their JSON is, whatever order a side wrote the keys in.
const sorted = (_, value) => (value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort()) : value);
const same = (a, b) => JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
// Whether `action` has `item` as its part of step `s` (one of its items, for a step of `many`).
const has = (action, s, item) => (s.many ? (s.of(action) ?? []).some((x) => same(x, item)) : same(s.of(action), item));
// Whether `action` holds all of `part`: each of its fields the same, a list's items as many times at least.
const holds = (action, part) => Object.entries(part).every(([name, value]) => (Array.isArray(value) && Array.isArray(action[name])
  ? value.every((item) => value.filter((x) => same(x, item)).length <= action[name].filter((x) => same(x, item)).length)
  : same(action[name], value)));

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
  return tools(table, ctx, root, fresh, focused, focused !== null && document.activeElement.hasAttribute("data-why"));
}

/** Draws the table in `root` with `draw()` (its renderer's render), and what moved in it travels there. */
export function moving(root, draw) {
  drawMoving(root, tableIn(root).flights, draw);
}

/**
 * Marks with `data-hinted` (its value: `label`, the word the mark shows) the controls in `root` to press
 * next to make `action` (a hint's), each described by the element `describedBy` names: a control that
 * sends the whole move, each open option
 * of a composer's step that is part of it (not yet chosen), and a control a renderer marks as leading
 * to it (`data-leads`: the part of a move it forms, e.g. opening a desk). Returns the marked controls.
 */
export function markHinted(root, action, { label = "", describedBy = null } = {}) {
  for (const old of root.querySelectorAll("[data-hinted]")) {
    old.removeAttribute("data-hinted");
    const rest = (old.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== describedBy);
    if (rest.length) old.setAttribute("aria-describedby", rest.join(" "));
    else old.removeAttribute("aria-describedby");
  }
  if (!action) return [];
  const { composers } = tableIn(root);
  const pressable = (control) => !control.disabled && control.getAttribute("aria-disabled") !== "true";
  const leads = (control) => {
    if (control.dataset.leads) return holds(action, JSON.parse(control.dataset.leads));
    if (control.getAttribute("aria-pressed") === "true") return false; // chosen already
    if (control.dataset.action) return same(JSON.parse(control.dataset.action), action);
    const made = composers.get(control.dataset.compose);
    const step = made?.steps.find((s) => s.name === control.dataset.step);
    return Boolean(step) && made.actions.some((a) => same(a, action)) && has(action, step, JSON.parse(control.dataset.pick));
  };
  const marked = [...root.querySelectorAll("[data-action], [data-leads], [data-compose][data-step][data-pick]")]
    .filter((control) => pressable(control) && leads(control));
  for (const control of marked) {
    control.dataset.hinted = label;
    const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
    if (describedBy) control.setAttribute("aria-describedby", [...ids, describedBy].join(" "));
  }
  return marked;
}

/**
 * The kit as the prompt sees it: the table this view was drawn in, or the one before it (the page
 * says the prompt of a new state before drawing it), or else a table with nothing kept.
 */
export function kitOf(ctx) {
  const table = drawnIn.get(ctx.view) ?? (ctx.previous && drawnIn.get(ctx.previous)) ?? memory();
  return tools(table, ctx, null, false, null, false);
}

function tools(table, ctx, root, fresh, focused, focusedWhy = false) {
  /**
   * The focused control's data-key before this draw: focus goes back to it, or on to `selector`. A
   * control used up by its own action (unavailable now, saying why) hands focus on; one that was
   * unavailable already, being looked at, keeps it.
   */
  const handFocus = (selector) => {
    if (!focused || root.contains(document.activeElement)) return;
    const usable = focusedWhy ? ":not(:disabled)" : ":not(:disabled):not([data-why])";
    const control = root.querySelector(`[data-key="${CSS.escape(focused)}"]${usable}`) ?? root.querySelector(selector);
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
function composer(table, ctx, root, name, { actions, steps: given, confirmKey = `${name}-confirm`, disableClosed = false, would = null }) {
  const steps = given.map((s) => ({ of: (a) => a[s.name], own: "of" in s, ...s }));
  const held = table.kept.get(`compose:${name}`);
  const choices = held?.value ?? {};
  if (!held) table.kept.set(`compose:${name}`, { belongsTo: null, value: choices });

  table.composers.set(name, { steps, actions });
  const at = (stepName) => steps.findIndex((s) => s.name === stepName);
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
  /**
   * The action an option not open now would make, for its "why not?": the choices so far with this
   * option in its step (from an action that fits them), or, when nothing is legal here now (not this
   * seat's turn, or already chosen), what the renderer's `would(step, value, chosen)` makes of it. An
   * option closed only because an earlier step is still to choose makes none.
   */
  const wouldMake = (stepName, value) => {
    const i = at(stepName);
    const s = steps[i];
    if (!actions.length) return would?.(stepName, value, { ...choices }) ?? null;
    if (s.whole || (s.own && !s.put) || steps.slice(0, i).some((_, j) => !settled(j))) return null;
    const base = fitting(i)[0];
    if (!base) return null;
    return s.put ? s.put(base, value) : { ...base, [s.name]: s.many ? [value] : value };
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
    /**
     * A control's attributes for one option of a step (a missing value: dimmed, not legal now). An
     * option not open now that would make an action (`whyNot`: given, or worked out by the composer)
     * says why not when it is tapped, focused or hovered.
     */
    option(stepName, value, key, whyAction = null) {
      const s = steps[at(stepName)];
      const known = value !== null && value !== undefined;
      const open = known && isOpen(stepName, value);
      const explained = open ? null : whyAction ?? (known ? wouldMake(stepName, value) : null);
      const closed = explained ? whyNot(explained)
        : disableClosed ? { disabled: !open || ctx.busy } : { "aria-disabled": open && !ctx.busy ? null : "true" };
      const dataset = !known ? { key } : s.whole ? { key, action: JSON.stringify(value) } : { key, compose: name, step: s.name, pick: JSON.stringify(value) };
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
