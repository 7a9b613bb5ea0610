// static/js/board2d/threats.js: the points where the side that just moved completes a line on
// its next move (what the last-move line calls a threat): a winning line on the 3x3 board, a
// mill in Nine Men's Morris, a line of three in Dara.
import assert from "node:assert/strict";
import { test } from "node:test";

import ticTacToe from "../../static/js/engines/tic-tac-toe.js";
import threeMensMorris from "../../static/js/engines/three-mens-morris.js";
import nineMensMorris from "../../static/js/engines/nine-mens-morris.js";
import dara from "../../static/js/engines/dara.js";
import { threatPoints } from "../../static/js/board2d/threats.js";

function after(engine, texts) {
  let state = engine.initialState();
  for (const text of texts) state = engine.play(state, engine.parseMove(state, text));
  return engine.dump(state);
}

test("two in a line with the third square empty is a threat; a blocked line is not", () => {
  assert.deepEqual(threatPoints(ticTacToe, after(ticTacToe, ["a1", "b1", "a2"]), 0), ["a3"]);
  assert.deepEqual(threatPoints(ticTacToe, after(ticTacToe, ["a1", "b1", "a2", "a3"]), 0), []);
  // O's b1 and a3 share no line: no threat for O.
  assert.deepEqual(threatPoints(ticTacToe, after(ticTacToe, ["a1", "b1", "a2", "a3"]), 1), []);
});

test("a fork is two threats", () => {
  const dump = after(ticTacToe, ["a1", "b2", "c3", "c1", "a3"]);
  assert.deepEqual(threatPoints(ticTacToe, dump, 0).sort(), ["a2", "b3"]);
});

test("Three Men's Morris: a piece in hand always reaches the point, a moving piece needs a step", () => {
  assert.deepEqual(threatPoints(threeMensMorris, after(threeMensMorris, ["a1", "b2", "a2"]), 0), ["a3"]);
  // All six placed, nothing in hand: White a1 b1 c2 threatens c1 (c2 steps there) ...
  const reach = after(threeMensMorris, ["a1", "b2", "b1", "a3", "c2", "c3"]);
  assert.deepEqual(threatPoints(threeMensMorris, reach, 0), ["c1"]);
  // ... White a1 a2 c1 does not threaten b1: a2, the piece outside that line, is no step away.
  const far = after(threeMensMorris, ["a1", "b2", "a2", "c3", "c1", "a3"]);
  assert.deepEqual(threatPoints(threeMensMorris, far, 0), []);
});

test("Nine Men's Morris: an open mill while placing, a mill one step away once placed", () => {
  // White a1 d1 (black a7 somewhere else): g1 closes the mill a1-d1-g1.
  const placing = after(nineMensMorris, ["a1", "a7", "d1"]);
  assert.deepEqual(threatPoints(nineMensMorris, placing, 0), ["g1"]);
  assert.deepEqual(threatPoints(nineMensMorris, placing, 1), []);
  const moving = nineMensMorris.dump(nineMensMorris.load({
    game: "nine-mens-morris", board: { a1: "w", d1: "w", g4: "w", a7: "b", d7: "b", b6: "b", c5: "b" },
    reserve: [0, 0], to_move: 1, quiet: 0, history: [],
  }));
  // g4 steps to g1: a mill. Black's a7 d7 wait for g7, which no black piece can reach in one step.
  assert.deepEqual(threatPoints(nineMensMorris, moving, 0), ["g1"]);
  assert.deepEqual(threatPoints(nineMensMorris, moving, 1), []);
});

test("Dara: a line of three one step away once placed, none while placing", () => {
  const moving = dara.dump(dara.load({
    game: "dara", board: { a1: "w", b1: "w", c2: "w", a4: "b", c4: "b", e4: "b" },
    reserve: [0, 0], to_move: 1, quiet: 0, history: [],
  }));
  assert.deepEqual(threatPoints(dara, moving, 0), ["c1"]); // c2-c1 makes a1 b1 c1
  const placing = after(dara, ["a1", "f5", "b1"]);
  assert.deepEqual(threatPoints(dara, placing, 0), []); // a placement may not make a line
});
