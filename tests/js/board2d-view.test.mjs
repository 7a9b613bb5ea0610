// static/js/board2d/view.js: what a 2D board shows and how a choice is read and refused, shared
// by the play page and the rules pages' example puzzles. Positions are the examples' own
// (games/examples.py): Nine Men's Morris before g1xg7, Dara before c2-c1xa4.
import assert from "node:assert/strict";
import { test } from "node:test";

import dara from "../../static/js/engines/dara.js";
import nineMensMorris from "../../static/js/engines/nine-mens-morris.js";
import { IDLE } from "../../static/js/board2d/intents.js";
import { boardView, choosePoint, engineCode, legalTexts, refusalKey } from "../../static/js/board2d/view.js";

const NMM = nineMensMorris.load({
  game: "nine-mens-morris",
  board: { a1: "w", d1: "w", c5: "b", d5: "b", e5: "b", g7: "b" },
  reserve: [5, 5], to_move: 0, quiet: 0, history: [],
});
const DARA = dara.load({
  game: "dara",
  board: { a1: "w", b1: "w", c2: "w", a4: "b", c4: "b", e4: "b" },
  reserve: [0, 0], to_move: 0, quiet: 0, history: [],
});
const VIEW = { interactive: true, lastMove: null, moveCount: 0 };

test("a mill waits for its capture: drawn as made, the mill's pieces protected", () => {
  const result = choosePoint(nineMensMorris, NMM, IDLE, "g1");
  assert.equal(result.kind, "pending");
  const { view, stage, facts } = boardView(nineMensMorris, NMM, result.pending, VIEW);
  assert.equal(stage, "capture");
  assert.equal(facts.phase, "placing");
  assert.equal(view.owners.get("g1"), 0);
  assert.deepEqual([...view.removable], ["g7"]);
  assert.deepEqual([...view.protectedPieces].sort(), ["c5", "d5", "e5"]);
  assert.equal(choosePoint(nineMensMorris, NMM, result.pending, "g7").move, "g1xg7");
  // A protected piece and an empty point are refused for different reasons.
  const protectedChoice = choosePoint(nineMensMorris, NMM, result.pending, "d5");
  const code = engineCode(nineMensMorris, NMM, protectedChoice.attempt);
  assert.equal(code, "capture-invalid");
  assert.equal(refusalKey(nineMensMorris, NMM, code, "d5"), "error-capture-protected");
  assert.equal(refusalKey(nineMensMorris, NMM, code, "a4"), "error-capture-invalid");
});

test("moving phase: an enemy stone is refused with the engine's code, a move in a placing phase is worded for moving", () => {
  const result = choosePoint(dara, DARA, IDLE, "a4");
  assert.equal(result.kind, "refuse");
  const code = engineCode(dara, DARA, result.attempt);
  assert.equal(refusalKey(dara, DARA, code, "a4"), `error-${code}`);
  assert.equal(refusalKey(dara, DARA, "wrong-phase", "d3"), "error-wrong-phase-moving");
  assert.equal(refusalKey(nineMensMorris, NMM, "wrong-phase", "a1"), "error-wrong-phase");
});

test("a board that is not interactive lights up nothing, and engineCode refuses to explain a legal move", () => {
  const { view } = boardView(dara, DARA, IDLE, { ...VIEW, interactive: false });
  assert.equal(view.selectable.size, 0);
  assert.ok(legalTexts(dara, DARA).includes("c2-c1xa4"));
  assert.throws(() => engineCode(dara, DARA, "c2-c1xa4"), /accepted/);
});
