'use strict';
// Adapter for Zashiki (this repository's server, `python -m app`), for the
// peer benchmark's driver (driver/driver.js; interface in
// driver/adapters/README.md). bench/run copies it to driver/adapters/.
//
// It speaks Zashiki's real protocol (docs/protocol.md) and plays any of its
// games, chosen with `--game NAME` on the driver's command line (default
// bremen), at tables of 4 seats:
//   * a room's first game: its host creates a table (POST /api/tables, seat 0),
//     the three others join it (POST /api/tables/{code}/join), each with its own
//     seat cookie, each opens /t/{code}/socket with its cookie, and the host
//     starts it (POST /api/tables/{code}/start);
//   * every later game is played again at the same table, as friends do: once
//     the host's view shows the game over, it sends {"type":"again","version":v}
//     and every client is sent the next game's snapshot on its open socket;
//   * clients play with {"type":"act","version":v,"action":a,"id":i}, reading
//     `state` messages; a client acts only when its own seat has legal actions
//     (in a simultaneous step several seats are awaited at once);
//   * a move is counted when the mover's `state` carrying `ack` equal to the
//     move's id arrives (that state is sent only after the move was committed).
// The policy is uniform over view.legal, without Bremen's optional
// `signal_pinch` remark (the peer's simplified Bremen has no such action).
//
// A `state` carries either `view` (a whole view) or `base` and `patch` (ops that
// turn the view of version `base` into that of `version`). Each client keeps the
// latest view as it came over the wire; patches are applied by the page's own
// module (static/js/table/delta.js, copied next to this file as delta.mjs by
// bench/run, when it exists), whose unpackView() gives the view the policy reads.
// A patch whose base is not the version held is a gap: counted and the socket
// reopened (a fresh snapshot comes).
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const http = require('http');
const WebSocket = require('ws');

const GAMES = new Set(['bremen', 'baroque', 'hansa', 'brownies', 'bluebell']);
const SEATS = 4; // every game seats four
const OVER = 'game_over'; // the phase every game ends in

// The driver hands adapters only --url and --deflate; --game is read from its command line.
function argvOption(name) {
  const argv = process.argv;
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length && !argv[i + 1].startsWith('--') ? argv[i + 1] : undefined;
}

// The page's view-diff module, when the tree has one (loaded once, as an ES module).
const DELTA_FILE = path.join(__dirname, 'delta.mjs');
let deltaLoading = null;
function loadDelta() {
  if (!deltaLoading) deltaLoading = fs.existsSync(DELTA_FILE) ? import(pathToFileURL(DELTA_FILE).href) : Promise.resolve(null);
  return deltaLoading;
}

function create(opts) {
  const base = (opts.url || 'http://127.0.0.1:8000').replace(/\/$/, '');
  const wsBase = base.replace(/^http/, 'ws');
  const host = new URL(base).host;
  // Browsers always offer permessage-deflate; --deflate false offers none.
  const deflate = opts.deflate !== undefined ? opts.deflate : true;
  const gameSlug = opts.game || argvOption('game') || 'bremen';
  if (!GAMES.has(gameSlug)) throw new Error(`unknown game ${gameSlug}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let negotiatedDeflate = null;
  let delta = null; // the module, once loaded (null: whole views only)
  const stats = {
    game: gameSlug,
    deltaModule: false,
    httpRequests: 0,
    httpRetries: 0,
    tables: 0,
    playedAgain: 0,
    errors: {}, // error code -> count (answers to our own moves and others, and patchGap)
    refusedRetried: 0, // own moves refused (say a stale version in a simultaneous step) and chosen again
    reflectedByAck: 0, // moves acknowledged by an `ack` message (a retry of an applied move), not a state
    movesAcked: 0, // own moves whose ack came back, warm-up included (the divisor of stateBytesPerMove)
    reconnects: 0, // sockets dropped by the server (a tab that fell behind) or after a patch gap, and reopened
    snapshots: 0,
    stateMsgs: 0,
    stateBytes: 0,
    maxStateBytes: 0,
    wholeViews: 0, // states carrying `view`
    patches: 0, // states carrying `base` and `patch`
    unpacks: 0, // views unpacked for the policy
    ackMsgs: 0,
    tableMsgs: 0,
    gamesOver: 0, // games seen to end by the host, warm-up included
    setupMs: { createMs: [], joinMs: [], startMs: [], againMs: [] },
    gameResults: {}, // outcome.result (win / loss / ranked) -> games, as the host saw them
  };
  const rec = (k, v) => {
    if (stats.setupMs[k].length < 100000) stats.setupMs[k].push(v);
  };
  const countError = (code) => {
    stats.errors[code] = (stats.errors[code] || 0) + 1;
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

  // The policy: uniform over the seat's legal actions. `cur` is a client's latest
  // wire view ({version, model}); it is unpacked only here, when the client may act.
  function choose(cur, rng) {
    const model = cur && cur.model;
    if (!model || model.outcome != null || model.phase === OVER) return null;
    if (Array.isArray(model.awaiting) && !model.awaiting.includes(model.seat)) return null; // not this seat's turn
    let view = model;
    if (delta) {
      view = delta.unpackView(model);
      stats.unpacks++;
    }
    const moves = (view.legal || []).filter((a) => a.type !== 'signal_pinch');
    if (!moves.length) return null;
    return { version: cur.version, action: moves[Math.floor(rng() * moves.length)] };
  }

  return {
    name: 'zashiki',
    hasGames: true,

    async openRoom(idx) {
      delta = await loadDelta();
      stats.deltaModule = delta !== null;
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
      const { json, cookie } = await call('POST', '/api/tables', { game: gameSlug, name: `r${room.idx}p0`, seats: SEATS });
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
        if (++game.ready < SEATS) return;
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

    chooseMove: choose,

    connectClient(room, p, hooks) {
      let ws = null;
      let game = null;
      let seat = null;
      let cookie = null;
      let nextId = 0;
      let pending = null; // {id, version, action, refused}: the move in flight
      let live = false; // false until join() is over: updates are held, then handed on
      let held = null; // {u, gameNo}: the newest update while not live
      // The latest view as it came over the wire and its version: what patches apply to.
      // The driver is handed this object itself; the policy reads it when it may act.
      const cur = { version: null, model: null };
      let running = true;
      let joining = false; // no reconnects while the next game's socket is being set up
      let reopening = false; // a socket is being reopened after a drop or a gap
      let gameNo = 0; // the table's game this client plays; older games' messages are skipped
      let table = null; // the table object, sent only when it changes
      let over = false;
      let againSent = null; // host: {id, version, done} of an again message not yet answered
      let againUnsure = false; // host: its socket was reopened before the again was answered
      let againWanted = null; // host: play again as soon as its own view shows the game over
      let nextGame = null; // resolves join() once the next game's snapshot arrives

      const sendAgain = (done) => {
        againSent = { id: `again.${gameNo}`, version: cur.version, done };
        ws.send(JSON.stringify({ type: 'again', version: againSent.version, id: againSent.id }));
      };
      if (p === 0) {
        room.playAgain = (done) => {
          if (over && ws.readyState === WebSocket.OPEN) sendAgain(done);
          else againWanted = done; // sent once a state shows the game over (on a reopened socket: its snapshot)
        };
      }

      // Between games (not live) updates are held, except the answer to the last game's move in flight,
      // which the core waits for before the next game (that game is over for it).
      const deliver = (u) => {
        if (live) hooks.onUpdate(u);
        else if (u.reflects) hooks.onUpdate({ view: u.view, reflects: true, gameOver: true });
        else held = { u, gameNo };
      };
      const sendPending = () => {
        if (pending && !pending.refused && ws && ws.readyState === WebSocket.OPEN) {
          ws.send(JSON.stringify({ type: 'act', version: pending.version, action: pending.action, id: pending.id }));
        }
      };

      // The move in flight was refused and nothing applied: the player chooses again from what it
      // now sees, as a person would (or on a later state, when its seat is awaited again).
      const chooseAgain = () => {
        const move = choose(cur, Math.random);
        if (!move) return;
        stats.refusedRetried++;
        pending = { id: `${p}.${++nextId}`, version: move.version, action: move.action, refused: false };
        sendPending();
      };

      // Takes in a state's view or patch; false after a gap (the socket is being reopened).
      const absorb = (m) => {
        if (m.patch !== undefined) {
          stats.patches++;
          if (!delta || cur.model === null || m.base !== cur.version) {
            if (!delta && !stats.errors.patchGap) console.error('a patch came, but there is no delta.mjs to apply it');
            countError('patchGap');
            cur.model = null;
            reopen();
            return false;
          }
          cur.model = delta.applyPatch(cur.model, m.patch);
        } else {
          stats.wholeViews++;
          cur.model = m.view;
        }
        cur.version = m.version;
        return true;
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
            if (!absorb(m)) return;
            const model = cur.model;
            if (!model || table.game_no < gameNo) return; // not started yet, or the last game's final word
            if (m.full_log && gameNo > 0 && table.game_no > gameNo) {
              gameNo = table.game_no; // the next game, maybe before the core asked this client to join it
              if (nextGame) nextGame();
              nextGame = null;
              if (live) {
                // Its socket was reopened after the end of the game it played, unseen: that one is over.
                live = false;
                hooks.onUpdate({ view: cur, reflects: false, gameOver: true });
              }
              if (againUnsure) againSent = null; // the again was applied; its ack went to the old socket
            }
            let reflects = false;
            if (pending && m.ack !== undefined && m.ack === pending.id) {
              reflects = true;
              pending = null;
              stats.movesAcked++;
            }
            over = model.outcome != null || model.phase === OVER || table.status === 'finished';
            if (over && seat === 0 && !m.full_log) {
              stats.gamesOver++;
              const result = (model.outcome && model.outcome.result) || 'none';
              stats.gameResults[result] = (stats.gameResults[result] || 0) + 1;
            }
            if (pending && pending.refused && !over) chooseAgain();
            if (m.full_log && againUnsure) {
              againUnsure = false;
              if (againSent && over) ws.send(JSON.stringify({ type: 'again', version: againSent.version, id: againSent.id }));
            }
            if (over && againWanted) {
              sendAgain(againWanted);
              againWanted = null;
            }
            deliver({ view: cur, reflects, gameOver: over });
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
              stats.movesAcked++;
              stats.reflectedByAck++;
              deliver({ view: cur, reflects: true, gameOver: over });
            }
            return;
          case 'error':
            countError(m.code);
            if (pending && m.id === pending.id) {
              pending.refused = true;
              // after stale_version a fresh snapshot comes, to choose from; else the view held stands
              if (m.code !== 'stale_version') chooseAgain();
            }
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
            if (socket === ws && code === 1013) reopen();
          });
          socket.on('error', () => {}); // reported through the promise below, or the socket is gone anyway
          socket.once('open', () => {
            if (negotiatedDeflate === null) negotiatedDeflate = /permessage-deflate/.test(socket.extensions || '');
            resolve();
          });
          socket.once('error', reject);
        });

      // A new socket to the same table (its first message is a fresh snapshot); the move in
      // flight, if any, is sent again with its id.
      function reopen() {
        if (!running || joining || reopening) return;
        reopening = true;
        againUnsure = againSent !== null; // sent again if the fresh snapshot still shows the game over
        stats.reconnects++;
        const old = ws;
        open()
          .then(sendPending)
          .catch(() => {})
          .finally(() => {
            reopening = false;
          });
        if (old) old.terminate();
      }

      // Hands on the newest view only after the core has marked the game as running.
      const goLive = () => {
        live = true;
        setImmediate(() => {
          if (held && live) {
            const { u } = held;
            held = null;
            hooks.onUpdate(u);
          }
        });
      };

      const conn = {
        async join(next) {
          live = false;
          pending = null;
          if (next.again) {
            if (held && held.gameNo < next.gameNo) held = null; // keep the next game's view if it came already
            // the same table and socket: wait for the next game's snapshot
            await new Promise((resolve) => {
              if (gameNo >= next.gameNo) resolve();
              else nextGame = resolve;
            });
            return goLive();
          }
          held = null;
          joining = true;
          if (ws) ws.terminate(); // the old game's socket, open or (after a drop) still reconnecting
          game = next;
          cur.model = null;
          cur.version = null;
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
          pending = { id: `${p}.${++nextId}`, version: move.version, action: move.action, refused: false };
          sendPending(); // while a socket is reopened, it goes once the new one is open
        },
        close() {
          running = false;
          if (ws) ws.close();
        },
      };
      return loadDelta().then(() => conn);
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
        // every state message every client received, over the moves acknowledged (both over the whole run)
        stateBytesPerMove: stats.movesAcked ? Math.round(stats.stateBytes / stats.movesAcked) : null,
        setupPhases,
        permessageDeflateNegotiated: negotiatedDeflate,
      };
    },
  };
}

module.exports = { create };
