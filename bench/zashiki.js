'use strict';
// Adapter for Zashiki (this repository's server, `python -m app`), for the
// peer benchmark's driver (driver/driver.js; interface in
// driver/adapters/README.md). bench/run copies it to driver/adapters/.
//
// It speaks Zashiki's real protocol (docs/protocol.md) and plays real Bremen:
//   * a room's first game: its host creates a table (POST /api/tables, seat 0),
//     the three others join it (POST /api/tables/{code}/join), each with its own
//     seat cookie, each opens /t/{code}/socket with its cookie, and the host
//     starts it (POST /api/tables/{code}/start);
//   * every later game is played again at the same table, as friends do: once
//     the host's view shows the game over, it sends {"type":"again","version":v}
//     and every client is sent the next game's snapshot on its open socket;
//   * clients play with {"type":"act","version":v,"action":a,"id":i}, reading
//     `state` messages;
//   * a move is counted when the mover's first `state` whose events hold its
//     own declared/played/passed event arrives (that state carries the move's
//     ack, and is sent only after the move was committed to the database).
// The policy is uniform over view.legal without the optional `signal_pinch`
// remark (the peer's simplified Bremen has no such action).
const http = require('http');
const WebSocket = require('ws');

const OWN_EVENTS = new Set(['declared', 'played', 'passed']);

function create(opts) {
  const base = (opts.url || 'http://127.0.0.1:8000').replace(/\/$/, '');
  const wsBase = base.replace(/^http/, 'ws');
  const host = new URL(base).host;
  // Browsers always offer permessage-deflate; --deflate false offers none.
  const deflate = opts.deflate !== undefined ? opts.deflate : true;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let negotiatedDeflate = null;
  const stats = {
    httpRequests: 0,
    httpRetries: 0,
    tables: 0,
    playedAgain: 0,
    errors: {}, // error code -> count (answers to our own moves and others)
    reflectedByAck: 0, // moves whose own event was not seen in a state (should stay 0)
    reconnects: 0, // sockets the server dropped (a tab that fell behind) and reopened
    snapshots: 0,
    stateMsgs: 0,
    stateBytes: 0,
    maxStateBytes: 0,
    ackMsgs: 0,
    tableMsgs: 0,
    setupMs: { createMs: [], joinMs: [], startMs: [], againMs: [] },
    gameResults: { win: 0, loss: 0 },
  };
  const rec = (k, v) => {
    if (stats.setupMs[k].length < 100000) stats.setupMs[k].push(v);
  };

  function request(method, path, body, cookie) {
    const data = body === undefined ? '' : JSON.stringify(body);
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
    if (cookie) headers.cookie = cookie;
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode < 200 || res.statusCode >= 300) {
            reject(new Error(`${method} ${path} -> ${res.statusCode} ${text}`));
            return;
          }
          const setCookie = (res.headers['set-cookie'] || []).map((c) => c.split(';')[0]);
          resolve({ json: text ? JSON.parse(text) : null, cookie: setCookie[0] || null });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(data);
    });
  }
  async function call(method, path, body, cookie) {
    for (let attempt = 1; ; attempt++) {
      try {
        stats.httpRequests++;
        return await request(method, path, body, cookie);
      } catch (e) {
        const transient = e.code === 'ECONNRESET' || e.code === 'EPIPE' || /socket hang up/.test(e.message);
        if (!transient || attempt >= 3) throw e;
        stats.httpRetries++;
      }
    }
  }

  return {
    name: 'zashiki',
    hasGames: true,

    async openRoom(idx) {
      return { idx, gameNo: 0, playAgain: null }; // playAgain: set by the host's connection
    },

    // The first game: the host creates the table (and so holds seat 0); the clients'
    // join() calls take the other seats and the last of them starts it. Later games:
    // the host plays again at the same table.
    async newGame(room) {
      if (room.gameNo > 0) {
        room.gameNo++;
        stats.playedAgain++;
        const t0 = performance.now();
        room.playAgain(() => rec('againMs', performance.now() - t0));
        return { again: true, gameNo: room.gameNo };
      }
      room.gameNo = 1;
      const t0 = performance.now();
      const { json, cookie } = await call('POST', '/api/tables', { game: 'bremen', name: `r${room.idx}p0`, seats: 4 });
      rec('createMs', performance.now() - t0);
      stats.tables++;
      let started;
      const game = {
        gameNo: 1,
        code: json.code,
        hostCookie: cookie,
        ready: 0,
        started: new Promise((resolve, reject) => (started = { resolve, reject })),
      };
      game.markReady = async () => {
        if (++game.ready < 4) return;
        const ts = performance.now();
        try {
          await call('POST', `/api/tables/${game.code}/start`, undefined, game.hostCookie);
          rec('startMs', performance.now() - ts);
          started.resolve();
        } catch (e) {
          started.reject(e);
        }
      };
      return game;
    },

    chooseMove(view, rng) {
      if (!view || !view.legal) return null;
      const moves = view.legal.filter((a) => a.type !== 'signal_pinch');
      if (!moves.length) return null;
      return { version: view.version, action: moves[Math.floor(rng() * moves.length)] };
    },

    connectClient(room, p, hooks) {
      let ws = null;
      let game = null;
      let seat = null;
      let cookie = null;
      let nextId = 0;
      let pending = null; // {id, version, action}: the move in flight
      let live = false; // false until join() is over: updates are held, then handed on
      let held = null;
      let lastView = null;
      let running = true;
      let joining = false; // no reconnects while the next game's socket is being set up
      let gameNo = 0; // the table's game this client plays; older games' messages are skipped
      let table = null; // the table object, sent only when it changes
      let over = false;
      let againSent = null; // host: the callback of an again message not yet answered
      let againWanted = null; // host: play again as soon as its own view shows the game over
      let nextGame = null; // resolves join() once the next game's snapshot arrives

      const sendAgain = (done) => {
        againSent = { id: `again.${gameNo}`, done };
        ws.send(JSON.stringify({ type: 'again', version: lastView.version, id: againSent.id }));
      };
      if (p === 0) {
        room.playAgain = (done) => {
          if (over) sendAgain(done);
          else againWanted = done;
        };
      }

      const deliver = (u) => {
        if (live) hooks.onUpdate(u);
        else held = u;
      };

      const onMessage = (socket, data) => {
        if (socket !== ws) return; // a late message from the previous game's socket
        hooks.onMessage(data.length);
        const m = JSON.parse(data);
        switch (m.type) {
          case 'state': {
            stats.stateMsgs++;
            stats.stateBytes += data.length;
            if (data.length > stats.maxStateBytes) stats.maxStateBytes = data.length;
            if (m.full_log) stats.snapshots++;
            if (m.table) table = m.table;
            if (!m.view || table.game_no < gameNo) return; // not started yet, or the last game's final word
            if (m.full_log && gameNo > 0 && table.game_no > gameNo) {
              gameNo = table.game_no; // the next game, maybe before the core asked this client to join it
              if (nextGame) nextGame();
              nextGame = null;
            }
            let reflects = false;
            if (pending && !m.full_log && m.version > pending.version) {
              reflects = m.events.some((e) => e.v === m.version && e.seat === seat && OWN_EVENTS.has(e.kind));
              if (reflects) pending = null;
            }
            over = m.view.outcome !== null || table.status === 'finished';
            if (over && seat === 0 && !m.full_log && m.view.outcome) stats.gameResults[m.view.outcome.result]++;
            lastView = { version: m.version, legal: m.view.legal };
            if (over && againWanted) {
              sendAgain(againWanted);
              againWanted = null;
            }
            deliver({ view: lastView, reflects, gameOver: over });
            if (over) live = false; // hold the next game's views until the core joins this client to it
            return;
          }
          case 'ack':
            stats.ackMsgs++;
            if (againSent && m.id === againSent.id) {
              againSent.done();
              againSent = null;
              return;
            }
            if (pending && m.id === pending.id) {
              // Acknowledged without a state showing it: a retry of an applied move.
              pending = null;
              stats.reflectedByAck++;
              deliver({ view: lastView, reflects: true, gameOver: false });
            }
            return;
          case 'error':
            stats.errors[m.code] = (stats.errors[m.code] || 0) + 1;
            return;
          case 'table':
            stats.tableMsgs++;
            table = m.table;
            return;
          default:
            return;
        }
      };

      const open = () =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(`${wsBase}/t/${game.code}/socket`, {
            perMessageDeflate: deflate,
            headers: { cookie, origin: `http://${host}` },
          });
          ws = socket;
          socket.on('message', (data) => onMessage(socket, data));
          socket.on('close', (code) => {
            // The server drops a tab that falls behind (1013); a browser reconnects,
            // and retries its move with the same id (applied at most once).
            if (socket === ws && code === 1013 && running && !joining) {
              stats.reconnects++;
              open()
                .then(() => {
                  if (pending) ws.send(JSON.stringify({ type: 'act', ...pending }));
                })
                .catch(() => {});
            }
          });
          socket.on('error', () => {}); // reported through the promise below, or the socket is gone anyway
          socket.once('open', () => {
            if (negotiatedDeflate === null) negotiatedDeflate = /permessage-deflate/.test(socket.extensions || '');
            resolve();
          });
          socket.once('error', reject);
        });

      // Hands on the newest view only after the core has marked the game as running.
      const goLive = () => {
        live = true;
        setImmediate(() => {
          if (held && live) {
            const u = held;
            held = null;
            hooks.onUpdate(u);
          }
        });
      };

      const conn = {
        async join(next) {
          live = false;
          held = null;
          pending = null;
          if (next.again) {
            // the same table and socket: wait for the next game's snapshot
            await new Promise((resolve) => {
              if (gameNo >= next.gameNo) resolve();
              else nextGame = resolve;
            });
            return goLive();
          }
          joining = true;
          if (ws) ws.terminate(); // the old game's socket, open or (after a drop) still reconnecting
          game = next;
          const t0 = performance.now();
          if (p === 0) {
            cookie = game.hostCookie;
            seat = 0;
          } else {
            const { json, cookie: c } = await call('POST', `/api/tables/${game.code}/join`, { name: `p${p}` });
            rec('joinMs', performance.now() - t0);
            cookie = c;
            seat = json.seat; // the lowest open seat: joins race, so not always p
          }
          await open();
          await game.markReady();
          await game.started;
          joining = false;
          gameNo = next.gameNo;
          return goLive();
        },
        send(move) {
          pending = { id: `${p}.${++nextId}`, version: move.version, action: move.action };
          ws.send(JSON.stringify({ type: 'act', version: move.version, action: move.action, id: pending.id }));
        },
        close() {
          running = false;
          if (ws) ws.close();
        },
      };
      return Promise.resolve(conn);
    },

    finalize() {
      const q = (a, x) => {
        const v = Float64Array.from(a).sort();
        return v.length ? Math.round(v[Math.min(v.length - 1, Math.ceil(x * v.length) - 1)] * 10) / 10 : null;
      };
      const setupPhases = {};
      for (const [k, a] of Object.entries(stats.setupMs)) setupPhases[k] = { p50: q(a, 0.5), p99: q(a, 0.99), n: a.length };
      const { setupMs, ...rest } = stats;
      return {
        ...rest,
        avgStateBytes: stats.stateMsgs ? Math.round(stats.stateBytes / stats.stateMsgs) : null,
        setupPhases,
        permessageDeflateNegotiated: negotiatedDeflate,
      };
    },
  };
}

module.exports = { create };
