// Reversi's endgame test set (tests/vectors/reversi/endgames.json, written by
// bench/reversi_endgames.mjs; its scores were checked against Edax's `-solve`, see
// bench/results/reversi.txt): at least 50 positions of 20 to 24 empty squares with exact scores.
// The solver (static/js/ai/reversi-solve.js) solves the quickest of them again here, a few
// seconds in all, and must give the same scores; the whole set is solved by
// `node bench/reversi_endgames.mjs --check` (minutes).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import engine from "../../static/js/engines/reversi.js";
import { clearTable, solve } from "../../static/js/ai/reversi-solve.js";

const DIR = new URL("../vectors/reversi/", import.meta.url);
const { entries } = JSON.parse(readFileSync(new URL("endgames.json", DIR), "utf8"));
const OBF = readFileSync(new URL("endgames.obf", DIR), "utf8").trim().split("\n");
const NODE_BUDGET = 12_000_000; // the subset solved here: about 3 s on this project's machines

test("the set: 50 positions or more, 20 to 24 empty squares, each with a choice and an even score", () => {
  assert.ok(entries.length >= 50, `${entries.length} positions`);
  const counts = new Map();
  for (const entry of entries) {
    const state = engine.load(entry.position);
    const [black, white] = [...entry.position.board].reduce((n, c) => [n[0] + (c === "b"), n[1] + (c === "w")], [0, 0]);
    assert.equal(64 - black - white, entry.empties);
    assert.ok(entry.empties >= 20 && entry.empties <= 24);
    assert.ok(engine.legalMoves(state).length >= 2);
    assert.ok(Number.isInteger(entry.score) && entry.score % 2 === 0 && Math.abs(entry.score) <= 64);
    assert.ok(engine.legalMoves(state).includes(engine.parseMove(state, entry.best)));
    counts.set(entry.empties, (counts.get(entry.empties) ?? 0) + 1);
  }
  assert.equal(counts.size, 5, "every count from 20 to 24");
});

test("the .obf copy Edax checked holds the same positions and scores", () => {
  assert.equal(OBF.length, entries.length);
  entries.forEach((entry, i) => {
    const board = [...entry.position.board].map((c) => (c === "b" ? "X" : c === "w" ? "O" : "-")).join("");
    const sign = entry.score > 0 ? "+" : "";
    assert.equal(OBF[i], `${board} ${entry.position.to_move ? "O" : "X"}; ${entry.best.toUpperCase()}:${sign}${entry.score};`);
  });
});

test("the solver gives the set's exact scores on its quickest positions", () => {
  const quick = [];
  let budget = NODE_BUDGET;
  for (const entry of [...entries].sort((a, b) => a.nodes - b.nodes)) {
    if (entry.nodes > budget) break;
    budget -= entry.nodes;
    quick.push(entry);
  }
  assert.ok(quick.length >= 6, `${quick.length} positions within the budget`);
  for (const entry of quick) {
    clearTable();
    const state = engine.load(entry.position);
    const result = solve(state);
    assert.equal(result.score, entry.score, `seed ${entry.seed} (${entry.empties} empty): the score`);
    assert.ok(engine.legalMoves(state).includes(result.move));
  }
  // the set's best move keeps the score: the position after it is worth minus it to the opponent
  for (const entry of quick.slice(0, 3)) {
    clearTable();
    const state = engine.load(entry.position);
    const after = engine.play(state, engine.parseMove(state, entry.best));
    assert.equal(-solve(after).score, entry.score, `seed ${entry.seed}: ${entry.best} keeps the score`);
  }
});
