// A page's own check that its connection still carries anything. A network can go silent without
// closing a thing (a train, a lift: bytes swallowed): the browser then keeps saying the socket is
// open for minutes, and only the server's pings notice, on the other side. So the page pings too,
// and takes a line it has heard nothing on for SILENT_MS as lost.

const PING_EVERY_MS = 4000; // the server answers each `ping` with a `pong`; any message counts as heard
const SILENT_MS = 10_000; // nothing heard for this long: the connection is gone (said within ~12 s)
const CHECK_EVERY_MS = 2000;
const OPEN_WITHIN_MS = 10_000; // a socket still not open after this long is not going to open

/**
 * Watches `socket` from its creation: calls `onSilent()` once if it fails to open in time, or if,
 * once open, nothing arrives for SILENT_MS. Returns `heard`, to be called on every message.
 */
export function watchSilence(socket, onSilent) {
  const born = Date.now();
  let heard = born;
  let pinged = born;
  const timer = setInterval(() => {
    const now = Date.now();
    if (socket.readyState > WebSocket.OPEN) return stop(); // closing or closed: nothing left to watch
    if (socket.readyState === WebSocket.CONNECTING) return now - born > OPEN_WITHIN_MS ? silent() : undefined;
    if (now - heard > SILENT_MS) return silent();
    if (now - pinged >= PING_EVERY_MS) {
      pinged = now;
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
    heard = Date.now();
  };
}
