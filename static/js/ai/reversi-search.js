// Reversi's midgame search for the AI (static/js/ai/reversi.js): a positional evaluation and
// an alpha-beta search over the two sides' bitboards (32-bit halves, as the engine twin keeps
// them: `lo` rows 1-4, `hi` rows 5-8). The rules are the twin's own movesOf and flipsOf
// (static/js/engines/reversi.js); nothing here is allocated per node.
//
// evaluate(pl, ph, ol, oh) scores a live position for the player (pl, ph) to move:
//   mobility      the difference in legal moves (the side with more choice is rarely forced
//                 into a bad square), and in potential mobility (empty squares next to the
//                 other side's discs, where moves may come from later)
//   corners       a corner disc can never turn
//   X and C       the squares next to an empty corner (X diagonally, C along the edge)
//                 hand the corner over
//   frontier      discs next to an empty square give the opponent moves
//   stable discs  discs that can never turn (edges grown from the corners, full lines),
//                 counted by the solver's stableDiscs once a corner is taken
//   discs         the plain count, weighed in only when few squares are left
// A finished game scores WIN plus its final disc difference (WIN + d for a win by d, -WIN - d
// for a loss, 0 for a draw), so any proven win outranks every evaluation.
//
// search(pl, ph, ol, oh, {maxDepth, deadline, shouldStop, random}) deepens one ply at a time
// (principal variation search with a table of bounds and best moves, moves ordered by the
// table, then by the opponent's replies and the squares' worth) until maxDepth, the deadline
// or shouldStop; it answers the best move of the last depth finished, or of the unfinished one
// when that one's best was searched first and beaten.
import { PASS, SQUARES, finalScore, flipsOf, movesOf, popcount } from "../engines/reversi.js";
import { stableDiscs } from "./reversi-stable.js";

export const WIN = 100_000; // a finished game: WIN + the disc difference (a draw is 0)

// Weights, in the evaluation's units (a corner is worth about 40, a move of mobility 9).
export const WEIGHTS = Object.freeze({
  mobility: 9, potential: 2, corner: 40, x: 22, c: 7, frontier: 3, stable: 8, discs: 2,
});

const sq = (name) => (Number(name[1]) - 1) * 8 + name.charCodeAt(0) - 97;
const lo = (s) => (s < 32 ? 1 << s : 0);
const hi = (s) => (s < 32 ? 0 : 1 << (s - 32));

// Each corner with its X-square and its two C-squares, as halves.
const CORNER_SETS = [
  ["a1", "b2", "b1", "a2"], ["h1", "g2", "g1", "h2"], ["a8", "b7", "a7", "b8"], ["h8", "g7", "h7", "g8"],
].map((names) => {
  const [corner, x, c1, c2] = names.map(sq);
  return {
    cornerLo: lo(corner), cornerHi: hi(corner), xLo: lo(x), xHi: hi(x),
    cLo: lo(c1) | lo(c2), cHi: hi(c1) | hi(c2),
  };
});
const CORNERS_LO = lo(0) | lo(7);
const CORNERS_HI = hi(56) | hi(63);

// How good a square is to take when nothing else is known (move ordering, the beginner):
// corners best, then the edges two away from a corner, the squares next to corners last.
export const SQUARE_WORTH = Int8Array.from([
  20, -3, 11, 8, 8, 11, -3, 20,
  -3, -7, -4, 1, 1, -4, -7, -3,
  11, -4, 2, 2, 2, 2, -4, 11,
  8, 1, 2, -3, -3, 2, 1, 8,
  8, 1, 2, -3, -3, 2, 1, 8,
  11, -4, 2, 2, 2, 2, -4, 11,
  -3, -7, -4, 1, 1, -4, -7, -3,
  20, -3, 11, 8, 8, 11, -3, 20,
]);
export const X_SQUARES = Object.freeze(["b2", "g2", "b7", "g7"].map(sq));
export const CORNERS = Object.freeze(["a1", "h1", "a8", "h8"].map(sq));

const NOT_A = 0xfefefefe | 0;
const NOT_H = 0x7f7f7f7f;
const two = new Int32Array(2);

// The squares next to (in the eight directions) any square of (xl, xh), into two[].
function around(xl, xh) {
  const wl = xl | ((xl & NOT_H) << 1) | ((xl & NOT_A) >>> 1);
  const wh = xh | ((xh & NOT_H) << 1) | ((xh & NOT_A) >>> 1);
  two[0] = wl | (wl << 8) | (wl >>> 8) | (wh << 24);
  two[1] = wh | (wh << 8) | (wh >>> 8) | (wl >>> 24);
}

// The final disc difference of a finished game as a search score.
export function terminalScore(pl, ph, ol, oh) {
  const d = finalScore(popcount(pl) + popcount(ph), popcount(ol) + popcount(oh));
  return d > 0 ? WIN + d : d < 0 ? -WIN + d : 0;
}

// The evaluation for the player (pl, ph) to move against (ol, oh), in a live position;
// stable = false leaves out the stable discs (the solver's move ordering: cheaper, and it
// ordered as well).
export function evaluate(pl, ph, ol, oh, stable = true) {
  movesOf(pl, ph, ol, oh, two);
  const myMoves = popcount(two[0]) + popcount(two[1]);
  movesOf(ol, oh, pl, ph, two);
  const theirMoves = popcount(two[0]) + popcount(two[1]);
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  around(el, eh);
  const nearEmptyLo = two[0];
  const nearEmptyHi = two[1];
  const myFrontier = popcount(pl & nearEmptyLo) + popcount(ph & nearEmptyHi);
  const theirFrontier = popcount(ol & nearEmptyLo) + popcount(oh & nearEmptyHi);
  // potential mobility: the empty squares next to the other side's discs
  const myPotential = countNear(el, eh, ol, oh);
  const theirPotential = countNear(el, eh, pl, ph);
  let score = WEIGHTS.mobility * (myMoves - theirMoves) + WEIGHTS.potential * (myPotential - theirPotential)
    - WEIGHTS.frontier * (myFrontier - theirFrontier);
  let cornersTaken = false;
  for (let i = 0; i < 4; i++) {
    const set = CORNER_SETS[i];
    if ((pl & set.cornerLo) | (ph & set.cornerHi)) {
      score += WEIGHTS.corner;
      cornersTaken = true;
    } else if ((ol & set.cornerLo) | (oh & set.cornerHi)) {
      score -= WEIGHTS.corner;
      cornersTaken = true;
    } else {
      if ((pl & set.xLo) | (ph & set.xHi)) score -= WEIGHTS.x;
      if ((ol & set.xLo) | (oh & set.xHi)) score += WEIGHTS.x;
      score -= WEIGHTS.c * (popcount(pl & set.cLo) + popcount(ph & set.cHi));
      score += WEIGHTS.c * (popcount(ol & set.cLo) + popcount(oh & set.cHi));
    }
  }
  if (cornersTaken && stable) {
    const occLo = pl | ol;
    const occHi = ph | oh;
    score += WEIGHTS.stable * (stableDiscs(pl, ph, occLo, occHi) - stableDiscs(ol, oh, occLo, occHi));
  }
  const empties = popcount(el) + popcount(eh);
  if (empties <= 20) {
    score += (WEIGHTS.discs * (20 - empties) * (popcount(pl) + popcount(ph) - popcount(ol) - popcount(oh))) >> 3;
  }
  return score;
}

// How many empty squares (el, eh) touch the discs (xl, xh).
function countNear(el, eh, xl, xh) {
  around(xl, xh);
  return popcount(el & two[0]) + popcount(eh & two[1]);
}

// The table: 2^TABLE_BITS entries, each the whole position, the depth searched, the bounds and
// the best move; always replaced. Cleared by clearSearchTable (the AI does so before each
// fixed-depth search, so the same position and seed always give the same move).
const TABLE_BITS = 17;
const TABLE_SIZE = 1 << TABLE_BITS;
const tPl = new Int32Array(TABLE_SIZE);
const tPh = new Int32Array(TABLE_SIZE);
const tOl = new Int32Array(TABLE_SIZE);
const tOh = new Int32Array(TABLE_SIZE);
const tDepth = new Int8Array(TABLE_SIZE);
const tLower = new Int32Array(TABLE_SIZE);
const tUpper = new Int32Array(TABLE_SIZE);
const tMove = new Int8Array(TABLE_SIZE);

export function clearSearchTable() {
  tPl.fill(0);
  tPh.fill(0);
  tOl.fill(0);
  tOh.fill(0); // no position has no discs at all: an empty entry never matches
  tDepth.fill(-1);
}
clearSearchTable();

function slot(pl, ph, ol, oh) {
  let h = Math.imul(pl, 0x9e3779b1) ^ Math.imul(ph ^ 0x3c6ef372, 0x85ebca77);
  h ^= Math.imul(ol ^ (h >>> 15), 0xc2b2ae3d) ^ Math.imul(oh ^ (h >>> 13), 0x27d4eb2f);
  h ^= h >>> 16;
  return Math.imul(h, 0x2c1b3c6d) >>> (32 - TABLE_BITS);
}

const MAX_PLY = 64;
const LIST = 34;
const mvSquare = new Int8Array(MAX_PLY * LIST);
const mvFl = new Int32Array(MAX_PLY * LIST);
const mvFh = new Int32Array(MAX_PLY * LIST);
const mvKey = new Int32Array(MAX_PLY * LIST);

// Inserts a move (square s, flips fl/fh, order key) into a node's list kept in four parallel
// arrays (squares, flips' low and high halves, keys) from index base, whose next free index
// is end: sorted by key, earlier moves first among equals. Both searches' move lists (here and
// reversi-solve.js) go through it.
export function insertMove(squares, lows, highs, keys, base, end, s, fl, fh, key) {
  let i = end;
  while (i > base && keys[i - 1] > key) {
    squares[i] = squares[i - 1];
    lows[i] = lows[i - 1];
    highs[i] = highs[i - 1];
    keys[i] = keys[i - 1];
    i--;
  }
  squares[i] = s;
  lows[i] = fl;
  highs[i] = fh;
  keys[i] = key;
}

class Stop extends Error {}
let nodes = 0;
let stopAt = 0;
let deadline = Infinity;
let stopNow = null;

function checkClock() {
  stopAt = nodes + 1024;
  if (performance.now() >= deadline || (stopNow && stopNow())) throw new Stop();
}

// The moves of the node at `ply` (bits ml, mh), ordered: the table's move, then by how few
// replies the opponent has (corners twice) and the square's worth; returns how many.
function orderMoves(pl, ph, ol, oh, ml, mh, ply, hashMove, depth) {
  const base = ply * LIST;
  let n = 0;
  for (let s = 0; s < SQUARES; s++) {
    if (s < 32 ? !((ml >>> s) & 1) : !((mh >>> (s - 32)) & 1)) continue;
    flipsOf(pl, ph, ol, oh, s, two);
    const fl = two[0];
    const fh = two[1];
    let key;
    if (s === hashMove) key = -1_000_000;
    else if (depth >= 3) {
      movesOf(ol ^ fl, oh ^ fh, pl | fl | lo(s), ph | fh | hi(s), two);
      const replies = popcount(two[0]) + popcount(two[1]) + popcount(two[0] & CORNERS_LO) + popcount(two[1] & CORNERS_HI);
      key = 16 * replies - SQUARE_WORTH[s];
    } else key = -SQUARE_WORTH[s];
    insertMove(mvSquare, mvFl, mvFh, mvKey, base, base + n++, s, fl, fh, key);
  }
  return n;
}

function negamax(pl, ph, ol, oh, depth, alpha, beta, ply, passed) {
  if (++nodes >= stopAt) checkClock();
  movesOf(pl, ph, ol, oh, two);
  const ml = two[0];
  const mh = two[1];
  if (!ml && !mh) {
    movesOf(ol, oh, pl, ph, two);
    if (!two[0] && !two[1]) return terminalScore(pl, ph, ol, oh);
    return -negamax(ol, oh, pl, ph, depth, -beta, -alpha, ply + 1, true);
  }
  if (depth <= 0) return evaluate(pl, ph, ol, oh);
  const index = slot(pl, ph, ol, oh);
  let hashMove = -1;
  const hit = tPl[index] === pl && tPh[index] === ph && tOl[index] === ol && tOh[index] === oh;
  if (hit) {
    hashMove = tMove[index];
    if (tDepth[index] >= depth) {
      const lower = tLower[index];
      const upper = tUpper[index];
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower === upper) return lower;
    }
  }
  const alpha0 = alpha;
  const n = orderMoves(pl, ph, ol, oh, ml, mh, ply, hashMove, depth);
  const base = ply * LIST;
  let best = -Infinity;
  let bestMove = mvSquare[base];
  for (let i = 0; i < n; i++) {
    const s = mvSquare[base + i];
    const fl = mvFl[base + i];
    const fh = mvFh[base + i];
    const npl = pl | fl | lo(s);
    const nph = ph | fh | hi(s);
    let v;
    if (i === 0) v = -negamax(ol ^ fl, oh ^ fh, npl, nph, depth - 1, -beta, -alpha, ply + 1, false);
    else {
      v = -negamax(ol ^ fl, oh ^ fh, npl, nph, depth - 1, -alpha - 1, -alpha, ply + 1, false);
      if (v > alpha && v < beta) v = -negamax(ol ^ fl, oh ^ fh, npl, nph, depth - 1, -beta, -v, ply + 1, false);
    }
    if (v > best) {
      best = v;
      bestMove = s;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  tPl[index] = pl;
  tPh[index] = ph;
  tOl[index] = ol;
  tOh[index] = oh;
  tDepth[index] = depth;
  tLower[index] = best > alpha0 ? best : -WIN * 2;
  tUpper[index] = best < beta ? best : WIN * 2;
  tMove[index] = bestMove;
  return best;
}

// Iterative deepening from the root. Returns {move, score, depth, nodes, complete, proven}:
// score for the player to move (null when nothing was searched), depth the last depth
// finished, complete when that depth reached the end of every line (the score is then the
// exact final disc difference, as terminalScore gives it), proven when the score is a
// finished game's (a forced win or loss seen within the depth: its sign is certain, its
// margin a bound). With no legal square the move is PASS (or -1 when the game is over),
// found without a search.
export function search(pl, ph, ol, oh, { maxDepth = 60, deadline: end = Infinity, shouldStop = null,
  random = Math.random } = {}) {
  nodes = 0;
  stopAt = 1024;
  deadline = end;
  stopNow = shouldStop;
  movesOf(pl, ph, ol, oh, two);
  const ml = two[0];
  const mh = two[1];
  if (!ml && !mh) {
    movesOf(ol, oh, pl, ph, two);
    const over = !two[0] && !two[1];
    return { move: over ? -1 : PASS, score: null, depth: 0, nodes: 0, complete: false, proven: false };
  }
  // The root's moves, shuffled (ties go to chance) then ordered by the squares' worth.
  const root = [];
  for (let s = 0; s < SQUARES; s++) if (s < 32 ? (ml >>> s) & 1 : (mh >>> (s - 32)) & 1) root.push(s);
  for (let i = root.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [root[i], root[j]] = [root[j], root[i]];
  }
  root.sort((a, b) => SQUARE_WORTH[b] - SQUARE_WORTH[a]);
  const empties = SQUARES - popcount(pl | ol) - popcount(ph | oh);
  let bestMove = root[0];
  let bestScore = null;
  let depthDone = 0;
  let complete = false;
  const scores = new Map();
  for (let depth = 1; depth <= Math.min(maxDepth, empties); depth++) {
    let alpha = -Infinity;
    let iterationBest = -1;
    scores.clear();
    try {
      for (let i = 0; i < root.length; i++) {
        const s = root[i];
        flipsOf(pl, ph, ol, oh, s, two);
        const fl = two[0];
        const fh = two[1];
        const npl = pl | fl | lo(s);
        const nph = ph | fh | hi(s);
        let v;
        if (i === 0) v = -negamax(ol ^ fl, oh ^ fh, npl, nph, depth - 1, -Infinity, Infinity, 1, false);
        else {
          v = -negamax(ol ^ fl, oh ^ fh, npl, nph, depth - 1, -alpha - 1, -alpha, 1, false);
          if (v > alpha) v = -negamax(ol ^ fl, oh ^ fh, npl, nph, depth - 1, -Infinity, -v, 1, false);
        }
        scores.set(s, v);
        if (v > alpha) {
          alpha = v;
          iterationBest = s;
        }
      }
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      // The previous best was searched first: a move that beat it at this depth is better.
      if (iterationBest !== -1 && iterationBest !== root[0] && scores.has(root[0])) {
        bestMove = iterationBest;
        bestScore = alpha;
      }
      break;
    }
    bestMove = iterationBest;
    bestScore = alpha;
    depthDone = depth;
    // Best first next time; moves that failed low keep their order.
    const order = new Map(root.map((s, i) => [s, i]));
    root.sort((a, b) => (a === iterationBest ? -1 : b === iterationBest ? 1 : order.get(a) - order.get(b)));
    if (depth >= empties) complete = true; // each ply but a pass fills a square
    if (Math.abs(alpha) > WIN - 100) break; // a forced result: deeper changes only its margin
  }
  const proven = bestScore !== null && Math.abs(bestScore) > WIN - 100;
  return { move: bestMove, score: bestScore, depth: depthDone, nodes, complete, proven };
}

// The value of a position for the player to move by a `depth`-ply search without a clock
// (the solver's move ordering).
export function probe(pl, ph, ol, oh, depth) {
  const savedDeadline = deadline;
  const savedStop = stopNow;
  deadline = Infinity;
  stopNow = null;
  try {
    return depth <= 0 ? evaluate(pl, ph, ol, oh) : negamax(pl, ph, ol, oh, depth, -Infinity, Infinity, 40, false);
  } finally {
    deadline = savedDeadline;
    stopNow = savedStop;
  }
}
