// Tic-tac-toe AI. Beginner: 40% random, else a two-ply look (wins, blocks). Intermediate:
// a three-ply search (sees forks only when they are made). Advanced: the solved game, solved
// over the engine twin's moves and position keys.
import engine, { LINES } from "../engines/tic-tac-toe.js";
import { chooseByLevel, chooseFromTable, solveGraph } from "./search.js";

// The levels (static/js/ai/search.js chooseByLevel) and how the review reads this game.
export const LEVEL_SETTINGS = Object.freeze({
  beginner: Object.freeze({ randomShare: 0.4, depth: 2, maxMs: 1000 }),
  intermediate: Object.freeze({ depth: 3, maxMs: 1000 }),
  advanced: Object.freeze({ timeMs: 1500 }), // unused: the advanced level reads the table
});
// Every position is proven (the table), so no band is needed; the answers come at once.
export const REVIEW = Object.freeze({ band: 1, positionMs: 50, analysisMs: 200 });

let table = null;
export function solvedTable() {
  table ??= solveGraph(engine);
  return table;
}

// Open lines (no enemy mark) weighted by how full they are: a tie-breaker for short searches.
function evaluate(state) {
  const me = state.toMove;
  let score = 0;
  for (const line of LINES) {
    const mine = line.filter((p) => state.board[p] === me).length;
    const theirs = line.filter((p) => state.board[p] === 1 - me).length;
    if (theirs === 0) score += mine * mine;
    if (mine === 0) score -= theirs * theirs;
  }
  return score;
}

const game = {
  engine,
  evaluate,
  levels: LEVEL_SETTINGS,
  advanced: (state, { random }) => chooseFromTable({ engine, state, table: solvedTable(), random }),
};

export function chooseMove(state, options = {}) {
  return chooseByLevel(game, state, options);
}
