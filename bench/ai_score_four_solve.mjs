#!/usr/bin/env node
// Score Four endgame solver: how many positions with E empty cells the advanced level proves
// (stats.exact) within its time, and how long it takes.
//   node bench/ai_score_four_solve.mjs [--empties 24,26,28,30] [--positions N] [--time MS] [--seed S]
// Positions come from seeded games between the intermediate level and itself (deterministic:
// a fixed depth and a seeded random), taken when E cells are left if the side to move
// has a real choice; other games are skipped. Each position gets a fresh table (no help from
// earlier searches), then one advanced move with the time limit (default 1500 ms).
import game from "../static/js/engines/score-four.js";
import { chooseMove } from "../static/js/ai/score-four.js";
import { loadState } from "../static/js/ai/score-four-board.js";
import { clearTables, rootMoves } from "../static/js/ai/score-four-search.js";
import { seededRandom } from "../static/js/ai/worker.js";

const USAGE = "usage: node bench/ai_score_four_solve.mjs [--empties 24,26,28,30] [--positions N] [--time MS] [--seed S]";

function parseArgs(argv) {
  const options = { empties: [24, 26, 28, 30], positions: 10, time: 1500, seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
    const value = argv[i + 1];
    if (!name || !(name in options) || value === undefined) throw new Error(USAGE);
    options[name] = name === "empties" ? value.split(",").map(Number) : Number(value);
  }
  const whole = (n) => Number.isInteger(n) && n > 0;
  if (!options.empties.every((e) => whole(e) && e < 64) || !whole(options.positions)
      || !whole(options.time) || !whole(options.seed)) throw new Error(USAGE);
  return options;
}

// Open positions with `empties` empty cells from seeded intermediate self-play, where the
// side to move has a real choice (no win in one, no forced block).
function positions(empties, count, seed) {
  const found = [];
  for (let g = 0; found.length < count && g < count * 40; g++) {
    const random = seededRandom(seed * 7919 + g);
    let state = game.initialState();
    // Two random plies first so the games differ.
    for (let i = 0; i < 2; i++) {
      const moves = game.legalMoves(state);
      state = game.play(state, moves[Math.floor(random() * moves.length)]);
    }
    while (!game.outcome(state) && 64 - state.filled > empties) {
      const { move } = chooseMove(state, { level: "intermediate", random, timeLimitMs: 60000 });
      state = game.play(state, move);
    }
    if (game.outcome(state)) continue;
    loadState(state);
    if (rootMoves().forced === null) found.push(state);
  }
  return found;
}

const options = parseArgs(process.argv.slice(2));
console.log(`advanced level, ${options.time} ms per move, fresh table per position, seed ${options.seed}`);
for (const empties of options.empties) {
  const list = positions(empties, options.positions, options.seed);
  let solved = 0;
  let forced = 0;
  let totalMs = 0;
  let slowest = 0;
  const results = { win: 0, draw: 0, loss: 0 };
  for (const state of list) {
    clearTables();
    const started = performance.now();
    const { stats } = chooseMove(state, { level: "advanced", timeLimitMs: options.time, random: seededRandom(1) });
    const ms = performance.now() - started;
    if (stats.forced !== null) { forced++; continue; }
    totalMs += ms;
    slowest = Math.max(slowest, ms);
    if (stats.exact) {
      solved++;
      results[stats.score > 0 ? "win" : stats.score < 0 ? "loss" : "draw"]++;
    }
  }
  const searched = list.length - forced;
  console.log(`  ${String(empties).padStart(2)} empty: ${solved}/${searched} proven (${JSON.stringify(results)})`
    + `${forced ? `, ${forced} forced moves left out` : ""}; mean ${(totalMs / Math.max(1, searched)).toFixed(0)} ms,`
    + ` slowest ${slowest.toFixed(0)} ms`);
}
