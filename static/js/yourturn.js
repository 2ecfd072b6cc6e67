// The your-turn signal: a tab nobody is looking at still tells its player that the table waits for
// them — in its title and icon, with a short chime (mutable, remembered per browser) and, while the
// tab is hidden and the player allowed it, a notification. Nothing signals when it is not their turn.
import { h, fill } from "./dom.js";

const SOUND_KEY = "zashiki.sound";
const baseTitle = document.title;
const icon = document.querySelector('link[rel="icon"]');
const baseIcon = icon?.href;
// The house mark with a gold dot: the tab strip shows whose turn it is at a glance.
const TURN_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#b3261e"/>'
  + '<circle cx="16" cy="16" r="9" fill="#f2c14e"/></svg>')}`;

const soundOn = () => localStorage.getItem(SOUND_KEY) !== "off";

/** What the page last signalled, and the sound it made it with. */
export function newTurnSignal() {
  return { turn: false, audio: null };
}

/** Says (or stops saying) that the table waits for this tab's player. Only a change signals. */
export function signalTurn(signal, turn, t) {
  document.title = turn ? `● ${t("turn.title")} — ${baseTitle}` : baseTitle;
  if (icon) icon.href = turn ? TURN_ICON : baseIcon;
  if (turn === signal.turn) return;
  signal.turn = turn;
  if (!turn) return;
  if (soundOn()) chime(signal);
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(t("turn.title"), { body: baseTitle, tag: "zashiki-turn", icon: TURN_ICON });
  }
}

// Two soft notes, made on the spot: no sound file to fetch. A browser lets a page play sound only
// after the player has touched it, which anyone who has taken a seat has.
function chime(signal) {
  try {
    signal.audio ??= new AudioContext();
    const audio = signal.audio;
    audio.resume?.();
    [[660, 0], [880, 0.14]].forEach(([frequency, at]) => {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, audio.currentTime + at);
      volume.gain.exponentialRampToValueAtTime(0.12, audio.currentTime + at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + at + 0.35);
      tone.connect(volume).connect(audio.destination);
      tone.start(audio.currentTime + at);
      tone.stop(audio.currentTime + at + 0.4);
    });
  } catch {
    // No sound where the browser allows none: the title and icon still say it.
  }
}

/** The player's two choices, drawn into `el`: the chime on or off, and notifications when hidden. */
export function renderTurnSettings(el, t, seated) {
  el.hidden = !seated;
  if (!seated) return;
  const sound = soundOn();
  const canNotify = "Notification" in window && Notification.permission === "default";
  fill(el,
    h("span", { class: "muted" }, t("turn.settings")),
    h("button", { type: "button", "aria-pressed": String(sound), dataset: { key: "turn-sound" },
                  onclick: () => { localStorage.setItem(SOUND_KEY, sound ? "off" : "on"); renderTurnSettings(el, t, seated); } },
      sound ? t("turn.soundOn") : t("turn.soundOff")),
    canNotify ? h("button", { type: "button", dataset: { key: "turn-notify" },
                              onclick: () => Notification.requestPermission().then(() => renderTurnSettings(el, t, seated)) },
      t("turn.notify")) : null);
}
