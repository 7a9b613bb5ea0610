// The shared play-page controller's words (static/js/play/words.js): the mode line, the turn
// line and the result title for every kind of viewer, read from a real GameSession and from
// the facts a RoomSession exposes (mode, status, humanSide, outcome, thinking).
import assert from "node:assert/strict";
import { test } from "node:test";

import ticTacToe from "../../static/js/engines/tic-tac-toe.js";
import { GameSession } from "../../static/js/play/session.js";
import {
  isSpectator, mayBeAsked, modeText, overKey, resultTitle, turnText, waitKey,
} from "../../static/js/play/words.js";

// A strings table that shows which key was used and with what.
const t = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ""}`;
const roomT = (key) => `room:${key}`;
const sideName = (player) => ["X", "O"][player];
const words = { t, roomT, sideName };

function playAll(session, texts) {
  for (const text of texts) session.play(text);
}

test("before a game nothing is said; a local game names the side to move", () => {
  const session = new GameSession({ engine: ticTacToe });
  assert.equal(turnText(session, 0, words), "");
  assert.equal(modeText(session, t, sideName), "");
  session.start({ mode: "local" });
  assert.equal(modeText(session, t, sideName), "modeLocal");
  assert.equal(turnText(session, 0, words), 'statusTurn{"side":"X"}');
  playAll(session, ["a1", "b2", "b1", "a3", "c1"]);
  assert.equal(turnText(session, 1, words), 'resultWin{"side":"X"}');
});

test("against the AI the player hears their own turn and the result as a win or loss", () => {
  const ai = { search: () => new Promise(() => {}), cancel() {} }; // never answers
  const session = new GameSession({ engine: ticTacToe, ai });
  session.start({ mode: "ai", level: "beginner", humanSide: 0 });
  assert.equal(modeText(session, t, sideName), 'modeAi{"level":"level-beginner","side":"X"}');
  assert.equal(turnText(session, 0, words), 'statusYourTurn{"side":"X"}');
  session.play("a1");
  assert.equal(session.thinking, true);
  assert.equal(turnText(session, 1, words), "statusThinking");
  const won = { winner: 0, reason: "line", cells: ["a1", "b1", "c1"] };
  assert.equal(resultTitle(session, won, t, sideName), "resultYouWin");
  assert.equal(resultTitle(session, { ...won, winner: 1 }, t, sideName), "resultYouLose");
  assert.equal(resultTitle(session, { winner: null, reason: "full", cells: [] }, t, sideName), "resultDraw");
});

function room(facts) {
  return { mode: "friend", thinking: false, outcome: null, ...facts };
}

test("a room host is told to wait for the friend, never to choose a square", () => {
  const host = room({ status: "waiting", humanSide: 0 });
  assert.equal(turnText(host, 0, words), "room:waitingFriend");
  assert.equal(turnText(room({ status: "connecting", humanSide: 0 }), 0, words), "");
  assert.equal(turnText(room({ status: "playing", humanSide: 0 }), 0, words), 'statusYourTurn{"side":"X"}');
  assert.equal(turnText(room({ status: "playing", humanSide: 1 }), 0, words), 'statusTheirTurn{"side":"X"}');
});

test("while the friend is away, the turn line says so rather than 'waiting for X to move'", () => {
  const left = room({ status: "playing", humanSide: 1, friendAwaySeconds: 12 });
  assert.equal(turnText(left, 0, words), "room:friendAwayTurn");
  assert.equal(turnText(left, 1, words), 'statusYourTurn{"side":"O"}'); // one's own move still
  const back = room({ status: "playing", humanSide: 1, friendAwaySeconds: null });
  assert.equal(turnText(back, 0, words), 'statusTheirTurn{"side":"X"}');
});

test("a spectator is told whose move it is and who won, never that it is their turn", () => {
  const watching = room({ status: "playing", humanSide: null });
  assert.equal(isSpectator(watching), true);
  assert.equal(turnText(watching, 0, words), 'statusTurn{"side":"X"}');
  assert.equal(turnText(room({ status: "waiting", humanSide: null }), 0, words), "error-join-first");
  const over = room({ status: "finished", humanSide: null, outcome: { winner: 1, reason: "line", cells: [] } });
  assert.equal(turnText(over, 0, words), 'resultWin{"side":"O"}');
  const seatedOver = { ...over, humanSide: 1 };
  assert.equal(turnText(seatedOver, 0, words), "resultYouWin");
});

test("a refusal says why per role, and only a seated player of a game on is asked to act", () => {
  const ai = { search: () => new Promise(() => {}), cancel() {} };
  const local = new GameSession({ engine: ticTacToe, ai });
  assert.equal(mayBeAsked(local), false, "no game yet");
  local.start({ mode: "ai", level: "beginner", humanSide: 0 });
  assert.equal(mayBeAsked(local), true);
  assert.equal(waitKey(local), "error-not-your-turn");
  const cases = [
    [{ status: "waiting", humanSide: 0 }, "error-friend-not-joined", false],
    [{ status: "waiting", humanSide: null }, "error-join-first", false],
    [{ status: "playing", humanSide: null }, "error-spectator", false],
    [{ status: "playing", humanSide: 1 }, "error-not-your-turn-friend", true],
    [{ status: "finished", humanSide: null }, "error-spectator", false],
  ];
  for (const [facts, key, asked] of cases) {
    assert.equal(waitKey(room(facts)), key, JSON.stringify(facts));
    assert.equal(mayBeAsked(room(facts)), asked, JSON.stringify(facts));
  }
  assert.equal(mayBeAsked(room({ status: "playing", humanSide: 0, outcome: { winner: 0 } })), false);
});

test("after the game a room names its rematch button, never Again or the mode choice", () => {
  const local = new GameSession({ engine: ticTacToe });
  local.start({ mode: "local" });
  assert.equal(overKey(local), "error-game-over");
  const over = { status: "finished", outcome: { winner: 0 } };
  assert.equal(overKey(room({ ...over, humanSide: 1 })), "error-game-over-friend");
  assert.equal(overKey(room({ ...over, humanSide: null })), "error-game-over-watching");
});
