// Nine Men's Morris AI: alpha-beta over the twin. Beginner: 40% random, else two plies.
// Intermediate: three plies. Advanced: iterative deepening until the time limit.
import engine, { MILLS, MILLS_AT, NEIGHBOURS, steps } from "../engines/nine-mens-morris.js";
import { chooseByLevel } from "./search.js";

const PIECE = 100; // a man on the board or in reserve
const MILL = 8; // a closed mill (it can open and close again)
const THREAT = 12; // two men on a line whose third point is empty
const MOBILITY = 2; // per legal step, while men move (not while placing or flying)
const BLOCKED = 4; // per man with no empty neighbour

function sideScore(board, player, reserves) {
  let score = 0;
  let men = 0;
  let blocked = 0;
  for (let p = 0; p < 24; p++) {
    if (board[p] !== player) continue;
    men++;
    if (!NEIGHBOURS[p].some((q) => board[q] === null)) blocked++;
  }
  score += (men + reserves[player]) * PIECE;
  for (const mill of MILLS) {
    let own = 0;
    let empty = 0;
    for (const p of mill) {
      if (board[p] === player) own++;
      else if (board[p] === null) empty++;
    }
    if (own === 3) score += MILL;
    else if (own === 2 && empty === 1) score += THREAT;
  }
  const moving = reserves[player] === 0 && men > 3;
  if (moving) score += MOBILITY * steps(board, player, reserves).length - BLOCKED * blocked;
  return score;
}

// Scored for the side to move.
export function evaluate(state) {
  const { board, toMove, reserves } = state;
  return sideScore(board, toMove, reserves) - sideScore(board, 1 - toMove, reserves);
}

// Removals first, then moves onto a point where the enemy holds two of a mill (blocks).
function order(state, moves) {
  const enemy = 1 - state.toMove;
  const rank = (move) => {
    if (move.capture !== null) return 2;
    const blocks = MILLS_AT[move.to].some((mill) => mill.filter((p) => state.board[p] === enemy).length === 2);
    return blocks ? 1 : 0;
  };
  return moves.map((move) => [rank(move), move]).sort((a, b) => b[0] - a[0]).map(([, move]) => move);
}

// The levels (static/js/ai/search.js chooseByLevel) and how the review reads this game.
export const LEVEL_SETTINGS = Object.freeze({
  beginner: Object.freeze({ randomShare: 0.4, depth: 2, maxMs: 1000 }),
  intermediate: Object.freeze({ depth: 3, maxMs: 1000 }),
  advanced: Object.freeze({ timeMs: 1500 }),
});
// band: about a man (PIECE); a review searches each position positionMs, "show analysis" analysisMs.
export const REVIEW = Object.freeze({ band: 90, positionMs: 250, analysisMs: 400 });

const game = { engine, evaluate, order, levels: LEVEL_SETTINGS };

export function chooseMove(state, options = {}) {
  return chooseByLevel(game, state, options);
}
