// The page's select-then-confirm composer, given to renderers as `ctx.compose(name)`.
import { h } from "../dom.js";
import { send } from "./requests.js";

/**
 * Select, then confirm, over `view.legal`: `option(action, key)` gives a control's attributes (a
 * missing action: dimmed, not legal now), choosing toggles it; `confirm()` sends the chosen action.
 * A choice lasts across redraws while it stays legal.
 */
export function composer(page, ctx, name) {
  const legal = ctx.view?.legal ?? [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  let chosen = page.choices.get(name) ?? null;
  if (chosen && !legal.some((a) => same(a, chosen))) {
    page.choices.delete(name);
    chosen = null;
  }
  const confirmKey = `${name}-confirm`;
  const isChosen = (action) => Boolean(action && chosen && same(action, chosen));
  return {
    chosen,
    isChosen,
    option(action, key) {
      return {
        type: "button", dataset: action ? { key, action: JSON.stringify(action) } : { key },
        "aria-pressed": action ? String(isChosen(action)) : null,
        "aria-disabled": action && !ctx.busy ? null : "true",
        onclick: (event) => {
          if (isChosen(action)) page.choices.delete(name);
          else page.choices.set(name, action);
          ctx.redraw();
          // Chosen with the keyboard: on to the confirmation (Shift+Tab goes back to the options).
          if (event.detail === 0 && page.choices.has(name)) page.app.querySelector(`[data-key="${confirmKey}"]`)?.focus();
        },
      };
    },
    /** The mark of the chosen option: a tick in words too, not only a colour. */
    mark(action) {
      return isChosen(action)
        ? h("span", { class: "chosen-mark" }, h("span", { "aria-hidden": "true" }, "✓"), h("span", { class: "sr-only" }, ctx.t("table.chosen")))
        : null;
    },
    confirm(label = ctx.t("table.confirm")) {
      return h("button", {
        type: "button", class: "primary kit-confirm", dataset: { key: confirmKey },
        "aria-disabled": chosen && !ctx.busy ? null : "true",
        onclick: () => {
          page.choices.delete(name);
          send(page, chosen);
        },
      }, label);
    },
  };
}
