// The lobby: choose a game, its player count and options, create a table; or join by code.
import { h, fill } from "./dom.js";
import { applyLanguage, preferredLanguage, setupLanguageSwitch, translator } from "./i18n.js";

const optionNames = Object.freeze({
  en: { hard_mode: "Hard mode (tuning in round 9 too)", first_leader: "First leader", first_dealer: "First dealer",
        start_player: "Start player", first_player: "First player", random: "random", seat: "Seat {n}",
        bots: "Fill the other seats with bots", opening_draft: "Opening draft", resource_supply: "Resource supply",
        printed: "as printed", per_player: "by player count", round_limit: "Round limit", 0: "none",
        reveal_hands_at_end: "Reveal hands at the end" },
  ja: { hard_mode: "難易度アップ（第9ラウンドにもチューニング）", first_leader: "最初のリーダー", first_dealer: "最初の親",
        start_player: "スタートプレイヤー", first_player: "スタートプレイヤー", random: "ランダム", seat: "{n}番席",
        bots: "残りの席をボットで埋める", opening_draft: "初期手札ドラフト", resource_supply: "資源の数",
        printed: "記載どおり", per_player: "人数に合わせる", round_limit: "ラウンド上限", 0: "なし",
        reveal_hands_at_end: "終了時に手札を公開" },
});

function label(lobby, name) {
  return optionNames[lobby.lang][name] ?? optionNames.en[name] ?? name.replaceAll("_", " ");
}

function selectedGame(lobby) {
  const slug = document.querySelector('input[name="game"]:checked')?.value;
  return lobby.games.find((g) => g.slug === slug);
}

function renderForm(lobby) {
  const game = selectedGame(lobby);
  if (!game) return;
  const seatSelect = document.getElementById("seat-count");
  const chosen = Number(seatSelect.value) || game.seat_counts[game.seat_counts.length - 1];
  fill(seatSelect, game.seat_counts.map((n) => h("option", { value: n, selected: n === chosen }, n)));
  const seats = Number(seatSelect.value);
  const controls = game.options.map((option) => {
    if (option.kind === "bool") {
      return h("label", { class: "check" }, h("input", { type: "checkbox", name: `opt-${option.name}`, checked: option.default }),
        " ", label(lobby, option.name));
    }
    const values = option.kind === "seat" ? [null, ...Array.from({ length: seats }, (_, i) => i)] : option.choices;
    return h("label", {}, label(lobby, option.name), " ",
      h("select", { name: `opt-${option.name}`, dataset: { kind: option.kind } },
        values.map((v) => h("option", { value: v === null ? "" : v, selected: v === option.default },
          v === null ? label(lobby, "random") : option.kind === "seat" ? label(lobby, "seat").replace("{n}", v + 1) : label(lobby, String(v))))));
  });
  if (game.has_bot) {
    controls.push(h("label", { class: "check" }, h("input", { type: "checkbox", name: "bots" }), " ", label(lobby, "bots")));
  }
  fill(document.getElementById("options"), controls);
  renderTimers(lobby);
  const learn = document.getElementById("learn-button");
  learn.textContent = lobby.t("learn.button", { game: game.title[lobby.lang] ?? game.title.en });
  learn.hidden = !game.has_bot;
}

// The turn timer's choices are the server's (seconds per decision); none is the default.
function renderTimers({ t }) {
  const select = document.getElementById("turn-seconds");
  const chosen = select.value;
  const choices = JSON.parse(select.dataset.choices);
  fill(select, h("option", { value: "" }, t("lobby.noTimer")),
    choices.map((s) => h("option", { value: s, selected: String(s) === chosen },
      s % 60 === 0 ? t("lobby.timerMinutes", { n: s / 60 }) : t("lobby.timerSeconds", { n: s }))));
}

function readOptions(form, game) {
  const options = {};
  for (const option of game.options) {
    const field = form.elements[`opt-${option.name}`];
    if (option.kind === "bool") options[option.name] = field.checked;
    else if (option.kind === "seat") options[option.name] = field.value === "" ? null : Number(field.value);
    else options[option.name] = option.choices.find((choice) => String(choice) === field.value); // keeps its type
  }
  return options;
}

/** Creates the table the form describes; `practice`: "Learn <game>", bots in the other seats and started at once. */
async function createTable(lobby, form, practice) {
  const game = selectedGame(lobby);
  const seats = Number(form.elements.seats.value);
  const bots = !practice && form.elements.bots?.checked ? Array.from({ length: seats - 1 }, (_, i) => i + 1) : [];
  const timer = form.elements.turn_seconds.value;
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: game.slug, seats, name: form.elements.name.value, options: readOptions(form, game), bots,
                           turn_seconds: timer === "" ? null : Number(timer), practice,
                           hints: form.elements.hints.checked }),
  });
  const body = await response.json().catch(() => ({})); // a proxy in front may answer with a page of its own
  if (!response.ok) {
    document.getElementById("create-error").textContent = lobby.t(`error.${body.code}`, { s: body.retry_after })
      ?? body.message ?? body.detail?.[0]?.msg ?? response.statusText;
    return;
  }
  localStorage.setItem("zashiki.name", form.elements.name.value);
  location.href = body.url;
}

function joinByCode(event) {
  event.preventDefault();
  location.href = `/t/${encodeURIComponent(document.getElementById("join-code").value.trim().toUpperCase())}`;
}

function setLanguage(lobby, lang) {
  lobby.lang = lang;
  lobby.t = translator(lang);
  applyLanguage(lang, lobby.t);
  renderForm(lobby);
}

function main() {
  const lang = preferredLanguage();
  const createForm = document.getElementById("create-form");
  // The lobby's state, made here and passed on; the "no such table" page has no form, and no games.
  const lobby = { lang, t: translator(lang), games: createForm ? JSON.parse(createForm.dataset.games) : [] };
  setupLanguageSwitch((next) => setLanguage(lobby, next));
  applyLanguage(lang, lobby.t);
  if (!createForm) return;  // the "no such table" page shares the switch only
  const nameField = document.getElementById("create-name");
  if (!nameField.value) nameField.value = localStorage.getItem("zashiki.name") ?? "";
  for (const radio of document.querySelectorAll('input[name="game"]')) radio.addEventListener("change", () => {
    document.getElementById("seat-count").value = "";
    renderForm(lobby);
  });
  document.getElementById("seat-count").addEventListener("change", () => renderForm(lobby));
  createForm.addEventListener("submit", (event) => {
    event.preventDefault();
    createTable(lobby, createForm, false);
  });
  const learn = document.getElementById("learn-button");
  learn.addEventListener("click", () => {
    if (createForm.reportValidity()) createTable(lobby, createForm, true);
  });
  document.getElementById("join-form").addEventListener("submit", joinByCode);
  renderForm(lobby);
  createForm.querySelector("button[type=submit]").disabled = false;  // a submit before now would reload the lobby
  learn.disabled = false;
}

main();
