// The Gomoku AI (static/js/ai/gomoku.js): it finds a win by continuous fours, blocks the
// opponent's, never plays a forbidden point under Renju, exploits black's forbidden points
// as white, exports its level settings and answers through the worker's contract.
import assert from "node:assert/strict";
import { test } from "node:test";

import engine, { forbiddenPoints } from "../../static/js/engines/gomoku.js";
import { LEVELS, LEVEL_SETTINGS, chooseMove, vcfOf } from "../../static/js/ai/gomoku.js";
import { seededRandom } from "../../static/js/ai/random.js";

const replay = (rule, texts) => texts.split(" ").reduce((s, t) => engine.play(s, engine.parseMove(s, t)), engine.initialState(rule));
const name = (state, move) => engine.formatMove(state, move);
const SEARCHING = ["intermediate", "advanced"];

// A board from stone lists (black to move when the counts are equal).
function position(rule, black, white) {
  const board = [..."".padEnd(225, ".")];
  for (const t of black) board[engine.parseMove(null, t)] = "b";
  for (const t of white) board[engine.parseMove(null, t)] = "w";
  return engine.load({ game: "gomoku", rule, board: board.join(""), to_move: black.length === white.length ? 0 : 1 });
}

// Plays on from `state`: `attackerLevel` for the side to move, the advanced level for the
// other; the winner within `plies`, or null.
function playOut(state, attackerLevel, plies, seed = 3) {
  const random = seededRandom(seed);
  const attacker = engine.toMove(state);
  for (let i = 0; i < plies && !engine.outcome(state); i++) {
    const level = engine.toMove(state) === attacker ? attackerLevel : "advanced";
    state = engine.play(state, chooseMove(state, { level, random }).move);
  }
  return engine.outcome(state)?.winner ?? null;
}

// Found by bench/gomoku_puzzles.mjs (seeded self-play); each is checked here by play.
const VCF = [
  ["freestyle", "H8 G7 G9 I7 H7 H9 E10 G8 J6 F7 I10 D5 E6 I5 H6 H5 C9 G6 B8 B5 C5 K3 E8"],
  ["renju", "H8 H7 I8 J8 K7 M8 I7 O9 J6 G9 G7 K5 I6 I5"],
];
const MUST_BLOCK = [
  ["freestyle", "H8 H10 F6 I7 F7 G7 E9 H5 F8 K7 E6 F5 C9"],
  ["renju", "H8 H10 F6 I7 F7 G7 E9 H5 F8 K7 E6 F5 C9"],
];

test("the levels and their settings are exported", () => {
  assert.deepEqual(LEVELS, ["beginner", "intermediate", "advanced"]);
  assert.equal(LEVEL_SETTINGS.beginner.randomShare, 0.4);
  assert.ok(LEVEL_SETTINGS.intermediate.vcfDepth > 0 && LEVEL_SETTINGS.intermediate.defendVcf);
  assert.ok(LEVEL_SETTINGS.advanced.vctDepth > 0);
  assert.ok(LEVEL_SETTINGS.advanced.vcfDepth >= LEVEL_SETTINGS.intermediate.vcfDepth);
  for (const level of LEVELS) assert.ok(LEVEL_SETTINGS[level].timeMs <= 1500);
  assert.throws(() => chooseMove(engine.initialState(), { level: "expert" }), (e) => e.code === "bad-level");
});

test("intermediate and advanced find a win by continuous fours and play it out", () => {
  for (const [rule, texts] of VCF) {
    const state = replay(rule, texts);
    const line = vcfOf(state);
    assert.ok(line.length >= 3, `${rule}: the position holds a VCF of two fours or more`);
    for (const level of SEARCHING) {
      const { stats } = chooseMove(state, { level, random: seededRandom(1) });
      assert.equal(stats.forced, "win", `${level} ${rule} sees the win`);
      assert.equal(playOut(state, level, 40), engine.toMove(state), `${level} ${rule} wins against advanced defence`);
    }
  }
});

test("intermediate and advanced block the opponent's VCF", () => {
  for (const [rule, texts] of MUST_BLOCK) {
    const state = replay(rule, texts);
    assert.deepEqual(vcfOf(state), [], `${rule}: no VCF of its own`);
    for (const level of SEARCHING) {
      const { move } = chooseMove(state, { level, random: seededRandom(2) });
      const after = engine.play(state, move);
      assert.deepEqual(vcfOf(after, 20), [], `${level} ${rule}: ${name(state, move)} leaves no VCF`);
    }
  }
});

test("the must-block positions are real: a move elsewhere loses to the fours", () => {
  for (const [rule, texts] of MUST_BLOCK) {
    const state = replay(rule, texts);
    const far = engine.legalMoves(state).find((p) => ["A15", "O1", "A1", "O15"].includes(name(state, p)));
    const after = engine.play(state, far);
    assert.ok(vcfOf(after).length > 0, rule);
    assert.equal(playOut(after, "advanced", 40), engine.toMove(after), `${rule}: the fours win`);
  }
});

test("black never plays a forbidden point under Renju, even when it cannot block", () => {
  // White's four H9-H12 completes only at H8, which would give black six (E8-J8).
  const state = position("renju", ["E8", "F8", "G8", "I8", "J8", "H13"], ["H9", "H10", "H11", "H12", "A1", "C1"]);
  assert.deepEqual(forbiddenPoints(state), { H8: "overline" });
  for (const level of LEVELS) {
    for (let seed = 1; seed <= 5; seed++) {
      const { move } = chooseMove(state, { level, random: seededRandom(seed) });
      assert.ok(engine.legalMoves(state).includes(move), `${level}: ${name(state, move)} is legal`);
    }
  }
});

test("as white, the AI wins through black's forbidden point", () => {
  // White H9 makes the four H9-H12 whose one completion, H8, is black's overline point.
  const state = position("renju", ["E8", "F8", "G8", "I8", "J8", "H13"], ["H10", "H11", "H12", "A1", "C1"]);
  assert.equal(engine.toMove(state), 1);
  for (const level of SEARCHING) {
    const { move, stats } = chooseMove(state, { level, random: seededRandom(1) });
    assert.equal(name(state, move), "H9", level);
    assert.equal(stats.forced, "win");
    assert.equal(playOut(state, level, 6), 1);
  }
});

test("every level plays whole Renju games without a forbidden move, within its time", () => {
  const random = seededRandom(9);
  for (const [black, white] of [["advanced", "intermediate"], ["beginner", "advanced"]]) {
    let state = engine.initialState("renju");
    while (!engine.outcome(state)) {
      const level = engine.toMove(state) === 0 ? black : white;
      const cpu = process.cpuUsage();
      const { move } = chooseMove(state, { level, random });
      // Processor time, not the clock: the machine running the tests may be busy.
      assert.ok(process.cpuUsage(cpu).user / 1000 < 1500, `${level} thought too long`);
      state = engine.play(state, move); // throws on a forbidden point
    }
  }
});

test("a search stopped midway leaves its board as it was, and the move is legal", async () => {
  const { Board } = await import("../../static/js/ai/gomoku-board.js");
  const { findVcf, findVct, makeLimits } = await import("../../static/js/ai/gomoku-threats.js");
  for (const [rule, texts] of [...VCF, ...MUST_BLOCK]) {
    const state = replay(rule, texts);
    const board = new Board(state);
    const before = [Array.from(board.cells).join(""), board.key, board.score.join()];
    for (let nodes = 1; nodes <= 40; nodes += 3) {
      for (const attacker of [1, 2]) {
        findVcf(board, attacker, 20, makeLimits({ nodes }));
        findVct(board, attacker, 4, 10, makeLimits({ nodes }));
        assert.deepEqual([Array.from(board.cells).join(""), board.key, board.score.join()], before);
      }
    }
    for (const timeLimitMs of [2, 5, 20]) {
      const { move } = chooseMove(state, { level: "advanced", timeLimitMs, random: seededRandom(timeLimitMs) });
      assert.ok(engine.legalMoves(state).includes(move), `${rule}: a legal move in ${timeLimitMs} ms`);
    }
  }
});

test("the post-game review can value Gomoku positions with this AI", async () => {
  const { analysePosition } = await import("../../static/js/ai/review.js");
  const ai = await import("../../static/js/ai/gomoku.js");
  const [rule, texts] = VCF[0];
  const won = analysePosition(engine, ai, replay(rule, texts), { timeLimitMs: 300 });
  assert.equal(won.kind, "win");
  assert.equal(won.exact, true);
  const opening = analysePosition(engine, ai, replay("renju", "H8 I9"), { timeLimitMs: 100 });
  assert.equal(opening.exact, false);
  assert.ok(engine.legalMoves(replay("renju", "H8 I9")).includes(engine.parseMove(null, opening.best)));
});
