// RoomSession (static/js/rooms/room-session.js) against a scripted socket: a room that is full,
// or a network past its socket limits, is neither "gone" nor given up: the session says which
// and retries with backoff (docs/PROTOCOL.md: close 4429 means retry), and a room that is
// really gone stops it; a request refused because the server's database is unreachable is said
// and the room asked for again until it comes.
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import ticTacToe from "../../static/js/engines/tic-tac-toe.js";
import { RoomSession } from "../../static/js/rooms/room-session.js";

const ROOM = "AAAAAAAAAAAAAAAAAAAAAA";
const HEADER = {
  id: ROOM, game: "tic-tac-toe", status: "playing", version: 2, round: 1, ply: 0, host_side: 0,
  outcome: null, rematch: [false, false], draw_offer: null, expires_at: "2026-12-02T00:00:00+00:00",
};

// Each socket the session opens; the test plays the server on the newest.
function scriptedSockets() {
  const opened = [];
  class ScriptedSocket extends EventTarget {
    constructor(url) {
      super();
      this.url = url;
      this.readyState = 1;
      this.sent = [];
      opened.push(this);
    }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { this.readyState = 3; }
    serverSays(message) {
      this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(message) }));
    }
    serverCloses(code) {
      this.readyState = 3;
      this.dispatchEvent(Object.assign(new Event("close"), { code }));
    }
  }
  return { opened, ScriptedSocket };
}

// Runs `body` with Node's fake setTimeout (the backoff is jittered: the test jumps past it).
function withFakeTimers(body) {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    body();
  } finally {
    mock.timers.reset();
  }
}

function session(WebSocketImpl) {
  const connections = [];
  const room = new RoomSession({ engine: ticTacToe, roomId: ROOM, url: "ws://x/", WebSocketImpl });
  room.addEventListener("connection", (event) => connections.push(event.detail.connection));
  return { room, connections };
}

const REFUSALS = [
  ["room-full", "full"],
  ["too-many-sockets", "busy"],
  ["too-many-connects", "busy"],
  ["server-busy", "overloaded"],
  ["unavailable", "unavailable"],
];
for (const [code, shown] of REFUSALS) {
  test(`refused with ${code}: the session says "${shown}" and retries until it gets in`, () => {
    withFakeTimers(() => {
      const { opened, ScriptedSocket } = scriptedSockets();
      const { room, connections } = session(ScriptedSocket);
      room.start();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const socket = opened.at(-1);
        socket.serverSays({ type: "error", code, message: "later", for: "connect" });
        socket.serverCloses(4429);
        assert.equal(room.connection, shown);
        mock.timers.tick(20_000); // past the longest backoff
        assert.equal(opened.length, attempt + 2, "a new socket after the backoff");
        assert.equal(room.connection, shown, "still saying why while retrying");
      }
      opened.at(-1).serverSays({ type: "welcome", you: { seat: null, side: null }, room: HEADER });
      assert.equal(room.connection, "open");
      assert.ok(!connections.includes("gone"));
      room.stop();
    });
  });
}

test("a move refused because the server's database is unreachable: said, and the room asked for again until it comes", () => {
  withFakeTimers(() => {
    const { opened, ScriptedSocket } = scriptedSockets();
    const { room, connections } = session(ScriptedSocket);
    room.start();
    const socket = opened[0];
    socket.serverSays({ type: "welcome", you: { seat: "host", side: 0 }, room: HEADER });
    socket.serverSays({ type: "moves", from: 0, moves: [] });
    socket.sent.length = 0;
    room.play("b2");
    assert.deepEqual(socket.sent.map((m) => m.type), ["move"]);
    socket.serverSays({ type: "error", code: "unavailable", message: "later", for: "move" });
    assert.equal(room.connection, "unavailable");
    const countSyncs = () => socket.sent.filter((m) => m.type === "sync").length;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = countSyncs();
      mock.timers.tick(2_000);
      assert.equal(countSyncs(), before + 1, "asked again after 2 s");
      socket.serverSays({ type: "error", code: "unavailable", message: "later", for: "sync" });
      assert.equal(room.connection, "unavailable", "still saying so while it asks again");
    }
    const syncs = countSyncs();
    socket.serverSays({ type: "state", you: { seat: "host", side: 0 }, room: HEADER });
    socket.serverSays({ type: "moves", from: 0, moves: [] });
    assert.equal(room.connection, "open");
    assert.equal(room.moves.length, 0, "the board is the server's: the move was not played");
    mock.timers.tick(10_000);
    assert.equal(countSyncs(), syncs, "no more asking");
    assert.deepEqual(connections, ["open", "unavailable", "open"]);
    room.stop();
  });
});

test("a room that is gone stops the session: no retry", () => {
  withFakeTimers(() => {
    const { opened, ScriptedSocket } = scriptedSockets();
    const { room } = session(ScriptedSocket);
    room.start();
    opened[0].serverSays({ type: "error", code: "room-gone", message: "no such room", for: "connect" });
    opened[0].serverCloses(4404);
    mock.timers.tick(60_000);
    assert.equal(room.connection, "gone");
    assert.equal(opened.length, 1);
    room.stop();
  });
});

test("a socket closed for silence (4408) reconnects", () => {
  withFakeTimers(() => {
    const { opened, ScriptedSocket } = scriptedSockets();
    const { room } = session(ScriptedSocket);
    room.start();
    opened[0].serverSays({ type: "welcome", you: { seat: null, side: null }, room: HEADER });
    opened[0].serverCloses(4408);
    assert.equal(room.connection, "reconnecting");
    mock.timers.tick(2_000);
    assert.equal(opened.length, 2);
    room.stop();
  });
});

test("a room's rule setting starts the engine twin, from the page and then the header, every round", async () => {
  const { default: gomoku } = await import("../../static/js/engines/gomoku.js");
  const { opened, ScriptedSocket } = scriptedSockets();
  const room = new RoomSession({
    engine: gomoku, roomId: ROOM, url: "ws://x/", WebSocketImpl: ScriptedSocket, variant: "exact-five",
  });
  assert.equal(room.state.rule, "exact-five", "before the socket opens: the page's word");
  room.start();
  const header = { ...HEADER, game: "gomoku", variant: "renju", ply: 2 };
  opened.at(-1).serverSays({ type: "welcome", you: { seat: "host", side: 0 }, room: header });
  opened.at(-1).serverSays({ type: "moves", round: 1, from: 0, moves: ["H8", "A1"] });
  assert.equal(room.variant, "renju");
  assert.equal(room.state.rule, "renju");
  assert.equal(room.history[0].rule, "renju");
  const next = { ...header, version: 3, round: 2, ply: 0, host_side: 1 };
  opened.at(-1).serverSays({ type: "room", event: "rematch-started", you: { seat: "host", side: 1 }, room: next });
  assert.equal(room.state.rule, "renju", "a rematch keeps the rule");
  assert.equal(room.moves.length, 0);
  room.stop();
});
