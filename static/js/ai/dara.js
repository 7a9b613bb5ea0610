// Dara AI: alpha-beta over the twin. Beginner: 40% random, else two plies. Intermediate:
// three plies. Advanced: iterative deepening until the time limit.
import engine, { COLS, ROWS, makesThree, steps } from "../engines/dara.js";
import { chooseByLevel } from "./search.js";

const STONE = 100; // a stone on the board or still to place
const THREAT = 14; // a step that would make a three (and so remove a stone)
const PAIR = 4; // two own stones side by side: the raw material of later threes
const MOBILITY = 1; // per legal step once stones move

function pairs(board, player) {
  let count = 0;
  for (let p = 0; p < board.length; p++) {
    if (board[p] !== player) continue;
    if (p % COLS < COLS - 1 && board[p + 1] === player) count++;
    if (Math.floor(p / COLS) < ROWS - 1 && board[p + COLS] === player) count++;
  }
  return count;
}

function sideScore(board, player, reserves) {
  let stones = 0;
  for (const cell of board) if (cell === player) stones++;
  let score = (stones + reserves[player]) * STONE + PAIR * pairs(board, player);
  if (reserves[0] + reserves[1] > 0) return score;
  const moves = steps(board, player, reserves);
  let threats = 0;
  for (const [from, to] of moves) {
    const after = [...board];
    after[from] = null;
    after[to] = player;
    if (makesThree(after, to)) threats++;
  }
  return score + THREAT * Math.min(threats, 3) + MOBILITY * moves.length;
}

// Scored for the side to move.
export function evaluate(state) {
  const { board, toMove, reserves } = state;
  return sideScore(board, toMove, reserves) - sideScore(board, 1 - toMove, reserves);
}

function order(state, moves) {
  return [...moves].sort((a, b) => (b.capture !== null) - (a.capture !== null));
}

// The levels (static/js/ai/search.js chooseByLevel) and how the review reads this game.
export const LEVEL_SETTINGS = Object.freeze({
  beginner: Object.freeze({ randomShare: 0.4, depth: 2, maxMs: 1000 }),
  intermediate: Object.freeze({ depth: 3, maxMs: 1000 }),
  advanced: Object.freeze({ timeMs: 1500 }),
});
// band: about a stone (STONE); a review searches each position positionMs, "show analysis" analysisMs.
export const REVIEW = Object.freeze({ band: 90, positionMs: 250, analysisMs: 400 });

const game = { engine, evaluate, order, levels: LEVEL_SETTINGS };

export function chooseMove(state, options = {}) {
  return chooseByLevel(game, state, options);
}
