// The Score Four AI at three levels (contract: docs/ENGINES.md, "The AI").
//   beginner      about 40% of its moves at random; otherwise wins at once, blocks an
//                 immediate threat, avoids the cell under an enemy threat, else picks a
//                 move with a one-ply look plus plenty of noise.
//   intermediate  a full-width four-ply search with the same tactics, choosing at random
//                 among the moves scoring close to the best.
//   advanced      iterative deepening PVS on bitboards until the time limit (1.5 s); with
//                 SOLVE_EMPTIES empty cells or fewer it first tries to prove the result
//                 (stats.exact, stats.distance). Details: docs/AI.md.
import { EngineError } from "../engines/errors.js";
import { LEVELS, checkLevel, pickRandom as pick } from "./search.js";
import { WIN, WIN_BOUND, b, loadState } from "./score-four-board.js";
import {
  boardSymmetries, clearTables, distinctCells, rootMoves, scoreAll, setLimits, searchStats, solve,
  think,
} from "./score-four-search.js";

// The levels and how the review reads this game (the interface: docs/ENGINES.md, "The AI").
//   beginner      randomShare of its moves at random; noise: the one-ply scores' noise
//   intermediate  depth plies, full width; root scores within margin of the best are equal
//   timeMs        each level's time limit when the caller gives none
export const LEVEL_SETTINGS = Object.freeze({
  beginner: Object.freeze({ randomShare: 0.4, noise: 120, timeMs: 1500 }),
  intermediate: Object.freeze({ depth: 4, margin: 12, timeMs: 600 }),
  advanced: Object.freeze({ timeMs: 1500 }),
});
// band: a score this far from even is a side ahead (a threat or two, in EVAL's units).
export const REVIEW = Object.freeze({ band: 250, positionMs: 600, analysisMs: 600 });
export { LEVELS };
const CLOCK_MARGIN_MS = 25; // stop searching this long before the limit to return in time
// The advanced level tries to prove the result from SOLVE_EMPTIES empty cells down: with
// SOLVE_FIRST_EMPTIES or fewer before any other search (for at most SOLVE_FIRST_SHARE of its
// time), otherwise after THINK_SHARE of its time went to the deepening search.
export const SOLVE_EMPTIES = 36;
const SOLVE_FIRST_EMPTIES = 26;
const SOLVE_FIRST_SHARE = 0.7;
const THINK_SHARE = 0.5;

function checkOptions(state, level) {
  checkLevel(level);
  if (!state || !Array.isArray(state.bits) || !Array.isArray(state.heights)) {
    throw new EngineError("bad-state", "chooseMove needs a Score Four engine state");
  }
  if (state.result) throw new EngineError("game-over", "the game has already ended");
}

export function chooseMove(state, options = {}) {
  const {
    level = "advanced",
    random = Math.random,
    shouldStop = null,
  } = options;
  checkOptions(state, level);
  const startedAt = performance.now();
  const settings = LEVEL_SETTINGS[level];
  const timeLimitMs = options.timeLimitMs ?? settings.timeMs;
  const deadline = startedAt + Math.max(1, timeLimitMs - CLOCK_MARGIN_MS);
  const stats = {
    depth: 0, nodes: 0, ms: 0, randomMove: false, score: 0, exact: false, distance: null, forced: null,
  };
  const finish = (cell) => {
    stats.ms = Math.round(performance.now() - startedAt);
    return { move: cell & 15, stats };
  };

  if (level === "beginner" && random() < settings.randomShare) {
    const pegs = [];
    for (let peg = 0; peg < 16; peg++) if (state.heights[peg] < 4) pegs.push(peg);
    stats.randomMove = true;
    return finish(pick(pegs, random));
  }

  loadState(state);
  const { cells, forced } = rootMoves();
  if (forced !== null) {
    // A win, the one block, or the only move that does not hand over a win: no search.
    stats.forced = forced;
    if (forced === "win") stats.score = WIN_BOUND;
    if (forced !== "lost" || cells.length === 1) return finish(cells[0]);
  }

  if (level === "beginner") {
    clearTables();
    setLimits({ deadline, shouldStop });
    const scores = scoreAll(cells, 1) ?? cells.map(() => 0);
    const noisy = scores.map((s) => s + random() * settings.noise);
    stats.depth = 1;
    stats.nodes = searchStats().nodes;
    return finish(cells[noisy.indexOf(Math.max(...noisy))]);
  }

  if (level === "intermediate") {
    clearTables();
    let scores = null;
    let depth = 0;
    for (let d = 1; d <= settings.depth; d++) {
      setLimits({ deadline, shouldStop });
      const found = scoreAll(cells, d);
      stats.nodes += searchStats().nodes;
      if (found === null) break;
      scores = found;
      depth = d;
      if (Math.max(...found) > WIN_BOUND) break;
    }
    stats.depth = depth;
    if (scores === null) return finish(cells[0]);
    const top = Math.max(...scores);
    stats.score = top;
    const margin = Math.abs(top) > WIN_BOUND ? 0 : settings.margin;
    const good = cells.filter((_, i) => scores[i] >= top - margin);
    return finish(pick(good, random));
  }

  // Advanced: on a symmetric board (the opening above all) search one move of each
  // equivalent set, then play a random one of the chosen move's equivalents. Shuffle the
  // root moves with the seeded random so equal-looking moves vary from game to game.
  const symmetries = boardSymmetries();
  const order = distinctCells(cells, symmetries);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const budgetMs = timeLimitMs - CLOCK_MARGIN_MS;
  const empties = 64 - b.filled;
  // Near the end the solver goes first and nearly always finishes quickly. Further from it,
  // the deepening search goes first with half the time, so a solver that runs out of time
  // still leaves a well-searched move; then the solver takes the rest.
  const solveFirst = empties <= SOLVE_FIRST_EMPTIES;
  const attemptSolve = (until) => solve(order, { deadline: Math.min(deadline, until), shouldStop });
  let proven = solveFirst ? attemptSolve(startedAt + budgetMs * SOLVE_FIRST_SHARE) : null;
  if (proven !== null) stats.nodes += proven.nodes;
  if (proven !== null && (proven.value === 1 || proven.drawing.length === 1)) {
    return finish(pick(symmetries, random)[provenMove(proven, stats)]);
  }
  const searchOver = proven !== null && proven.value === 0 ? proven.drawing : order;
  const thinkBudget = solveFirst || empties > SOLVE_EMPTIES ? budgetMs : budgetMs * THINK_SHARE;
  const result = think(searchOver, {
    deadline: Math.min(deadline, startedAt + thinkBudget), shouldStop, startedAt, budgetMs: thinkBudget,
  });
  stats.nodes += result.nodes;
  Object.assign(stats, { depth: result.depth, score: result.score, exact: result.exact });
  if (result.exact) {
    stats.distance = Math.abs(result.score) > WIN_BOUND ? WIN - Math.abs(result.score) : empties;
  }
  let cell = result.cell;
  if (proven === null && empties <= SOLVE_EMPTIES && !solveFirst) {
    proven = attemptSolve(deadline);
    if (proven !== null) {
      stats.nodes += proven.nodes;
      // Keep the searched move when it holds the proven result.
      if (proven.value === 1) cell = provenMove(proven, stats);
      else if (proven.value === 0) cell = provenMove(proven, stats, proven.drawing.includes(cell) ? cell : -1);
      else cell = provenMove(proven, stats, cell);
    }
  } else if (proven !== null) provenMove(proven, stats, cell);
  if (result.stopped && shouldStop && shouldStop()) stats.cancelled = true;
  return finish(pick(symmetries, random)[cell]);
}

// Fill the stats for a proven result and return the move to play: the solver's (a winning
// one), or `keep` when it holds the result.
function provenMove(proven, stats, keep = -1) {
  Object.assign(stats, { exact: true, distance: proven.distance, depth: 64 - b.filled });
  stats.score = proven.value === 1 ? WIN - proven.distance : proven.value === 0 ? 0 : -(WIN - proven.distance);
  return keep >= 0 ? keep : proven.cell;
}
