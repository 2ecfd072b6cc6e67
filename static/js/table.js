// The table page's entry: loads the game's renderer and strings, makes the page's state, wires the
// page and connects. The page decides nothing the server decides: the renderer offers exactly
// `view.legal`, and the page's own controls are exactly what the server's `may` allows.
import { applyLanguage, setupLanguageSwitch, translator } from "./i18n.js";
import { setupCoachButton } from "./coach.js";
import { claimSeatLink } from "./seatlink.js";
import { connect, reconnect, setConnection, watchNetwork } from "./table/connection.js";
import { watchScrolling } from "./table/in-view.js";
import { drawNotice, seatNotice, toast } from "./table/notices.js";
import { newTablePage } from "./table/page.js";
import { tapWhy, watchWhy } from "./table/why.js";

function setLanguage(page, lang) {
  page.lang = lang;
  page.t = translator(lang, page.strings);
  applyLanguage(lang, page.t);
  for (const section of document.querySelectorAll("#rules section[lang]")) section.hidden = section.lang !== lang;
  drawNotice(page);
  setConnection(page, page.conn);
}

async function start() {
  const app = document.getElementById("app");
  const slug = app.dataset.game;
  // The game's own strings, in both languages: a data file beside the shared ones of i18n.js.
  const [game, strings] = await Promise.all([
    import(`./games/${slug}.js`),
    fetch(`/static/i18n/${slug}.json`).then((response) => response.json()),
  ]);
  const page = newTablePage(app, game, strings);
  // A control marked aria-disabled (a move in flight, an option not legal now) keeps focus and does
  // nothing, but one not legal now says why (why.js).
  app.addEventListener("click", (event) => {
    const control = event.target.closest?.('[aria-disabled="true"]');
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (control.matches("#table [data-why]")) tapWhy(page, control, event);
  }, true);
  watchWhy(page);
  const rulesDialog = document.getElementById("rules");
  document.getElementById("rules-button").addEventListener("click", () => rulesDialog.showModal());
  setupLanguageSwitch((lang) => setLanguage(page, lang));
  setLanguage(page, page.lang);
  watchNetwork(page);
  watchScrolling(page);
  setupCoachButton(page);
  // A page opened by a seat link takes the seat first: the socket then opens with the new seat token.
  await takeSeatLink(page);
  connect(page);
  // A link pasted into this tab, already open at the table, changes only the part after '#': taken here too.
  window.addEventListener("hashchange", async () => {
    if (await takeSeatLink(page)) reconnect(page);
  });
}

/** Takes the seat of a link in the address (`#seat=…`), if any; whether this browser now holds it. */
async function takeSeatLink(page) {
  const claimed = await claimSeatLink(page.code);
  if (claimed?.ok) toast(page, page.t("seatLink.claimed"));
  else if (claimed) seatNotice(page, page.t(`error.${claimed.code}`) ? `error.${claimed.code}` : "error.seat_link_unknown");
  return Boolean(claimed?.ok);
}

start();
