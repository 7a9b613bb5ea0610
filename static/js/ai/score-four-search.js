// Iterative-deepening principal variation search over the board in score-four-board.js.
// Move generation knows the game's tactics exactly: a side that can complete a line does; a
// single enemy threat on a playable cell must be blocked (and two lose); a ball is never
// dropped directly below an enemy threat cell unless every move is. Forced replies do not use
// up depth. On top: a transposition table whose keys fold the 8 symmetries of the pegs
// together, history move ordering, late-move reductions for quiet moves, an
// aspiration window at the root and a clock that predicts whether the next iteration fits.
// `solve` proves a position's result exactly (win, draw or loss) with null-window searches
// that run to the end of the game. Everything lives in typed arrays allocated once: nothing
// is allocated inside the search loop.
import {
  WIN, WIN_BOUND, b, canonicalSymmetry, color, evaluate, LINES_THROUGH, make, moveGain,
  SYM_CELL, SYM_INVERSE, symHash, unmake,
} from "./score-four-board.js";

const INF = 32000;
const MAX_PLY = 72;

// The table: buckets of two slots. The first keeps the deeper result, the second the latest.
const TT_BITS = 21;
const TT_SIZE = 1 << TT_BITS;
const TT_MASK = (TT_SIZE - 1) & ~1;
const ttKey = new Int32Array(TT_SIZE);
const ttValue = new Int16Array(TT_SIZE);
const ttDepth = new Int8Array(TT_SIZE); // 0 marks an empty slot: stored depths are depth + 1
const ttInfo = new Uint8Array(TT_SIZE); // bits 0-5 best cell (in the canonical view), 6-7 kind
const ttAge = new Uint8Array(TT_SIZE); // the search that wrote the slot
const EXACT = 1 << 6;
const LOWER = 2 << 6;
const UPPER = 3 << 6;
let age = 1;

const moveBuf = new Int8Array(MAX_PLY * 16);
const scoreBuf = new Int32Array(MAX_PLY * 16);
const history = new Int32Array(128); // [player * 64 + cell]: depth² summed over cut-offs

// Static order: cells on seven lines first, then the centre pegs.
const CELL_ORDER = new Int32Array(64);
for (let c = 0; c < 64; c++) {
  const x = c & 3;
  const y = (c >>> 2) & 3;
  const central = (x === 1 || x === 2 ? 1 : 0) + (y === 1 || y === 2 ? 1 : 0);
  CELL_ORDER[c] = LINES_THROUGH[c] * 4 + central;
}

// Late-move reductions: from this move index on, at this depth or more, a move that makes no
// new threat is searched one ply shallower (two when it comes very late), and again at full
// depth only if it beats alpha. Never within reach of the end, so deep results stay exact.
const LMR_FROM_MOVE = 3;
const LMR_MIN_DEPTH = 3;
const LMR_DEEP_MOVE = 7;
const LMR_DEEP_DEPTH = 6;
const ASPIRATION = 24; // half-width of the root window around the last iteration's score
const NEXT_ITERATION_SHARE = 0.3; // see think: how much of the next iteration must fit

// The search's tunable numbers (bench/ai_vs_baseline.mjs --tuning screens other values; the
// defaults are what plays). `reduce: false` turns late-move reductions off.
export const tuning = {
  reduce: true, nextShare: NEXT_ITERATION_SHARE, lmrFrom: LMR_FROM_MOVE, lmrDeepMove: LMR_DEEP_MOVE,
};

const ctl = {
  nodes: 0,
  deadline: Infinity,
  shouldStop: null,
  stopped: false,
  reduce: true,
};

function checkClock() {
  if (performance.now() >= ctl.deadline || (ctl.shouldStop !== null && ctl.shouldStop())) {
    ctl.stopped = true;
  }
}

// Two bits or more in the pair of halves?
function several(lo, hi) {
  return (lo & (lo - 1)) !== 0 || (hi & (hi - 1)) !== 0 || (lo !== 0 && hi !== 0);
}

function lowestCell(lo, hi) {
  return lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi);
}

// Fill moveBuf/scoreBuf at `ply` with the cells in (lo, hi), best-looking first; returns count.
// The table's move first, then by what the move builds and breaks (the change in line
// values), the history of cut-offs, and the cell's own worth.
function orderMoves(ply, lo, hi, me, ttMove) {
  const base = ply * 16;
  let n = 0;
  const ownLo = me === 0 ? b.thrLo0 : b.thrLo1;
  const ownHi = me === 0 ? b.thrHi0 : b.thrHi1;
  const hist = me * 64;
  while (lo !== 0 || hi !== 0) {
    let c;
    if (lo !== 0) { const bit = lo & -lo; c = 31 - Math.clz32(bit); lo ^= bit; } else {
      const bit = hi & -hi; c = 63 - Math.clz32(bit); hi ^= bit;
    }
    let s;
    if (c === ttMove) s = 1 << 30;
    else s = (moveGain(c, me) << 12) + (CELL_ORDER[c] << 6) + Math.min(history[hist + c] >> 4, 4095);
    // Filling the cell under one's own threat lets the enemy block it: try it last.
    if (c < 48) {
      const above = c + 16;
      const own = above < 32 ? (ownLo >>> above) & 1 : (ownHi >>> (above - 32)) & 1;
      if (own) s -= 1 << 28;
    }
    // Insertion into the sorted run.
    let i = n++;
    while (i > 0 && scoreBuf[base + i - 1] < s) {
      scoreBuf[base + i] = scoreBuf[base + i - 1];
      moveBuf[base + i] = moveBuf[base + i - 1];
      i--;
    }
    scoreBuf[base + i] = s;
    moveBuf[base + i] = c;
  }
  return n;
}

// Write a result into the table: `slot` is where the board's entry already is (or -1).
function store(sym, bucket, slot, depth, score, kind, move, ply) {
  let stored = score;
  if (stored > WIN_BOUND) stored += ply; else if (stored < -WIN_BOUND) stored -= ply;
  const storedDepth = Math.max(0, Math.min(126, depth)) + 1;
  // The first slot keeps the deeper result (or this search's), the second takes the rest.
  let into = bucket + 1;
  if (slot >= 0) into = slot;
  else if (ttDepth[bucket] === 0 || ttAge[bucket] !== age || ttDepth[bucket] <= storedDepth) {
    if (ttDepth[bucket] !== 0) {
      ttKey[bucket + 1] = ttKey[bucket]; ttValue[bucket + 1] = ttValue[bucket];
      ttDepth[bucket + 1] = ttDepth[bucket]; ttInfo[bucket + 1] = ttInfo[bucket];
      ttAge[bucket + 1] = ttAge[bucket];
    }
    into = bucket;
  }
  if (into !== slot || ttDepth[slot] <= storedDepth || kind === EXACT) {
    ttKey[into] = symHash[sym + 8];
    ttValue[into] = stored;
    ttDepth[into] = storedDepth;
    ttInfo[into] = kind | SYM_CELL[sym * 64 + move];
    ttAge[into] = age;
  }
}

// Store the root's result after a finished iteration, so the next search starts from it.
function storeRoot(depth, score, move) {
  const sym = canonicalSymmetry();
  const bucket = symHash[sym] & TT_MASK;
  let slot = -1;
  if (ttKey[bucket] === symHash[sym + 8] && ttDepth[bucket] !== 0) slot = bucket;
  else if (ttKey[bucket + 1] === symHash[sym + 8] && ttDepth[bucket + 1] !== 0) slot = bucket + 1;
  store(sym, bucket, slot, depth, score, EXACT, move, 0);
}

function negamax(depth, alpha, beta, ply) {
  ctl.nodes++;
  if ((ctl.nodes & 1023) === 0) checkClock();
  if (ctl.stopped) return 0;
  if (b.filled === 64) return 0;
  const me = b.filled & 1;
  const myLo = me === 0 ? b.thrLo0 : b.thrLo1;
  const myHi = me === 0 ? b.thrHi0 : b.thrHi1;
  if ((myLo & b.playLo) !== 0 || (myHi & b.playHi) !== 0) return WIN - ply - 1;
  const opLo = me === 0 ? b.thrLo1 : b.thrLo0;
  const opHi = me === 0 ? b.thrHi1 : b.thrHi0;
  const forcedLo = opLo & b.playLo;
  const forcedHi = opHi & b.playHi;
  let movesLo;
  let movesHi;
  let nextDepth = depth - 1;
  let quiet = true; // more than one real choice here
  if ((forcedLo | forcedHi) !== 0) {
    if (several(forcedLo, forcedHi)) return -(WIN - ply - 2);
    movesLo = forcedLo; movesHi = forcedHi;
    nextDepth = depth; // a forced reply costs no depth
    quiet = false;
  } else {
    movesLo = b.playLo & ~((opLo >>> 16) | (opHi << 16));
    movesHi = b.playHi & ~(opHi >>> 16);
    if ((movesLo | movesHi) === 0) return -(WIN - ply - 2); // every drop hands over a win
    if (!several(movesLo, movesHi)) { nextDepth = depth; quiet = false; }
    else if (depth <= 0) return evaluate();
  }
  // Neither side can win sooner than this: shrink the window (mate-distance pruning).
  const best = WIN - ply - 3;
  if (beta > best) { beta = best; if (alpha >= beta) return beta; }
  const worst = -(WIN - ply - 2);
  if (alpha < worst) { alpha = worst; if (alpha >= beta) return alpha; }

  // Probe the table under the board's canonical symmetry (moves are stored in that view).
  const sym = canonicalSymmetry();
  const key1 = symHash[sym];
  const key2 = symHash[sym + 8];
  const bucket = key1 & TT_MASK;
  let slot = -1;
  if (ttKey[bucket] === key2 && ttDepth[bucket] !== 0) slot = bucket;
  else if (ttKey[bucket + 1] === key2 && ttDepth[bucket + 1] !== 0) slot = bucket + 1;
  let ttMove = -1;
  if (slot >= 0) {
    const info = ttInfo[slot];
    ttMove = SYM_CELL[SYM_INVERSE[sym] * 64 + (info & 63)];
    if (ttDepth[slot] - 1 >= depth) {
      let v = ttValue[slot];
      if (v > WIN_BOUND) v -= ply; else if (v < -WIN_BOUND) v += ply;
      const kind = info & 192;
      if (kind === EXACT) return v;
      if (kind === LOWER && v >= beta) return v;
      if (kind === UPPER && v <= alpha) return v;
    }
  }

  const n = orderMoves(ply, movesLo, movesHi, me, ttMove);
  const base = ply * 16;
  const alpha0 = alpha;
  // Reductions only while the end of the game is out of reach: within it the search is exact.
  const mayReduce = quiet && ctl.reduce && depth >= LMR_MIN_DEPTH && depth < 64 - b.filled;
  let bestScore = -INF;
  let bestMove = moveBuf[base];
  for (let i = 0; i < n; i++) {
    const c = moveBuf[base + i];
    const threatsLo = me === 0 ? b.thrLo0 : b.thrLo1;
    const threatsHi = me === 0 ? b.thrHi0 : b.thrHi1;
    make(c, me);
    let v;
    if (i === 0) v = -negamax(nextDepth, -beta, -alpha, ply + 1);
    else {
      let reduction = 0;
      if (mayReduce && i >= tuning.lmrFrom) {
        const madeThreat = (me === 0 ? b.thrLo0 !== threatsLo || b.thrHi0 !== threatsHi
          : b.thrLo1 !== threatsLo || b.thrHi1 !== threatsHi);
        if (!madeThreat) reduction = i >= tuning.lmrDeepMove && depth >= LMR_DEEP_DEPTH ? 2 : 1;
      }
      v = -negamax(nextDepth - reduction, -alpha - 1, -alpha, ply + 1);
      if (reduction > 0 && v > alpha && !ctl.stopped) v = -negamax(nextDepth, -alpha - 1, -alpha, ply + 1);
      if (v > alpha && v < beta && !ctl.stopped) v = -negamax(nextDepth, -beta, -alpha, ply + 1);
    }
    unmake(c, me);
    if (ctl.stopped) return 0;
    if (v > bestScore) {
      bestScore = v;
      bestMove = c;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) {
          if (quiet && c !== ttMove) history[me * 64 + c] += depth * depth;
          break;
        }
      }
    }
  }
  const kind = bestScore >= beta ? LOWER : bestScore <= alpha0 ? UPPER : EXACT;
  store(sym, bucket, slot, depth, bestScore, kind, bestMove, ply);
  return bestScore;
}

// The best move the table holds for the current board (mapped from the canonical view back
// to this board), or -1.
export function tableMove() {
  const sym = canonicalSymmetry();
  const bucket = symHash[sym] & TT_MASK;
  for (let slot = bucket; slot < bucket + 2; slot++) {
    if (ttKey[slot] === symHash[sym + 8] && ttDepth[slot] !== 0) {
      return SYM_CELL[SYM_INVERSE[sym] * 64 + (ttInfo[slot] & 63)];
    }
  }
  return -1;
}

export function clearTables() {
  ttDepth.fill(0);
  history.fill(0);
}

// Start a new search: older table entries give way first; the history fades.
function newSearch() {
  age = (age + 1) & 255 || 1;
  for (let i = 0; i < 128; i++) history[i] >>= 2;
}

// The 8 symmetries of the square of pegs as cell maps (SYM_CELL rows).
const PEG_SYMMETRIES = Array.from({ length: 8 }, (_, s) => SYM_CELL.subarray(s * 64, s * 64 + 64));

// The symmetries (as cell maps) that leave the current board unchanged.
export function boardSymmetries() {
  return PEG_SYMMETRIES.filter((map) => {
    for (let c = 0; c < 64; c++) if (color[c] !== color[map[c]]) return false;
    return true;
  });
}

// One cell of each class of cells the board's symmetries make equivalent.
export function distinctCells(cells, symmetries) {
  return cells.filter((c) => symmetries.every((map) => map[c] >= c));
}

// The root moves: every peg's next cell, minus those right under an enemy threat unless no
// other move exists. Returns { cells, forced } where forced names a move that needs no
// search (a win now, or the one block), or -1.
export function rootMoves() {
  const me = b.filled & 1;
  const myLo = me === 0 ? b.thrLo0 : b.thrLo1;
  const myHi = me === 0 ? b.thrHi0 : b.thrHi1;
  const opLo = me === 0 ? b.thrLo1 : b.thrLo0;
  const opHi = me === 0 ? b.thrHi1 : b.thrHi0;
  const winLo = myLo & b.playLo;
  const winHi = myHi & b.playHi;
  if ((winLo | winHi) !== 0) return { cells: [lowestCell(winLo, winHi)], forced: "win" };
  const blockLo = opLo & b.playLo;
  const blockHi = opHi & b.playHi;
  if ((blockLo | blockHi) !== 0) {
    return { cells: [lowestCell(blockLo, blockHi)], forced: several(blockLo, blockHi) ? "lost" : "block" };
  }
  let lo = b.playLo & ~((opLo >>> 16) | (opHi << 16));
  let hi = b.playHi & ~(opHi >>> 16);
  let forced = null;
  if ((lo | hi) === 0) { lo = b.playLo; hi = b.playHi; forced = "lost"; }
  const cells = [];
  while (lo !== 0) { const bit = lo & -lo; cells.push(31 - Math.clz32(bit)); lo ^= bit; }
  while (hi !== 0) { const bit = hi & -hi; cells.push(63 - Math.clz32(bit)); hi ^= bit; }
  if (cells.length === 1 && forced === null) forced = "only";
  return { cells, forced };
}

function startClock({ deadline = Infinity, shouldStop = null, reduce = true } = {}) {
  ctl.nodes = 0;
  ctl.deadline = deadline;
  ctl.shouldStop = shouldStop;
  ctl.stopped = false;
  ctl.reduce = reduce && tuning.reduce;
}

// Search each root move with a full window at `depth`, without reductions; returns scores
// aligned with cells, or null when stopped. Used by the shallow levels, which want every
// move's score.
export function scoreAll(cells, depth) {
  const me = b.filled & 1;
  const scores = [];
  const reduce = ctl.reduce;
  ctl.reduce = false;
  for (const c of cells) {
    make(c, me);
    const v = -negamax(depth - 1, -INF, INF, 1);
    unmake(c, me);
    if (ctl.stopped) break;
    scores.push(v);
  }
  ctl.reduce = reduce;
  return ctl.stopped ? null : scores;
}

// Search the root moves in `order` at `depth` inside (alpha, beta), PVS style. Writes each
// move's (bound) score into rootScores and returns the best score. found[0] is the best move
// so far and found[1] is 1 once a move other than the first has beaten alpha: if the search
// is cut short, that move is still known to be better than the first.
function searchRoot(order, rootScores, depth, alpha, beta, found) {
  const me = b.filled & 1;
  let bestScore = -INF;
  found[0] = -1;
  found[1] = 0;
  for (let i = 0; i < order.length; i++) {
    const c = order[i];
    make(c, me);
    let v;
    const before = found[0];
    const beat = found[1];
    if (i === 0) v = -negamax(depth - 1, -beta, -alpha, 1);
    else {
      v = -negamax(depth - 1, -alpha - 1, -alpha, 1);
      if (v > alpha && v < beta && !ctl.stopped) {
        found[0] = c; found[1] = 1;
        v = -negamax(depth - 1, -beta, -alpha, 1);
      }
    }
    unmake(c, me);
    if (ctl.stopped) break;
    rootScores[i] = v;
    if (v > bestScore) { bestScore = v; found[0] = c; } else { found[0] = before; found[1] = beat; }
    if (v > alpha) {
      alpha = v;
      if (alpha >= beta) break;
    }
  }
  return bestScore;
}

// Iterative deepening from the current board over `cells` (from rootMoves). Stops at
// maxDepth, at a proven result, once the search reaches the end of the game (exact), at the
// deadline, or when the next iteration is predicted not to get through its first move in
// the budget. Keeps the best move of the last iteration that finished, or a move that beat
// it inside the unfinished one.
export function think(cells, { maxDepth = 64, deadline = Infinity, shouldStop = null,
  startedAt = performance.now(), budgetMs = Infinity, reduce = true } = {}) {
  startClock({ deadline, shouldStop, reduce });
  newSearch();
  const empties = 64 - b.filled;
  const order = cells.slice();
  const rootScores = new Int32Array(order.length);
  const rootBest = new Int32Array(2);
  let bestMove = order[0];
  let bestScore = 0;
  let depthDone = 0;
  let exact = false;
  let lastIterationMs = 0;
  let growth = 4; // how much longer each iteration takes than the one before
  for (let depth = 1; depth <= maxDepth; depth++) {
    const iterationStart = performance.now();
    let alpha = -INF;
    let beta = INF;
    if (depth >= 5 && Math.abs(bestScore) < WIN_BOUND) { alpha = bestScore - ASPIRATION; beta = bestScore + ASPIRATION; }
    let score;
    for (;;) {
      score = searchRoot(order, rootScores, depth, alpha, beta, rootBest);
      if (ctl.stopped) break;
      if (score <= alpha && alpha > -INF) { alpha = -INF; continue; } // failed low: widen
      if (score >= beta && beta < INF) { beta = INF; continue; } // failed high: widen
      break;
    }
    if (ctl.stopped) {
      // A move that beat the last iteration's choice at this depth is the better move.
      if (rootBest[1] === 1 && rootBest[0] >= 0) bestMove = rootBest[0];
      break;
    }
    bestMove = rootBest[0];
    bestScore = score;
    depthDone = depth;
    storeRoot(depth, score, bestMove);
    // Best move first next time; the rest by this iteration's (bound) scores.
    const idx = order.map((_, i) => i).sort((x, y) => {
      if (order[x] === bestMove) return -1;
      if (order[y] === bestMove) return 1;
      return rootScores[y] - rootScores[x];
    });
    const reordered = idx.map((i) => order[i]);
    for (let i = 0; i < order.length; i++) order[i] = reordered[i];
    if (Math.abs(bestScore) > WIN_BOUND) { exact = true; break; }
    if (depth >= empties) { exact = true; break; }
    const now = performance.now();
    const iterationMs = now - iterationStart;
    if (lastIterationMs > 2) growth = Math.min(8, Math.max(1.5, iterationMs / lastIterationMs));
    lastIterationMs = iterationMs;
    // Start the next iteration if its first move (the best so far, often a third of the
    // iteration or more) can be expected to finish: a part of an iteration still refines
    // the best move's score and may find a better one, the rest of the time is wasted.
    if (now - startedAt + iterationMs * growth * tuning.nextShare > budgetMs) break;
  }
  return { cell: bestMove, score: bestScore, depth: depthDone, nodes: ctl.nodes, exact,
    stopped: ctl.stopped };
}

// Prove the result of the current board for the side to move over `cells` (from rootMoves)
// with null-window searches to the end of the game. Returns null if stopped, else
// { value: 1 | 0 | -1, cell, drawing, distance, distanceExact, nodes }: cell is a winning
// move (the fastest) when value is 1, drawing lists moves that hold a draw when value is
// 0 (all of them unless the clock ran out after the first), and distance is the number of plies to the end with best play (the board filling up for
// a draw); for a loss, and for a win when the clock ran out, only an upper bound.
export function solve(cells, { deadline = Infinity, shouldStop = null } = {}) {
  startClock({ deadline, shouldStop, reduce: false });
  newSearch();
  const me = b.filled & 1;
  const depth = 64 - b.filled;
  // Likeliest winners first: the table's view, then what each move builds.
  const order = cells.slice().sort((x, y) => moveGain(y, me) - moveGain(x, me));
  for (let i = 0; i < order.length; i++) {
    make(order[i], me);
    const v = -negamax(depth - 1, -1, 0, 1); // does the opponent lose after this move?
    unmake(order[i], me);
    if (ctl.stopped) return null;
    if (v >= 1) return fastestWin(order, order[i], v);
  }
  const drawing = [];
  let longest = 0;
  for (let i = 0; i < order.length; i++) {
    make(order[i], me);
    const v = -negamax(depth - 1, 0, 1, 1); // does the opponent fail to win after it?
    unmake(order[i], me);
    if (ctl.stopped) {
      // One drawing move already proves the draw (no move wins): the rest are a bonus.
      if (drawing.length === 0) return null;
      break;
    }
    if (v >= 0) drawing.push(order[i]);
    else longest = Math.max(longest, WIN + v);
  }
  if (drawing.length > 0) {
    return { value: 0, cell: drawing[0], drawing, distance: depth, distanceExact: true, nodes: ctl.nodes };
  }
  return { value: -1, cell: order[0], drawing, distance: longest, distanceExact: false, nodes: ctl.nodes };
}

// A win is proven with `cell` at score `v` or more (a win within WIN - v plies). Ask, move by
// move, whether a win two plies sooner exists (a win always lands on the winner's own ply)
// until none does: then the distance is exact. If the clock runs out first, the distance
// stays an upper bound (distanceExact false).
function fastestWin(order, cell, v) {
  const me = b.filled & 1;
  const depth = 64 - b.filled;
  for (;;) {
    const target = v + 2;
    let found = false;
    for (let i = 0; i < order.length && !found; i++) {
      make(order[i], me);
      const r = -negamax(depth - 1, -target, -target + 1, 1);
      unmake(order[i], me);
      if (ctl.stopped) break;
      if (r >= target) { v = r; cell = order[i]; found = true; }
    }
    if (ctl.stopped || !found) {
      return { value: 1, cell, drawing: [], distance: WIN - v, distanceExact: !ctl.stopped, nodes: ctl.nodes };
    }
  }
}

export function setLimits(limits = {}) {
  startClock(limits);
}

export function searchStats() {
  return { nodes: ctl.nodes, stopped: ctl.stopped };
}
