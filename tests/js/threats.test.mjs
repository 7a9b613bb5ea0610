// The threat lens helper (static/js/score-four/threats.js) on positions played through the
// real engine.
import assert from "node:assert/strict";
import { test } from "node:test";

import engine, { CELL_NAMES } from "../../static/js/engines/score-four.js";
import { findThreats } from "../../static/js/score-four/threats.js";
import { pegContents } from "../../static/js/score-four/model.js";

function after(texts) {
  let state = engine.initialState();
  for (const text of texts) state = engine.play(state, engine.parseMove(state, text));
  return pegContents(engine, state);
}

const named = (list) => list.map(({ cell, player, playable }) => (
  playable === undefined ? [CELL_NAMES[cell], player] : [CELL_NAMES[cell], player, playable]));

test("the empty start has no threats", () => {
  assert.deepEqual(findThreats(after([])), { threats: [], beneath: [] });
});

test("three in a row on the bottom level: the fourth cell is a playable threat", () => {
  const { threats, beneath } = findThreats(after(["A1", "A2", "B1", "B2", "C1"]));
  assert.deepEqual(named(threats), [["D1/1", 0, true]]);
  assert.deepEqual(beneath, []);
});

test("both sides can threaten; each side's cell is listed", () => {
  const { threats } = findThreats(after(["A1", "A2", "B1", "B2", "C1", "C2"]));
  assert.deepEqual(named(threats), [["D1/1", 0, true], ["D2/1", 1, true]]);
});

test("a threat above an empty cell marks the cell beneath it", () => {
  // White holds A1/2, B1/2, C1/2 (on black balls); D1 is empty, so D1/2 needs D1/1 first.
  const pegs = after(["D4", "A1", "A1", "B1", "B1", "C1", "C1"]);
  const { threats, beneath } = findThreats(pegs);
  assert.deepEqual(named(threats).filter(([, player]) => player === 0), [["D1/2", 0, false]]);
  assert.deepEqual(named(beneath).filter(([, player]) => player === 0), [["D1/1", 0]]);
});

test("a vertical threat is on top of its peg and always playable", () => {
  const { threats } = findThreats(after(["C3", "D4", "C3", "D4", "C3"]));
  assert.deepEqual(named(threats), [["C3/4", 0, true]]);
});

test("a line blocked by the other colour is no threat", () => {
  const { threats } = findThreats(after(["A1", "D1", "B1", "D2", "C1", "D1"]));
  // White's A1-C1 row is closed by black on D1/1; black's D-pegs do not make three either.
  assert.deepEqual(threats.filter(({ player }) => player === 0), []);
});
