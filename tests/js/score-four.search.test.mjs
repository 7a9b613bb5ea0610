// The Score Four advanced search's pieces (static/js/ai/score-four-search.js and the board
// it runs on): symmetry-folded table keys, the exact solver against brute force, exact
// results from the deepening search, and the clock.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PerformanceObserver } from "node:perf_hooks";

import game from "../../static/js/engines/score-four.js";
import { chooseMove, SOLVE_EMPTIES } from "../../static/js/ai/score-four.js";
import * as board from "../../static/js/ai/score-four-board.js";
import * as search from "../../static/js/ai/score-four-search.js";
import { seededRandom } from "../../static/js/ai/worker.js";
import { endgame, playAll, randomGames, solveExactly } from "./score-four-fixtures.mjs";

const PEG_MAP = (s) => Array.from({ length: 16 }, (_, peg) => board.SYM_CELL[s * 64 + peg]);

// The board's key as the table sees it: the canonical view's two hashes.
function tableKey() {
  const s = board.canonicalSymmetry();
  return [board.symHash[s], board.symHash[s + 8]];
}

function loadPegs(pegs) {
  let state = game.initialState();
  for (const peg of pegs) state = game.play(state, peg);
  board.loadState(state);
  return state;
}

test("the symmetries are a group of eight distinct maps that keep every line a line", () => {
  const maps = new Set();
  for (let s = 0; s < 8; s++) {
    const map = Array.from({ length: 64 }, (_, c) => board.SYM_CELL[s * 64 + c]);
    maps.add(map.join());
    const inverse = board.SYM_INVERSE[s];
    for (let c = 0; c < 64; c++) assert.equal(board.SYM_CELL[inverse * 64 + map[c]], c);
    assert.equal(new Set(map).size, 64);
  }
  assert.equal(maps.size, 8);
});

test("symmetric boards share one table key, and other boards do not", () => {
  const keys = new Map();
  for (const { pegs } of randomGames(60, seededRandom(4), { minPlies: 3, maxPlies: 30 })) {
    loadPegs(pegs);
    const key = tableKey().join();
    const images = [];
    for (let s = 0; s < 8; s++) {
      const map = PEG_MAP(s);
      const state = loadPegs(pegs.map((peg) => map[peg]));
      assert.equal(tableKey().join(), key, `symmetry ${s} of ${pegs}`);
      images.push(JSON.stringify(game.dump(state).pegs));
    }
    // A key seen before must belong to one of this board's own images.
    if (keys.has(key)) assert.ok(images.includes(keys.get(key)), `two boards share the key ${key}`);
    keys.set(key, images[0]);
  }
  assert.ok(keys.size > 50);
});

test("a move stored for one board comes back mapped for its mirror image", () => {
  for (const { pegs } of randomGames(12, seededRandom(8), { minPlies: 4, maxPlies: 20 })) {
    loadPegs(pegs);
    // On a board that is its own mirror image, either of two mirrored moves is right.
    if (search.boardSymmetries().length > 1) continue;
    search.clearTables();
    search.think(search.rootMoves().cells, { maxDepth: 5 });
    const stored = search.tableMove();
    assert.ok(stored >= 0, "the searched board is in the table");
    for (let s = 1; s < 8; s++) {
      loadPegs(pegs.map((peg) => PEG_MAP(s)[peg]));
      assert.equal(search.tableMove(), board.SYM_CELL[s * 64 + stored], `symmetry ${s}`);
    }
  }
});

test("the solver's result and distance match brute force on small endgames", () => {
  const random = seededRandom(12);
  const seen = new Set();
  let checked = 0;
  for (let i = 0; checked < 24 && i < 2000; i++) {
    const state = endgame(7 + (i % 5), random);
    board.loadState(state);
    const { cells, forced } = search.rootMoves();
    if (forced !== null) continue;
    checked++;
    const truth = solveExactly(state);
    search.clearTables();
    const proven = search.solve(cells);
    const where = JSON.stringify(game.dump(state).pegs);
    assert.equal(proven.value, truth.value, where);
    seen.add(truth.value);
    if (truth.value === 1) {
      assert.equal(proven.distance, truth.distance, `win distance at ${where}`);
      assert.equal(proven.distanceExact, true);
      const after = game.play(state, proven.cell & 15);
      assert.equal(-solveExactly(after).value, 1, `the move keeps the win at ${where}`);
    } else if (truth.value === 0) {
      assert.equal(proven.distance, truth.distance);
      for (const cell of proven.drawing) assert.equal(solveExactly(game.play(state, cell & 15)).value, 0, where);
    } else assert.ok(proven.distance >= truth.distance, `loss bound at ${where}`);
  }
  assert.equal(checked, 24);
  assert.equal(seen.size, 3, "the sample holds wins, draws and losses");
});

test("a deepening search that proves a result gets it right despite reductions", () => {
  const random = seededRandom(31);
  let checked = 0;
  for (let i = 0; checked < 12 && i < 2000; i++) {
    const state = endgame(9 + (i % 3), random);
    board.loadState(state);
    const { cells, forced } = search.rootMoves();
    if (forced !== null) continue;
    checked++;
    search.clearTables();
    const result = search.think(cells, { maxDepth: 64 });
    const truth = solveExactly(state);
    assert.equal(result.exact, true);
    assert.equal(Math.sign(result.score), truth.value, JSON.stringify(game.dump(state).pegs));
    // A mate met while late moves were still reduced is real, but a faster win (or a longer
    // defence) may hide in a reduced line: the distance is a bound on that side.
    const distance = board.WIN - Math.abs(result.score);
    if (truth.value === 1) assert.ok(distance >= truth.distance);
    if (truth.value === -1) assert.ok(distance <= truth.distance);
  }
});

test("the advanced level proves a middle-game result and says so in its stats", () => {
  // 28 empty cells, from a game between two advanced players: white to move wins in 19.
  const state = playAll("D1 B2 B2 A1 D4 B3 B3 A4 B1 B3 A3 B1 D4 D2 A1 B2 A2 B1 D2 A4 D2 D2 D3 D3 "
    + "A4 A2 A3 A1 D3 D3 A4 B2 C4 C4 C4 B3");
  assert.equal(64 - state.filled, 28);
  assert.ok(28 <= SOLVE_EMPTIES);
  search.clearTables();
  const { stats } = chooseMove(state, { level: "advanced", random: seededRandom(1), timeLimitMs: 20000 });
  assert.equal(stats.exact, true);
  assert.equal(stats.distance, 19);
  assert.equal(stats.score, board.WIN - 19);
});

test("the advanced level answers within its time limit", () => {
  const positions = [
    game.initialState(),
    playAll("B2 C3 B3 C2 A1 D4 B2 C3 C2 B3"),
    ...randomGames(3, seededRandom(2), { minPlies: 30, maxPlies: 40 }).map((g) => g.state),
  ];
  for (const limit of [200, 600]) {
    for (const state of positions) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { stats } = chooseMove(state, { level: "advanced", timeLimitMs: limit, random: seededRandom(3) });
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      // The search stops 25 ms before the limit. On a busy machine the wall clock also counts
      // time the process waited for a core, so the firm bound is on the processor time.
      assert.ok(cpuMs < limit + 60, `${cpuMs.toFixed(0)} ms of processor time for a ${limit} ms limit`);
      assert.ok(wall < limit + 1000, `${wall.toFixed(0)} ms for a ${limit} ms limit`);
      assert.ok(stats.ms <= wall + 1);
    }
  }
});

test("the search allocates nothing per node: no garbage collection during a long search", async () => {
  board.loadState(playAll("B2 C3 B3 C2 A1 D4"));
  search.clearTables();
  const { cells } = search.rootMoves();
  search.think(cells, { maxDepth: 7 }); // compile the code first
  let collections = 0;
  const observer = new PerformanceObserver((list) => { collections += list.getEntries().length; });
  observer.observe({ entryTypes: ["gc"] });
  await new Promise((resolve) => { setTimeout(resolve, 20); });
  collections = 0;
  const result = search.think(cells, { maxDepth: 13 });
  await new Promise((resolve) => { setTimeout(resolve, 20); }); // gc entries arrive later
  observer.disconnect();
  // Even 8 bytes a node would fill the young generation several times over.
  assert.ok(result.nodes > 1000000, `${result.nodes} nodes`);
  assert.ok(collections <= 1, `${collections} collections over ${result.nodes} nodes`);
});
