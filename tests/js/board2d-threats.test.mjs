// static/js/board2d/threats.js: the points where the side that just moved completes a line on
// its next move (what the last-move line calls a threat), on the 3x3 board.
import assert from "node:assert/strict";
import { test } from "node:test";

import ticTacToe from "../../static/js/engines/tic-tac-toe.js";
import threeMensMorris from "../../static/js/engines/three-mens-morris.js";
import { threatPoints } from "../../static/js/board2d/threats.js";

function after(engine, texts) {
  let state = engine.initialState();
  for (const text of texts) state = engine.play(state, engine.parseMove(state, text));
  return engine.dump(state);
}

test("two in a line with the third square empty is a threat; a blocked line is not", () => {
  assert.deepEqual(threatPoints("tic-tac-toe", after(ticTacToe, ["a1", "b1", "a2"]), 0), ["a3"]);
  assert.deepEqual(threatPoints("tic-tac-toe", after(ticTacToe, ["a1", "b1", "a2", "a3"]), 0), []);
  // O's b1 and a3 share no line: no threat for O.
  assert.deepEqual(threatPoints("tic-tac-toe", after(ticTacToe, ["a1", "b1", "a2", "a3"]), 1), []);
});

test("a fork is two threats", () => {
  const dump = after(ticTacToe, ["a1", "b2", "c3", "c1", "a3"]);
  assert.deepEqual(threatPoints("tic-tac-toe", dump, 0).sort(), ["a2", "b3"]);
});

test("Three Men's Morris: a piece in hand always reaches the point, a moving piece needs a step", () => {
  assert.deepEqual(threatPoints("three-mens-morris", after(threeMensMorris, ["a1", "b2", "a2"]), 0), ["a3"]);
  // All six placed, nothing in hand: White a1 b1 c2 threatens c1 (c2 steps there) ...
  const reach = after(threeMensMorris, ["a1", "b2", "b1", "a3", "c2", "c3"]);
  assert.deepEqual(threatPoints("three-mens-morris", reach, 0), ["c1"]);
  // ... White a1 a2 c1 does not threaten b1: a2, the piece outside that line, is no step away.
  const far = after(threeMensMorris, ["a1", "b2", "a2", "c3", "c1", "a3"]);
  assert.deepEqual(threatPoints("three-mens-morris", far, 0), []);
});

test("games whose lines capture instead of winning have no threat here", () => {
  assert.deepEqual(threatPoints("dara", { board: {}, to_move: 0 }, 0), []);
});
