// The string catalog and the language switch. Every string a player reads comes from here
// or from the game's own file, static/i18n/<game>.json, merged into one catalog per page.

export const common = {
  en: {
    "lobby.heading": "Card games with friends, each in their own browser",
    "lobby.intro": "Create a table, send the link to your friends, play. No accounts, nothing to install.",
    "lobby.create": "New table",
    "lobby.game": "Game",
    "lobby.players": "players",
    "lobby.seats": "Players",
    "lobby.nickname": "Your nickname",
    "lobby.createButton": "Create table",
    "lobby.join": "Join with a code",
    "lobby.code": "Table code",
    "lobby.go": "Go",
    "lobby.option.bool": "{name}",
    "missing.heading": "No table here",
    "missing.text": "There is no table with this code:",
    "missing.back": "Back to the lobby",
    "missing.expiredHeading": "This table has expired",
    "missing.expiredText": "The table was never started, and nobody seated came back for hours:",
    "missing.limitedHeading": "Slow down a little",
    "missing.limitedText": "Too many table codes were asked for from your address. Try again in seconds:",
    "table.rules": "Rules",
    "table.log": "Game log",
    "table.close": "Close",
    "conn.connecting": "Connecting…",
    "conn.connected": "Connected",
    "conn.reconnecting": "Reconnecting…",
    "conn.offline": "Offline",
    "conn.waiting": "Waiting…",
    "conn.paused": "Paused",
    "conn.ended": "Disconnected",
    "notice.expired": "This table has expired: it was never started, and nobody seated came back for hours.",
    "notice.noSuchTable": "There is no table with this code.",
    "notice.refused": "The server refused this page's connection. Open the table from the server's own address.",
    "notice.elsewhere": "This seat was opened in another tab.",
    "notice.playHere": "Play here",
    "notice.busy": "The server cannot take this tab just now ({reason}).",
    "notice.tableSpectators": "This table has as many spectators as it can hold.",
    "notice.clientSpectators": "Your address is already watching as many tables as it may.",
    "notice.tooMany": "Too many table lookups from your address.",
    "notice.serverFull": "This server holds as many tables as it can.",
    "notice.unavailable": "The server's database is unavailable.",
    "notice.fellBehind": "This tab fell behind the table.",
    "notice.retrying": "Trying again in {s} s.",
    "wait.heading": "Waiting for players",
    "wait.invite": "Invite link",
    "wait.copy": "Copy link",
    "wait.copied": "Copied",
    "wait.code": "Code",
    "wait.open": "Open seat",
    "wait.you": "you",
    "wait.bot": "Bot",
    "wait.addBot": "Seat a bot",
    "wait.removeBot": "Remove bot",
    "wait.nickname": "Your nickname",
    "wait.join": "Take a seat",
    "wait.start": "Start the game",
    "wait.needFull": "The game starts when every seat is filled.",
    "wait.creatorStarts": "{name} starts the game when every seat is filled.",
    "wait.full": "Every seat is taken; you can watch.",
    "table.watching": "You are watching.",
    "table.waitingFor": "Waiting for {names}…",
    "table.gameOver": "Game over",
    "table.again": "Play again",
    "table.gameNo": "Game {n} at this table",
    "table.backToLobby": "Lobby",
    "table.seat": "Seat {n}",
    "table.botTag": "bot",
    "table.offline": "offline",
    "table.yourTurn": "Your turn.",
    "table.nameRef": "{name}",
    "table.confirm": "Confirm",
    "table.chosen": "chosen",
    "table.area": "Table",
    "table.announce": "Announcements",
    "seat.colour.0": "red", "seat.colour.1": "blue", "seat.colour.2": "green", "seat.colour.3": "purple",
    "takeover.botPlaysForYou": "A bot is playing your seat.",
    "takeover.takeBack": "Take my seat back",
    "takeover.left": "{name} has left the table.",
    "takeover.giveToBot": "Let a bot play for {name}",
    "error.seat_is_bot": "A bot is playing this seat; take it back first.",
    "error.player_present": "That player is still at the table.",
    "error.stale_version": "The table moved on before your move arrived; here is the current view.",
    "error.rate_limited": "Too many messages; slow down.",
    "error.bad_message": "That message was not understood.",
    "error.not_saved": "Your move could not be saved; nothing changed. Try again.",
    "error.not_a_player": "You are not seated at this table.",
    "error.not_finished": "The game is not over yet.",
    "error.not_started": "The game has not started yet.",
    "error.table_full": "Every seat at this table is taken.",
    "error.already_started": "This table has already started.",
    "error.seats_open": "Every seat must be filled before the start.",
    "error.too_many_requests": "Too many requests from your address; try again in {s} s.",
    "error.cross_site": "A page of another site cannot do that here.",
    "error.unknown_host": "This server does not answer to this address.",
    "error.unavailable": "The database is unavailable; nothing changed. Try again shortly.",
    "error.table_expired": "This table has expired.",
    "error.server_full": "This server holds as many tables as it can; try again later.",
  },
  ja: {
    "lobby.heading": "友だちと、それぞれのブラウザでカードゲーム",
    "lobby.intro": "卓を作ってリンクを送れば、すぐに遊べます。アカウントもインストールも不要です。",
    "lobby.create": "新しい卓",
    "lobby.game": "ゲーム",
    "lobby.players": "人",
    "lobby.seats": "人数",
    "lobby.nickname": "ニックネーム",
    "lobby.createButton": "卓を作る",
    "lobby.join": "コードで参加",
    "lobby.code": "卓のコード",
    "lobby.go": "参加",
    "lobby.option.bool": "{name}",
    "missing.heading": "卓が見つかりません",
    "missing.text": "このコードの卓はありません：",
    "missing.back": "ロビーに戻る",
    "missing.expiredHeading": "この卓は期限切れになりました",
    "missing.expiredText": "この卓は開始されないまま、席に着いた人が何時間も戻りませんでした：",
    "missing.limitedHeading": "少し時間をおいてください",
    "missing.limitedText": "お使いのアドレスから卓のコードの問い合わせが多すぎました。再試行できるまでの秒数：",
    "table.rules": "ルール",
    "table.log": "ゲームの記録",
    "table.close": "閉じる",
    "conn.connecting": "接続中…",
    "conn.connected": "接続済み",
    "conn.reconnecting": "再接続中…",
    "conn.offline": "オフライン",
    "conn.waiting": "待機中…",
    "conn.paused": "一時停止",
    "conn.ended": "切断",
    "notice.expired": "この卓は期限切れになりました。開始されないまま、席に着いた人が何時間も戻らなかったためです。",
    "notice.noSuchTable": "このコードの卓はありません。",
    "notice.refused": "サーバーがこのページからの接続を拒否しました。サーバー本来のアドレスから卓を開いてください。",
    "notice.elsewhere": "この席は別のタブで開かれています。",
    "notice.playHere": "このタブで遊ぶ",
    "notice.busy": "サーバーが今はこのタブを受け付けられません（{reason}）。",
    "notice.tableSpectators": "この卓の観戦者は満員です。",
    "notice.clientSpectators": "お使いのアドレスから観戦できる卓の数が上限に達しています。",
    "notice.tooMany": "お使いのアドレスからの卓の問い合わせが多すぎます。",
    "notice.serverFull": "このサーバーで開ける卓の数が上限に達しています。",
    "notice.unavailable": "サーバーのデータベースに接続できません。",
    "notice.fellBehind": "このタブが卓の進行に追いつけなくなりました。",
    "notice.retrying": "{s}秒後にもう一度接続します。",
    "wait.heading": "参加者を待っています",
    "wait.invite": "招待リンク",
    "wait.copy": "リンクをコピー",
    "wait.copied": "コピーしました",
    "wait.code": "コード",
    "wait.open": "空席",
    "wait.you": "あなた",
    "wait.bot": "ボット",
    "wait.addBot": "ボットを座らせる",
    "wait.removeBot": "ボットを外す",
    "wait.nickname": "ニックネーム",
    "wait.join": "席に着く",
    "wait.start": "ゲーム開始",
    "wait.needFull": "全員がそろうと開始できます。",
    "wait.creatorStarts": "全員がそろうと{name}さんが開始します。",
    "wait.full": "満席です。観戦できます。",
    "table.watching": "観戦中です。",
    "table.waitingFor": "{names}を待っています…",
    "table.gameOver": "ゲーム終了",
    "table.again": "もう一度遊ぶ",
    "table.gameNo": "この卓の第{n}ゲーム",
    "table.backToLobby": "ロビー",
    "table.seat": "{n}番席",
    "table.botTag": "ボット",
    "table.offline": "オフライン",
    "table.yourTurn": "あなたの番です。",
    "table.nameRef": "{name}さん",
    "table.confirm": "決定",
    "table.chosen": "選択中",
    "table.area": "卓",
    "table.announce": "お知らせ",
    "seat.colour.0": "赤", "seat.colour.1": "青", "seat.colour.2": "緑", "seat.colour.3": "紫",
    "takeover.botPlaysForYou": "あなたの席はボットがプレイしています。",
    "takeover.takeBack": "席に戻る",
    "takeover.left": "{name}さんが卓を離れました。",
    "takeover.giveToBot": "{name}さんの代わりにボットを座らせる",
    "error.seat_is_bot": "この席はボットがプレイしています。先に席に戻ってください。",
    "error.player_present": "そのプレイヤーはまだ卓にいます。",
    "error.stale_version": "あなたの手が届く前に場が進みました。最新の状態を表示します。",
    "error.rate_limited": "送信が多すぎます。少し待ってください。",
    "error.bad_message": "メッセージを理解できませんでした。",
    "error.not_saved": "手を保存できませんでした。何も変わっていません。もう一度どうぞ。",
    "error.not_a_player": "この卓の席に着いていません。",
    "error.not_finished": "まだゲームが終わっていません。",
    "error.not_started": "ゲームはまだ始まっていません。",
    "error.table_full": "満席です。",
    "error.already_started": "この卓はもう始まっています。",
    "error.seats_open": "全員がそろうまで開始できません。",
    "error.too_many_requests": "お使いのアドレスからのリクエストが多すぎます。{s}秒後にもう一度どうぞ。",
    "error.cross_site": "ほかのサイトのページからはこの操作はできません。",
    "error.unknown_host": "このサーバーはこのアドレスでは応答しません。",
    "error.unavailable": "データベースに接続できません。何も変わっていません。少し待ってもう一度どうぞ。",
    "error.table_expired": "この卓は期限切れになりました。",
    "error.server_full": "このサーバーで開ける卓の数が上限に達しています。しばらくしてからどうぞ。",
  },
};

const STORAGE_KEY = "zashiki.lang";

export function preferredLanguage() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === "ja" || saved === "en") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

/** A translator over the merged catalogs: t(key, {name: …}); falls back to English, then the key. */
export function translator(lang, ...catalogs) {
  const merged = { en: {}, ja: {} };
  for (const catalog of [common, ...catalogs]) {
    Object.assign(merged.en, catalog.en || {});
    Object.assign(merged.ja, catalog.ja || {});
  }
  return (key, params = {}) => {
    const text = merged[lang][key] ?? merged.en[key];
    if (text === undefined) return null;
    return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
  };
}

/** Applies the language to static markup: [data-t] text, [lang] spans, the switch's state. */
export function applyLanguage(lang, t) {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) {
    const text = t(el.dataset.t);
    if (text !== null) el.textContent = text;
  }
  for (const el of document.querySelectorAll("[data-t-aria]")) {
    const text = t(el.dataset.tAria);
    if (text !== null) el.setAttribute("aria-label", text);
  }
  for (const button of document.querySelectorAll(".lang-switch button")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
}

/** Wires the switch; `onChange(lang)` re-renders what the page draws itself. */
export function setupLanguageSwitch(onChange) {
  for (const button of document.querySelectorAll(".lang-switch button")) {
    button.addEventListener("click", () => {
      localStorage.setItem(STORAGE_KEY, button.dataset.lang);
      onChange(button.dataset.lang);
    });
  }
}
