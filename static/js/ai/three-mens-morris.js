// Three Men's Morris AI. Beginner: 40% random, else two plies. Intermediate: a four-ply
// search. Advanced: perfect play from a retrograde solution of every reachable position
// (board and side to move; the reserves follow from the board), built once on first use
// over the engine twin's moves and position keys.
import engine, { LINES, MOVE_LIMIT } from "../engines/three-mens-morris.js";
import { chooseByLevel, chooseFromTable, solveGraph } from "./search.js";

// The levels (static/js/ai/search.js chooseByLevel) and how the review reads this game.
export const LEVEL_SETTINGS = Object.freeze({
  beginner: Object.freeze({ randomShare: 0.4, depth: 2, maxMs: 1000 }),
  intermediate: Object.freeze({ depth: 4, maxMs: 1000 }),
  advanced: Object.freeze({ timeMs: 1500 }), // unused: the advanced level reads the table
});
// Every position is proven (the table), so no band is needed; the answers come at once.
export const REVIEW = Object.freeze({ band: 1, positionMs: 50, analysisMs: 200 });

let table = null;
export function solvedTable() {
  table ??= solveGraph(engine);
  return table;
}

// Lines two of one side hold with the third point empty, and room to move.
function evaluate(state) {
  const me = state.toMove;
  let score = 0;
  for (const line of LINES) {
    const mine = line.filter((p) => state.board[p] === me).length;
    const theirs = line.filter((p) => state.board[p] === 1 - me).length;
    if (theirs === 0) score += mine * mine * 3;
    if (mine === 0) score -= theirs * theirs * 3;
  }
  if (state.board[4] === me) score += 4;
  else if (state.board[4] === 1 - me) score -= 4;
  return score;
}

const game = {
  engine,
  evaluate,
  levels: LEVEL_SETTINGS,
  advanced: (state, { random }) => chooseFromTable({
    engine, state, table: solvedTable(), random,
    remaining: (s) => MOVE_LIMIT - s.history.length,
  }),
};

export function chooseMove(state, options = {}) {
  return chooseByLevel(game, state, options);
}
