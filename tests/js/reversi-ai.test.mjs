// The Reversi AI (static/js/ai/reversi.js): every level plays only the engine twin's legal
// moves (a pass when that is the only one), a seed replays the same game, the advanced level
// plays perfect endgames (its move keeps the exact score of tests/vectors/reversi/endgames.json),
// each level answers within its time, and a bad level or a finished game is refused as the
// other AIs refuse them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import engine, { PASS } from "../../static/js/engines/reversi.js";
import { LEVELS, LEVEL_SETTINGS, REVIEW, chooseMove } from "../../static/js/ai/reversi.js";
import { clearTable, solve } from "../../static/js/ai/reversi-solve.js";
import { seededRandom } from "../../static/js/ai/random.js";
import { analysePosition } from "../../static/js/ai/review.js";

const DIR = new URL("../vectors/reversi/", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const ENDGAMES = read("endgames.json").entries;
const FORCED_PASS = read("positions.json").positions.find((p) => p.name === "forced pass").position;
const FAST = 60; // ms: the searching levels' time in the games below, to keep them short

// A game from the start, `levels[side]` choosing each side's moves; every move is checked
// against the twin's legal moves. Returns the moves' texts and how many were passes.
function playGame(levels, seed, timeLimitMs = FAST) {
  const random = seededRandom(seed);
  let state = engine.initialState();
  const texts = [];
  let passes = 0;
  while (!engine.outcome(state)) {
    const legal = engine.legalMoves(state);
    const level = levels[engine.toMove(state)];
    const { move, stats } = chooseMove(state, { level, random, timeLimitMs });
    assert.ok(legal.includes(move), `${level}: ${engine.formatMove(state, move)} must be a legal move after ${texts.join(" ")}`);
    if (legal.length === 1) assert.equal(stats.forced, level === "beginner" && stats.randomMove ? null : "only");
    if (move === PASS) passes++;
    for (const key of ["depth", "nodes", "ms", "randomMove", "score", "exact", "distance", "forced"]) {
      assert.ok(key in stats, `stats.${key}`);
    }
    texts.push(engine.formatMove(state, move));
    state = engine.play(state, move);
  }
  return { texts, passes };
}

test("the levels, their settings and the review's are exported", () => {
  assert.deepEqual(LEVELS, ["beginner", "intermediate", "advanced"]);
  assert.equal(LEVEL_SETTINGS.beginner.randomShare, 0.4);
  assert.ok(LEVEL_SETTINGS.intermediate.depth >= 2);
  assert.ok(LEVEL_SETTINGS.advanced.timeMs <= 1500 && LEVEL_SETTINGS.advanced.solveFrom >= 20);
  for (const name of ["band", "positionMs", "analysisMs"]) assert.ok(REVIEW[name] > 0);
});

test("a bad level, a finished game or no state is refused", () => {
  const state = engine.initialState();
  for (const level of ["expert", "", "Advanced", 3, null]) {
    assert.throws(() => chooseMove(state, { level }), (e) => e.code === "bad-level" && !String(e.message).includes("expert"));
  }
  const over = engine.load(read("positions.json").positions.find((p) => p.name === "wiped out").position);
  assert.ok(engine.outcome(over));
  for (const level of LEVELS) assert.throws(() => chooseMove(over, { level }), (e) => e.code === "game-over");
  assert.throws(() => chooseMove({ board: "x" }, { level: "beginner" }), (e) => e.code === "bad-state");
});

test("every level plays only legal moves, passes included, in random games", () => {
  let passes = 0;
  const pairs = [["beginner", "beginner"], ["beginner", "intermediate"], ["intermediate", "advanced"], ["advanced", "beginner"]];
  for (let seed = 1; seed <= 8; seed++) passes += playGame(pairs[seed % pairs.length], seed).passes;
  // beginners' games until some have forced passes in them
  for (let seed = 100; passes < 3 && seed < 400; seed++) passes += playGame(["beginner", "beginner"], seed).passes;
  assert.ok(passes >= 3, "games with forced passes were played");
  // the forced pass of the hand-made position, at every level
  const state = engine.load(FORCED_PASS);
  assert.deepEqual(engine.legalMoves(state), [PASS]);
  for (const level of LEVELS) {
    for (let seed = 1; seed <= 3; seed++) {
      const { move, stats } = chooseMove(state, { level, random: seededRandom(seed) });
      assert.equal(move, PASS, level);
      if (!stats.randomMove) assert.equal(stats.forced, "only");
    }
  }
});

test("the beginner takes an offered corner when it does not play at random", () => {
  // positions of seeded random games where the side to move may take a corner
  const CORNERS = ["a1", "h1", "a8", "h8"].map((t) => engine.parseMove(null, t));
  let checked = 0;
  for (let seed = 1; checked < 20 && seed < 200; seed++) {
    const random = seededRandom(seed);
    let state = engine.initialState();
    while (!engine.outcome(state)) {
      const legal = engine.legalMoves(state);
      if (legal.some((m) => CORNERS.includes(m))) {
        const { move, stats } = chooseMove(state, { level: "beginner", random: () => 0.99 });
        assert.equal(stats.randomMove, false);
        assert.ok(CORNERS.includes(move), `seed ${seed}: ${engine.formatMove(state, move)} instead of a corner`);
        checked++;
        break;
      }
      state = engine.play(state, legal[Math.floor(random() * legal.length)]);
    }
  }
  assert.equal(checked, 20);
});

test("a seed replays the same game at the fixed-depth levels", () => {
  for (const levels of [["beginner", "beginner"], ["intermediate", "beginner"], ["intermediate", "intermediate"]]) {
    const first = playGame(levels, 7, 2000).texts;
    const again = playGame(levels, 7, 2000).texts;
    assert.deepEqual(again, first, levels.join(" v "));
    if (levels.includes("beginner")) {
      assert.notDeepEqual(playGame(levels, 8, 2000).texts, first, `${levels.join(" v ")}: another seed, another game`);
    }
  }
});

test("the advanced level plays a perfect move in solved endgames of 20 empty squares", () => {
  const quick = ENDGAMES.filter((e) => e.empties === 20).sort((a, b) => a.nodes - b.nodes).slice(0, 3);
  assert.equal(quick.length, 3);
  for (const entry of quick) {
    clearTable();
    const state = engine.load(entry.position);
    const { move, stats } = chooseMove(state, { level: "advanced", random: seededRandom(1), timeLimitMs: 20000 });
    assert.equal(stats.exact, true);
    assert.equal(stats.score, entry.score, `seed ${entry.seed}: the score`);
    clearTable();
    assert.equal(-solve(engine.play(state, move)).score, entry.score, `seed ${entry.seed}: ${engine.formatMove(state, move)} keeps it`);
  }
});

test("the advanced level's exact score reaches the review as a proven result", () => {
  const entry = ENDGAMES.filter((e) => e.empties === 20).sort((a, b) => a.nodes - b.nodes)[0];
  const state = engine.load(entry.position);
  const ai = { chooseMove, REVIEW };
  const value = analysePosition(engine, ai, state, { timeLimitMs: 20000 });
  assert.equal(value.exact, true);
  assert.equal(value.outcome, Math.sign(entry.score));
});

test("every level answers within its time, the solver's deadline included", () => {
  const slack = 300; // ms: a clock read every few milliseconds, and a busy machine
  // a midgame position, a try at 23 empty squares, and one at 20 that cannot finish in 300 ms
  const hard = ENDGAMES.filter((e) => e.empties === 20).sort((a, b) => b.nodes - a.nodes)[0];
  const states = [
    engine.load(ENDGAMES.find((e) => e.empties === 23).position),
    engine.load(hard.position),
  ];
  let state = engine.initialState();
  for (const text of "f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6 b4".split(" ")) state = engine.play(state, engine.parseMove(state, text));
  states.push(state);
  for (const s of states) {
    for (const [level, limit] of [["advanced", 300], ["advanced", 80], ["intermediate", 40]]) {
      clearTable();
      const started = performance.now();
      const { move, stats } = chooseMove(s, { level, random: seededRandom(3), timeLimitMs: limit });
      const took = performance.now() - started;
      assert.ok(took <= limit + slack, `${level} took ${took.toFixed(0)} ms for a limit of ${limit}`);
      assert.ok(engine.legalMoves(s).includes(move));
      if (s === states[1] && level === "advanced") assert.equal(stats.solved, false, "the hard 20 is not solved in 300 ms");
    }
  }
  // shouldStop ends the search at once
  const started = performance.now();
  const { move } = chooseMove(states[1], { level: "advanced", shouldStop: () => true, timeLimitMs: 1500 });
  assert.ok(performance.now() - started < 400);
  assert.ok(engine.legalMoves(states[1]).includes(move));
});
