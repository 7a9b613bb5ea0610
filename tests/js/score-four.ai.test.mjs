// The Score Four AI (static/js/ai/score-four.js): tactics at every level, exact endgames,
// the time limit, cancellation, and the incremental board it searches on.
import assert from "node:assert/strict";
import { test } from "node:test";

import game, { CELL_LINES, LINES } from "../../static/js/engines/score-four.js";
import { chooseMove } from "../../static/js/ai/score-four.js";
import * as board from "../../static/js/ai/score-four-board.js";
import { seededRandom } from "../../static/js/ai/worker.js";
import { endgame, playAll, solveExactly } from "./score-four-fixtures.mjs";

const SEARCHING = ["intermediate", "advanced"];
const FAST = { timeLimitMs: 80 }; // enough for tactics, keeps the suite quick
const notRandom = () => 0.99; // the beginner's random branch needs random() < 0.4

// Who holds each cell (null, 0, 1), read from the engine's dump.
function cellsOf(state) {
  const cells = Array(64).fill(null);
  game.dump(state).pegs.forEach((balls, peg) => {
    [...balls].forEach((ball, level) => { cells[level * 16 + peg] = ball === "w" ? 0 : 1; });
  });
  return cells;
}

// Empty cells that would complete a line of `player`.
function threatCells(state, player) {
  const cells = cellsOf(state);
  const found = new Set();
  for (let c = 0; c < 64; c++) {
    if (cells[c] !== null) continue;
    for (const line of CELL_LINES[c]) {
      if (LINES[line].every((d) => d === c || cells[d] === player)) found.add(c);
    }
  }
  return found;
}

function dropCell(state, peg) {
  return state.heights[peg] * 16 + peg;
}

function winningMoves(state) {
  return game.legalMoves(state).filter((peg) => game.outcome(game.play(state, peg))?.winner === game.toMove(state));
}

// Pegs where a ball would land directly under an enemy threat cell.
function underThreatMoves(state) {
  const enemy = threatCells(state, 1 - game.toMove(state));
  return game.legalMoves(state).filter((peg) => enemy.has(dropCell(state, peg) + 16));
}

function blockingNeeded(state) {
  const enemy = threatCells(state, 1 - game.toMove(state));
  return game.legalMoves(state).filter((peg) => enemy.has(dropCell(state, peg)));
}

// Positions reached by seeded random play that are still open, for property checks.
function randomPositions(count, seed) {
  const random = seededRandom(seed);
  const positions = [];
  while (positions.length < count) {
    let state = game.initialState();
    const plies = 6 + Math.floor(random() * 30);
    for (let i = 0; i < plies && !game.outcome(state); i++) {
      const moves = game.legalMoves(state);
      state = game.play(state, moves[Math.floor(random() * moves.length)]);
    }
    if (!game.outcome(state)) positions.push(state);
  }
  return positions;
}

test("every level takes a win in one", () => {
  const state = playAll("A1 A2 B1 B2 C1 C2"); // white: A1 B1 C1 on level 1
  for (const level of ["beginner", ...SEARCHING]) {
    const { move, stats } = chooseMove(state, { level, random: notRandom, ...FAST });
    assert.equal(game.formatMove(state, move), "D1", level);
    assert.equal(stats.randomMove, false);
  }
});

test("every level blocks a single immediate threat", () => {
  const state = playAll("A1 A2 B1 B2 C1"); // black to move; white threatens D1/1
  for (const level of ["beginner", ...SEARCHING]) {
    const { move } = chooseMove(state, { level, random: notRandom, ...FAST });
    assert.equal(game.formatMove(state, move), "D1", level);
  }
});

test("no level above beginner drops a ball under an enemy threat cell", () => {
  // White holds A1/2 B1/2 C1/2 and so threatens D1/2 while D1 is empty; black to move.
  const state = playAll("B1 A1 A1 C1 C1 D3 B1 B4 A4");
  assert.ok(threatCells(state, 0).has(16 + 3));
  assert.deepEqual(underThreatMoves(state), [3]);
  for (const level of SEARCHING) {
    for (let seed = 1; seed <= 5; seed++) {
      const { move } = chooseMove(state, { level, random: seededRandom(seed), ...FAST });
      assert.notEqual(game.formatMove(state, move), "D1", `${level} seed ${seed}`);
    }
  }
});

test("the searching levels keep the tactical rules on random positions", () => {
  for (const state of randomPositions(40, 11)) {
    const wins = winningMoves(state);
    const blocks = blockingNeeded(state);
    const under = underThreatMoves(state);
    for (const level of SEARCHING) {
      const { move } = chooseMove(state, { level, random: seededRandom(3), ...FAST });
      const where = `${level} at ${JSON.stringify(game.dump(state).pegs)}`;
      assert.ok(game.legalMoves(state).includes(move), where);
      if (wins.length) assert.ok(wins.includes(move), `missed a win: ${where}`);
      else if (blocks.length === 1) assert.equal(move, blocks[0], `missed the block: ${where}`);
      else if (blocks.length === 0 && under.includes(move)) {
        assert.equal(under.length, game.legalMoves(state).length, `under a threat: ${where}`);
      }
    }
  }
});

test("advanced finds a double threat that wins in three", () => {
  // White: B1 C1 (row 1) and A2 A3 (column A) on level 1. A1 makes two threats at once,
  // D1/1 and A4/1; black can stop only one.
  const state = playAll("B1 D3 C1 C3 A2 D2 A3 B4");
  assert.deepEqual(winningMoves(state), []);
  for (const level of SEARCHING) {
    const { move } = chooseMove(state, { level, random: seededRandom(1), timeLimitMs: 500 });
    const after = game.play(state, move);
    for (const reply of game.legalMoves(after)) {
      const next = game.play(after, reply);
      assert.ok(!game.outcome(next), `${level}: black's ${reply} does not win`);
      assert.ok(winningMoves(next).length > 0, `${level}: after ${move} black's ${reply} holds`);
    }
  }
});

const solve = (state) => solveExactly(state).value;

test("advanced plays endgames exactly (checked against plain minimax)", () => {
  const random = seededRandom(5);
  const values = new Set();
  for (let i = 0; i < 12; i++) {
    const state = endgame(9 + (i % 4), random);
    const value = solve(state);
    values.add(value);
    const { move, stats } = chooseMove(state, { level: "advanced", random, timeLimitMs: 1500 });
    const where = JSON.stringify(game.dump(state).pegs);
    assert.equal(-solve(game.play(state, move)), value, `a move that keeps the value at ${where}`);
    if (stats.forced === null) assert.equal(stats.exact, true, where);
    if (stats.exact) assert.equal(Math.sign(stats.score), value, `score sign at ${where}`);
  }
  assert.ok(values.size >= 2, "the sample holds more than one kind of result");
});

test("advanced stops within the time limit", () => {
  const positions = [game.initialState(), playAll("B2 C3 B3 C2 A1 D4 B2 C3 C2 B3")];
  for (const state of positions) {
    const started = performance.now();
    const { move, stats } = chooseMove(state, { level: "advanced", timeLimitMs: 1500 });
    const wall = performance.now() - started;
    assert.ok(wall < 2500, `took ${wall} ms`);
    assert.ok(game.legalMoves(state).includes(move));
    assert.ok(stats.depth >= 6, `depth ${stats.depth}`);
    assert.ok(stats.nodes > 0 && stats.ms <= wall + 1);
  }
});

test("shouldStop cancels a search early with a legal move", () => {
  const started = performance.now();
  const { move, stats } = chooseMove(game.initialState(), {
    level: "advanced", timeLimitMs: 10000, shouldStop: () => performance.now() - started > 50,
  });
  const wall = performance.now() - started;
  assert.ok(wall < 400, `took ${wall} ms`);
  assert.ok(move >= 0 && move < 16);
  assert.equal(stats.cancelled, true);
});

test("a forced move is played at once", () => {
  const state = playAll("A1 A2 B1 B2 C1");
  const { stats } = chooseMove(state, { level: "advanced" });
  assert.equal(stats.forced, "block");
  assert.equal(stats.nodes, 0);
  assert.ok(stats.ms < 50);
});

test("the beginner plays about 40% of its moves at random, repeatably when seeded", () => {
  const state = playAll("A1 B2");
  const picks = (seed) => {
    const random = seededRandom(seed);
    return Array.from({ length: 300 }, () => chooseMove(state, { level: "beginner", random }));
  };
  const first = picks(9);
  const share = first.filter((r) => r.stats.randomMove).length / first.length;
  assert.ok(share > 0.3 && share < 0.5, `random share ${share}`);
  assert.deepEqual(picks(9).map((r) => r.move), first.map((r) => r.move));
  assert.ok(new Set(first.map((r) => r.move)).size > 4);
});

test("bad requests are refused with a code", () => {
  assert.throws(() => chooseMove(game.initialState(), { level: "expert" }), { code: "bad-level" });
  const over = playAll("A1 B1 A1 B1 A1 B1 A1");
  assert.throws(() => chooseMove(over, { level: "advanced" }), { code: "game-over" });
});

// The AI's own board keeps threats and the drop cells incrementally; compare with a
// recomputation after every move of random games, and check unmake restores everything.
test("the AI board's incremental bookkeeping matches a recomputation", () => {
  const random = seededRandom(21);
  for (let g = 0; g < 30; g++) {
    let state = game.initialState();
    board.reset();
    const played = [];
    while (!game.outcome(state)) {
      const moves = game.legalMoves(state);
      const peg = moves[Math.floor(random() * moves.length)];
      const cell = dropCell(state, peg);
      board.make(cell, game.toMove(state));
      played.push([cell, game.toMove(state)]);
      state = game.play(state, peg);
      if (game.outcome(state)) break;
      for (const player of [0, 1]) {
        const lo = player === 0 ? board.b.thrLo0 : board.b.thrLo1;
        const hi = player === 0 ? board.b.thrHi0 : board.b.thrHi1;
        const live = [];
        for (let c = 0; c < 64; c++) {
          const bit = c < 32 ? (lo >>> c) & 1 : (hi >>> (c - 32)) & 1;
          if (bit && board.color[c] === 0) live.push(c);
        }
        assert.deepEqual(live, [...threatCells(state, player)].sort((x, y) => x - y));
      }
      const playable = [];
      for (let c = 0; c < 64; c++) {
        const bit = c < 32 ? (board.b.playLo >>> c) & 1 : (board.b.playHi >>> (c - 32)) & 1;
        if (bit) playable.push(c);
      }
      assert.deepEqual(playable, game.legalMoves(state).map((peg) => dropCell(state, peg)).sort((x, y) => x - y));
    }
    for (const [cell, player] of played.reverse()) board.unmake(cell, player);
    assert.deepEqual({ ...board.b }, {
      occLo: 0, occHi: 0, playLo: 0xffff, playHi: 0, thrLo0: 0, thrHi0: 0, thrLo1: 0,
      thrHi1: 0, score: 0, filled: 0, hash1: 0, hash2: 0,
    });
  }
});
