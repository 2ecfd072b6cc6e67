// "Why not?": a control the page shows as unavailable explains itself when it is tapped, focused or
// hovered. A renderer only marks such a control with the action it would make (`data-why`, the kit's
// `whyNot`); the reason is the server's, asked with `check` (the very checks the move would be refused
// by, once per state version), and said in the player's language, with the section of the rules it
// comes from as a link that opens the rules panel there. Nothing here decides anything.
import { h, fill } from "../dom.js";
import { announce } from "./notices.js";
import { check, knownAnswer } from "./requests.js";

const HOVER_DELAY = 150; // ms the pointer rests on a control before its reason is asked for
const LEAVE_DELAY = 300; // ms before a hovered reason goes, so that the pointer can reach its link
const ASK_DELAY = 80; // ms a control is looked at before the server is asked (a Tab passing over asks nothing)

const controlOf = (event) => event.target.closest?.("#table [data-why]") ?? null;

/** Makes the page's one reason box and listens for controls to explain, for the page's whole life. */
export function watchWhy(page) {
  const text = h("p", { id: "why-text", class: "why-text" });
  const link = h("a", { id: "why-rule", class: "why-rule", href: "#rules", hidden: true });
  const tip = h("div", { id: "why", class: "why-tip", role: "group", "aria-labelledby": "why-title", hidden: true },
    h("p", { id: "why-title", class: "why-title" }), text, link);
  document.body.append(tip);
  page.why = { tip, text, link, control: null, action: null, key: null, version: null, answer: undefined,
               pinned: false, tapped: false, focused: false, keyboard: false, asked: 0, said: null, timer: null,
               pending: null, leaving: false };
  const why = page.why;
  const app = page.app;

  // Focus moved there by the player (Tab, not a control drawn again under a click) shows the reason.
  app.addEventListener("focusin", (event) => {
    const control = controlOf(event);
    if (control && event.relatedTarget && control.matches(":focus-visible")) show(page, control, { focused: true });
  });
  app.addEventListener("focusout", (event) => {
    if (why.control && event.target === why.control && !tip.contains(event.relatedTarget) && !why.pinned) hide(page);
  });
  // A mouse resting on a control shows its reason; leaving both it and its reason puts it away. Judged
  // on every move, by what is under the pointer: a redraw may replace the control under a still mouse.
  document.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse") return;
    const control = controlOf(event);
    const over = control ?? (tip.contains(event.target) ? why.control : null);
    if (over && over === why.control) {
      if (why.leaving) clearTimeout(why.timer);
      why.leaving = false;
      return;
    }
    if (control) {
      if (why.pending === control) return;
      clearTimeout(why.timer);
      why.pending = control;
      why.timer = setTimeout(() => { why.pending = null; show(page, control, {}); }, HOVER_DELAY);
      return;
    }
    if (why.pending) {
      clearTimeout(why.timer);
      why.pending = null;
    }
    if (why.control && !why.pinned && !why.leaving && document.activeElement !== why.control) {
      why.leaving = true;
      why.timer = setTimeout(() => hide(page), LEAVE_DELAY);
    }
  }, { passive: true });
  tip.addEventListener("focusout", (event) => {
    if (!tip.contains(event.relatedTarget) && event.relatedTarget !== why.control) hide(page);
  });
  // A tap elsewhere puts a reason away; Escape too, and focus goes back to its control.
  document.addEventListener("pointerdown", (event) => {
    if (!tip.hidden && !tip.contains(event.target) && !why.control?.contains(event.target)) hide(page);
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || tip.hidden) return;
    const back = tip.contains(document.activeElement) ? why.control : null;
    hide(page);
    back?.focus({ preventScroll: true });
  });
  link.addEventListener("click", (event) => {
    event.preventDefault();
    const from = { action: why.action, key: why.key, control: why.control };
    hide(page);
    openRulesAt(page, link.dataset.rule);
    // Back from the rules, focus returns to the control that was explained (drawn anew, if it was).
    document.getElementById("rules").addEventListener("close", () => findAgain(from)?.focus({ preventScroll: true }), { once: true });
  });
  const follow = () => { if (!tip.hidden) place(why); };
  window.addEventListener("resize", follow);
  window.addEventListener("scroll", follow, { passive: true, capture: true });
}

/**
 * An unavailable control was tapped or clicked (the page ignores its activation otherwise): its reason
 * stays until a tap elsewhere. Activated with the keyboard, focus moves on to the rule's link.
 */
export function tapWhy(page, control, event) {
  show(page, control, { pinned: true, tapped: true, keyboard: event.detail === 0 });
}

/**
 * After every redraw: the reason follows its control into the new nodes (the same action, or the same
 * control, by its key, now making another: a card of the hand from one step to the next), and is
 * asked again for a new state; it goes when its control is gone or available.
 */
export function redrawWhy(page) {
  const why = page.why;
  if (!why?.control) return;
  const control = findAgain(why);
  if (!control) return hide(page);
  if (control !== why.control) {
    unmark(why);
    why.control = control;
    mark(why);
  }
  if (control.dataset.why !== why.action) {
    why.action = control.dataset.why;
    return ask(page);
  }
  if (why.version !== page.version) return ask(page);
  draw(page);
}

/** Opens the rules panel at the section `rule` ("§4.2"), or the nearest section above it that it shows. */
export function openRulesAt(page, rule) {
  const dialog = document.getElementById("rules");
  if (!dialog) return;
  if (!dialog.open) dialog.showModal();
  for (const old of dialog.querySelectorAll(".rule-target")) old.classList.remove("rule-target");
  const section = dialog.querySelector(`section[lang="${page.lang}"]`) ?? dialog;
  const target = ruleTarget(section, rule);
  if (!target) return;
  target.classList.add("rule-target");
  target.tabIndex = -1;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "start" });
}

function ruleTarget(section, rule) {
  for (let r = rule; r; r = r.includes(".") ? r.slice(0, r.lastIndexOf(".")) : null) {
    const found = [...section.querySelectorAll("[data-rule]")].find((el) => el.dataset.rule.split(/\s+/).includes(r));
    if (found) return found;
  }
  return null;
}

function show(page, control, { pinned = false, tapped = false, focused = false, keyboard = false }) {
  const why = page.why;
  clearTimeout(why.timer);
  why.leaving = false;
  why.pending = null;
  const same = control === why.control && control.dataset.why === why.action;
  if (!same) {
    unmark(why);
    Object.assign(why, { control, action: control.dataset.why, key: control.dataset.key ?? null, pinned: false, said: null });
    mark(why);
  }
  Object.assign(why, { pinned: why.pinned || pinned, tapped, focused, keyboard });
  if (!same || why.version !== page.version) return ask(page);
  answered(page, why.answer, false);
}

/** Asks the server about the control's action, unless this version's answer is known already. */
function ask(page) {
  const why = page.why;
  const asked = ++why.asked;
  why.version = page.version;
  const action = JSON.parse(why.action);
  const known = knownAnswer(page, action);
  if (known !== undefined) return answered(page, known, false);
  why.answer = undefined; // asking
  draw(page);
  setTimeout(() => {
    if (why.asked !== asked) return; // looked away meanwhile
    check(page, action).then((answer) => {
      if (why.asked === asked && why.control) answered(page, answer, true);
    });
  }, ASK_DELAY);
}

/**
 * Shows the answer. It is said aloud through the page's live line for whoever tapped the control, and
 * for whoever focused it when the answer came after the focus (its description was read before); a
 * reason already said is not said again. Activated with the keyboard, focus moves on to the rule.
 */
function answered(page, answer, late) {
  const why = page.why;
  if (answer === undefined) return draw(page); // still asking
  why.answer = answer;
  if (answer === null) return hide(page); // the server would take it now: the page will offer it
  draw(page);
  const text = reasonText(page, answer);
  if ((why.tapped || (late && why.focused)) && why.said !== text) {
    why.said = text;
    announce(page, text);
  }
  if (why.keyboard) focusLink(why);
}

/** The reason in the page's language: the code's own string (refined by its reason), else the server's words. */
function reasonText(page, answer) {
  if (answer === undefined) return page.t("why.asking");
  if (answer.code === "offline") return page.t("conn.offline");
  return (answer.reason && page.t(`error.${answer.code}.${answer.reason}`)) ?? page.t(`error.${answer.code}`) ?? answer.message ?? answer.code;
}

function draw(page) {
  const why = page.why;
  const answer = why.answer;
  document.getElementById("why-title").textContent = page.t("why.title");
  fill(why.text, reasonText(page, answer));
  const rule = answer?.rule ?? null;
  why.link.hidden = !rule;
  if (rule) {
    why.link.dataset.rule = rule;
    why.link.textContent = page.t("why.rule", { rule });
    why.link.setAttribute("aria-label", page.t("why.ruleLabel", { rule }));
  }
  why.tip.dataset.state = answer === undefined ? "asking" : "answered";
  why.tip.hidden = false;
  place(why);
}

function focusLink(why) {
  if (!why.link.hidden) {
    why.keyboard = false;
    why.link.focus({ preventScroll: true });
  }
}

function hide(page) {
  const why = page.why;
  clearTimeout(why.timer);
  why.leaving = false;
  why.pending = null;
  unmark(why);
  Object.assign(why, { control: null, action: null, key: null, version: null, answer: undefined, pinned: false, said: null });
  why.asked += 1; // an answer still on its way is for nobody now
  why.tip.hidden = true;
}

// The control names the reason as its description while it is shown (its own description kept).
function mark(why) {
  const control = why.control;
  const own = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && id !== "why-text");
  control.setAttribute("aria-describedby", [...own, "why-text"].join(" "));
}

function unmark(why) {
  const control = why.control;
  if (!control) return;
  const own = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && id !== "why-text");
  if (own.length) control.setAttribute("aria-describedby", own.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** The control drawn anew, if it is still unavailable: for the same action and key, else by its key alone. */
function findAgain({ control, action, key }) {
  if (control && document.contains(control) && control.dataset.why) return control;
  const marked = [...document.querySelectorAll("#table [data-why]")];
  return marked.find((el) => el.dataset.why === action && (el.dataset.key ?? null) === key)
    ?? (key === null ? null : marked.find((el) => el.dataset.key === key)) ?? null;
}

/** Beside its control: below it, or above where there is no room below, and always inside the screen. */
function place(why) {
  const { tip, control } = why;
  if (!control || !document.contains(control)) return;
  const box = control.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  tip.style.left = "0px";
  tip.style.top = "0px";
  const w = tip.offsetWidth;
  const t = tip.offsetHeight;
  const left = Math.max(8, Math.min(box.left + box.width / 2 - w / 2, width - w - 8));
  let top = box.bottom + 6;
  if (top + t > height - 8) top = box.top - t - 6 >= 8 ? box.top - t - 6 : Math.max(8, height - t - 8);
  tip.style.left = `${Math.round(left)}px`;
  tip.style.top = `${Math.round(top)}px`;
}
