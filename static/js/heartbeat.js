// A page's own check that its connection still carries anything. A network can go silent without
// closing a thing (a train, a lift: bytes swallowed): the browser then keeps saying the socket is
// open for minutes, and only the server's pings notice, on the other side. So the page pings too,
// and takes a ping left unanswered for SILENT_MS as a lost line.

const PING_EVERY_MS = 3000; // the server answers each `ping` with a `pong`; any message counts as an answer
const SILENT_MS = 6000; // a ping unanswered this long: the line is gone
// Checked every second, so a silent line is said within PING_EVERY_MS + SILENT_MS + two checks (~11 s),
// even when a busy or hidden page's timers come a little early or late.
const CHECK_EVERY_MS = 1000;
const OPEN_WITHIN_MS = 10_000; // a socket still not open after this long is not going to open

/**
 * Watches `socket` from its creation: calls `onSilent()` once if it fails to open in time, or if,
 * once open, a ping goes unanswered for SILENT_MS. Returns `heard`, to be called on every message.
 *
 * Silence is counted from the oldest unanswered ping, not from the last message: a hidden tab's timers
 * may run once a minute, and a quiet table sends nothing, yet neither is a lost line.
 */
export function watchSilence(socket, onSilent) {
  const born = Date.now();
  let pinged = 0;
  let unanswered = null; // when the oldest ping not yet answered was sent
  const timer = setInterval(() => {
    const now = Date.now();
    if (socket.readyState > WebSocket.OPEN) return stop(); // closing or closed: nothing left to watch
    if (socket.readyState === WebSocket.CONNECTING) return now - born > OPEN_WITHIN_MS ? silent() : undefined;
    if (unanswered !== null && now - unanswered >= SILENT_MS) return silent();
    if (now - pinged >= PING_EVERY_MS - CHECK_EVERY_MS / 2) {
      pinged = now;
      unanswered ??= now;
      socket.send('{"type":"ping"}');
    }
  }, CHECK_EVERY_MS);
  const stop = () => clearInterval(timer);
  const silent = () => {
    stop();
    onSilent();
  };
  socket.addEventListener("close", stop);
  return () => {
    unanswered = null;
  };
}
