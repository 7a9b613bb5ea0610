// The daily puzzle in JavaScript: the page's walk over the shipped defence (static/js/daily/
// run.js) on the real schedule, and the Score Four AI's exact solver (static/js/ai/
// score-four-search.js), a search written apart from the Python prover, agreeing with it on
// a sample: the fastest forced win is 2N - 1 plies and starts with the shipped answer.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as board from "../../static/js/ai/score-four-board.js";
import * as search from "../../static/js/ai/score-four-search.js";
import { PuzzleRun, localDate, shareText } from "../../static/js/daily/run.js";
import { History } from "../../static/js/daily/history.js";
import { loadEngine } from "../../static/js/engines/index.js";
import scoreFour from "../../static/js/engines/score-four.js";

const SCHEDULE = JSON.parse(readFileSync(new URL("../../daily/data/schedule.json", import.meta.url)));

function everyPuzzle() {
  return SCHEDULE.days.flatMap((day) => day.puzzles.map((puzzle) => ({ day, puzzle })));
}

test("the answer solves every puzzle against the shipped defence; a bad move is refuted", async () => {
  for (const { day, puzzle } of everyPuzzle()) {
    if (puzzle.goal === "best") continue; // the next test
    const engine = await loadEngine(puzzle.game);
    const run = new PuzzleRun(engine, puzzle);
    assert.equal(engine.toMove(run.start), puzzle.to_move, day.date);
    const line = run.solution();
    assert.equal(line[0], puzzle.answer, day.date);
    assert.equal(line.filter((_, i) => i % 2 === 0).length, puzzle.win_in, `${day.date} ${puzzle.game}`);
    for (const text of line.filter((_, i) => i % 2 === 0)) {
      const result = run.play(text);
      assert.equal(result.kind, "good", `${day.date} ${puzzle.game} ${text}`);
    }
    assert.equal(run.solved, true);
    assert.equal(engine.outcome(run.state).winner, puzzle.to_move, `${day.date} ${puzzle.game}`);
    const bad = Object.keys(puzzle.defence.bad)[0];
    if (bad) {
      run.restart();
      assert.equal(run.play(bad).kind, "bad");
      assert.equal(run.over, true);
    }
  }
});

test("a best-move puzzle: the answer solves it in one move, any other is bad; the best line is legal", async () => {
  let checked = 0;
  for (const { day, puzzle } of everyPuzzle()) {
    if (puzzle.goal !== "best") continue;
    const engine = await loadEngine(puzzle.game);
    const run = new PuzzleRun(engine, puzzle);
    const where = `${day.date} ${puzzle.game}`;
    assert.equal(engine.toMove(run.start), puzzle.to_move, where);
    const legal = engine.legalMoves(run.start).map((m) => engine.formatMove(run.start, m)).sort();
    assert.deepEqual(Object.keys(puzzle.outcomes).sort(), legal, where);
    for (const move of legal) {
      run.restart();
      const result = run.play(move);
      assert.equal(result.kind, move === puzzle.answer ? "good" : "bad", `${where} ${move}`);
      assert.equal(run.over, true);
      assert.equal(run.line.length, result.reply ? 2 : 1);
      assert.equal(run.play(legal[0]).kind, "illegal"); // one move a try
    }
    const line = run.solution();
    assert.equal(line[0], puzzle.answer, where);
    run.restart();
    for (const text of line) run.apply(text);
    assert.ok(engine.outcome(run.state), `${where}: the best line ends the game`);
    const [mine, theirs] = puzzle.outcomes[puzzle.answer].discs;
    const counts = engine.dump(run.state).board;
    const discs = (c) => [...counts].filter((x) => x === c).length;
    const sides = puzzle.to_move === 0 ? ["b", "w"] : ["w", "b"];
    assert.deepEqual([discs(sides[0]), discs(sides[1])], [mine, theirs], `${where}: the final count`);
    checked++;
  }
  assert.ok(checked >= 50, `only ${checked} best-move puzzles`);
});

test("the Score Four solver agrees on a sample: a win in exactly 2N - 1 plies, by the answer", () => {
  let checked = 0;
  for (const { day, puzzle } of everyPuzzle()) {
    if (puzzle.game !== "score-four" || puzzle.moves.length < 34 || checked >= 12) continue;
    let state = scoreFour.initialState();
    for (const text of puzzle.moves) state = scoreFour.play(state, scoreFour.parseMove(state, text));
    board.loadState(state);
    const { cells, forced } = search.rootMoves();
    if (forced !== null) continue; // an immediate win or block: no search to compare
    search.clearTables();
    const proven = search.solve(cells);
    assert.equal(proven.value, 1, day.date);
    assert.equal(proven.distance, 2 * puzzle.win_in - 1, `${day.date} distance`);
    assert.equal(scoreFour.formatMove(state, proven.cell & 15), puzzle.answer, day.date);
    checked++;
  }
  assert.ok(checked >= 5, `only ${checked} puzzles were late enough for the solver`);
});

test("the share line has the number, the tries as marks and the link, not the answer", () => {
  const text = shareText({
    title: "little table", number: 12, url: "https://example.org/ko/daily/2026-12-04/",
    results: [{ solved: true, misses: 2 }, { solved: false, misses: 0 }],
  });
  assert.equal(text, "little table #12\n××○ -\nhttps://example.org/ko/daily/2026-12-04/");
});

test("history: a streak counts days in a row with a solve, and clears", () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
  const history = new History(storage);
  history.record("2026-12-02", "dara", { solved: true, tries: 1, ms: 1 });
  history.record("2026-12-03", "score-four", { solved: true, tries: 2, ms: 1 });
  history.record("2026-12-04", "score-four", { solved: false, tries: 1, ms: 1 });
  assert.equal(history.streak("2026-12-04"), 2);
  assert.equal(history.streak("2026-12-03"), 2);
  assert.equal(history.result("2026-12-03", "score-four").tries, 2);
  history.clear();
  assert.equal(history.streak("2026-12-03"), 0);
  assert.equal(localDate(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
});
