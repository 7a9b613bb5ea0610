import assert from "node:assert/strict";
import { test } from "node:test";

import engine from "../../static/js/engines/tic-tac-toe.js";
import { reportGames } from "../../static/js/play/game-reports.js";
import { GameSession } from "../../static/js/play/session.js";

function recorder() {
  const sent = [];
  return { sent, send: (event, fields) => sent.push([event, fields]) };
}

function play(session, texts) {
  for (const text of texts) session.play(text);
}

test("a local game reports its start and its end once, even after undo", () => {
  const session = new GameSession({ engine, slug: "tic-tac-toe" });
  const { sent, send } = recorder();
  reportGames(session, "tic-tac-toe", send);
  session.start({ mode: "local" });
  play(session, ["a1", "b2", "b1", "a3", "c1"]);
  session.undo();
  session.play("c1");
  assert.deepEqual(sent, [
    ["game-start", { game: "tic-tac-toe", mode: "local" }],
    ["game-end", { game: "tic-tac-toe", mode: "local", winner: 0, reason: "line", moves: 5 }],
  ]);
  session.restart();
  play(session, ["a1", "b2", "b1", "a3", "c1"]);
  assert.equal(sent.length, 4);
  assert.deepEqual(sent.map(([event]) => event), ["game-start", "game-end", "game-start", "game-end"]);
});

class FakeRoom extends EventTarget {
  constructor(humanSide) {
    super();
    this.mode = "friend";
    this.level = null;
    this.humanSide = humanSide;
    this.status = "waiting";
    this.round = 1;
  }

  change(fields, detail) {
    Object.assign(this, fields);
    this.dispatchEvent(new CustomEvent("change", { detail }));
  }
}

test("a friend round counts from its first position, and a spectator reports nothing", () => {
  for (const [humanSide, expected] of [[1, 2], [null, 0]]) {
    const room = new FakeRoom(humanSide);
    const { sent, send } = recorder();
    reportGames(room, "dara", send);
    room.change({}, { cause: "sync", moves: [], outcome: null });
    room.change({ status: "playing" }, { cause: "joined", moves: [], outcome: null });
    room.change({}, { cause: "remote", moves: [{ text: "a1" }], outcome: null });
    room.change({ status: "finished" }, {
      cause: "remote", moves: [{ text: "a1" }, { text: "b1" }], outcome: { winner: 0 },
    });
    assert.equal(sent.length, expected);
    if (expected) {
      assert.deepEqual(sent[0], ["game-start", { game: "dara", mode: "friend", humanSide: 1 }]);
      assert.deepEqual(sent[1][1], { game: "dara", mode: "friend", humanSide: 1, winner: 0, moves: 2 });
    }
  }
});

test("a page reloaded in the middle of a friend round reports neither start nor end", () => {
  const room = new FakeRoom(0);
  const { sent, send } = recorder();
  reportGames(room, "score-four", send);
  room.change({ status: "playing" }, { cause: "sync", moves: [{ text: "A1" }], outcome: null });
  room.change({ status: "finished" }, {
    cause: "remote", moves: [{ text: "A1" }, { text: "B1" }], outcome: { winner: 1 },
  });
  assert.deepEqual(sent, []);
  room.change({ status: "playing", round: 2 }, { cause: "rematch", moves: [], outcome: null });
  assert.deepEqual(sent, [["game-start", { game: "score-four", mode: "friend", humanSide: 0 }]]);
});

test("room connections: every open is reported, and three failures before any open", async () => {
  const { reportRoomConnections } = await import("../../static/js/play/game-reports.js");
  const connection = (session, state) =>
    session.dispatchEvent(new CustomEvent("connection", { detail: { connection: state } }));
  const failing = Object.assign(new EventTarget(), { slug: "dara" });
  const { sent, send } = recorder();
  reportRoomConnections(failing, send);
  for (let i = 0; i < 5; i += 1) connection(failing, "reconnecting");
  assert.deepEqual(sent, [["room-failed", { game: "dara" }]]);

  const flaky = Object.assign(new EventTarget(), { slug: "score-four" });
  const second = recorder();
  reportRoomConnections(flaky, second.send);
  for (const state of ["connecting", "open", "reconnecting", "reconnecting", "reconnecting", "open"]) {
    connection(flaky, state);
  }
  assert.deepEqual(second.sent.map(([event]) => event), ["room-connected", "room-connected"]);
});
