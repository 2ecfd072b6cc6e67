// Rule snippets in place: a key term of the prompt, or a coach line's §, opens the matching paragraphs
// of the game's rules panel (templates/rules/<game>.html, marked `data-rule="§4.2"`) just below it,
// in the page's language, as a disclosure; one is open at a time. Without a marked paragraph the
// button opens the whole rules panel.
import { fill, h } from "./dom.js";

/** The paragraphs of the rules panel, in the page's language, that a § marks. */
function paragraphs(page, section) {
  return [...document.querySelectorAll(`#rules section[lang="${page.lang}"] [data-rule="${CSS.escape(section)}"]`)];
}

/** The button that opens (and closes) the rule `section` in place; `key`: a name for it unique on the page. */
export function ruleButton(page, section, key, label, cls = "link rule-link") {
  const open = page.ruleOpen === key;
  return h("button", {
    type: "button", class: cls, "aria-expanded": String(open), "aria-controls": open ? `snippet-${key}` : null,
    dataset: { key, rule: section },
    onclick: () => {
      if (!paragraphs(page, section).length) {
        document.getElementById("rules").showModal();
        return;
      }
      page.ruleOpen = open ? null : key;
      page.coach.redraw();
    },
  }, label);
}

/**
 * Copies of the marked paragraphs; list items keep their list (one list for items of the same one) and,
 * in a numbered list, their own numbers.
 */
function copies(found) {
  const made = [];
  let list = null;
  for (const el of found) {
    const copy = el.cloneNode(true);
    copy.removeAttribute("id");
    if (el.tagName !== "LI") {
      made.push(copy);
      list = null;
      continue;
    }
    const from = el.parentElement;
    if (from.tagName === "OL") copy.value = ordinal(el); // the number the rules show it with
    if (list?.from !== from) {
      list = { from, el: h(from.tagName.toLowerCase(), { class: "rule-snippet-list" }) };
      made.push(list.el);
    }
    list.el.append(copy);
  }
  return made;
}

/** The number a numbered list shows by its item `li`. */
function ordinal(li) {
  let n = li.parentElement.start;
  for (const item of li.parentElement.children) {
    if (item.hasAttribute("value")) n = item.value;
    if (item === li) return n;
    if (item.tagName === "LI") n += 1;
  }
  return n;
}

/** The rule `section` opened by the button `key`, if it is the open one: its paragraphs, and a button to close it. */
export function ruleSnippet(page, key, section) {
  if (page.ruleOpen !== key) return null;
  const found = paragraphs(page, section);
  if (!found.length) return null;
  return h("div", { class: "rule-snippet", id: `snippet-${key}`, role: "region", "aria-label": page.t("coach.rule", { section }) },
    copies(found),
    h("button", { type: "button", class: "link", dataset: { key: `${key}-close` },
      onclick: () => { page.ruleOpen = null; page.coach.redraw(); } }, page.t("rules.close")));
}

/**
 * The game's key terms in the prompt `el` (its coach data's `terms`, worded by `rules.term.*` in the
 * page's language) become buttons that open their rule just below the prompt; each term once.
 */
export function linkTerms(page, el) {
  const terms = page.coach.data?.terms ?? [];
  for (const term of terms) {
    const word = page.t(`rules.term.${term.key}`);
    if (!word) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest("button")) continue;
      const at = node.data.toLowerCase().indexOf(word.toLowerCase());
      if (at < 0) continue;
      const found = node.splitText(at);
      found.splitText(word.length);
      found.replaceWith(ruleButton(page, term.rule, `term-${term.key}`, found.data, "link rule-term"));
      break;
    }
  }
  const open = terms.find((term) => page.ruleOpen === `term-${term.key}` && el.querySelector(`[data-key="term-${term.key}"]`));
  const holder = document.getElementById("prompt-rule");
  const snippet = open ? ruleSnippet(page, `term-${open.key}`, open.rule) : null;
  fill(holder, snippet);
  holder.hidden = !snippet;
}
