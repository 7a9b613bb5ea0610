// Iterative-deepening negamax with alpha-beta (principal variation search) over the board in
// score-four-board.js. Move generation knows the game's tactics exactly: a side that can
// complete a line does; a single enemy threat on a playable cell must be blocked (and two
// lose); a ball is never dropped directly below an enemy threat cell unless every move is.
// Forced replies do not use up depth. The transposition table is typed arrays; nothing is
// allocated inside the search loop.
import {
  WIN, WIN_BOUND, b, color, evaluate, height, LINES_THROUGH, make, moveGain, unmake,
} from "./score-four-board.js";

const INF = 32000;
const MAX_PLY = 72;

const TT_BITS = 20;
const TT_SIZE = 1 << TT_BITS;
const TT_MASK = TT_SIZE - 1;
const ttKey = new Int32Array(TT_SIZE);
const ttValue = new Int16Array(TT_SIZE);
const ttDepth = new Int8Array(TT_SIZE); // 0 marks an empty slot: stored depths are depth + 1
const ttInfo = new Uint8Array(TT_SIZE); // bits 0-5 best cell, bits 6-7 bound kind
const EXACT = 1 << 6;
const LOWER = 2 << 6;
const UPPER = 3 << 6;

const moveBuf = new Int8Array(MAX_PLY * 16);
const scoreBuf = new Int32Array(MAX_PLY * 16);
// Static order: cells on seven lines first, then the centre pegs.
const CELL_ORDER = new Int32Array(64);
for (let c = 0; c < 64; c++) {
  const x = c & 3;
  const y = (c >>> 2) & 3;
  const central = (x === 1 || x === 2 ? 1 : 0) + (y === 1 || y === 2 ? 1 : 0);
  CELL_ORDER[c] = LINES_THROUGH[c] * 4 + central;
}

const ctl = {
  nodes: 0,
  deadline: Infinity,
  shouldStop: null,
  stopped: false,
  rootFilled: 0,
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
// The table's move first, then by how much the move changes the line values (what it builds
// plus what it breaks), then cells on seven lines and central pegs. Killer moves and the
// history heuristic were tried and cost nodes here: a cell's worth depends on the position.
function orderMoves(ply, lo, hi, me, ttMove) {
  const base = ply * 16;
  let n = 0;
  const ownLo = me === 0 ? b.thrLo0 : b.thrLo1;
  const ownHi = me === 0 ? b.thrHi0 : b.thrHi1;
  while (lo !== 0 || hi !== 0) {
    let c;
    if (lo !== 0) { const bit = lo & -lo; c = 31 - Math.clz32(bit); lo ^= bit; } else {
      const bit = hi & -hi; c = 63 - Math.clz32(bit); hi ^= bit;
    }
    let s;
    if (c === ttMove) s = 1 << 30;
    else s = (moveGain(c, me) << 4) + CELL_ORDER[c];
    // Filling the cell under one's own threat lets the enemy block it: try it last.
    if (c < 48) {
      const above = c + 16;
      const own = above < 32 ? (ownLo >>> above) & 1 : (ownHi >>> (above - 32)) & 1;
      if (own) s -= 1 << 27;
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
  if ((forcedLo | forcedHi) !== 0) {
    if (several(forcedLo, forcedHi)) return -(WIN - ply - 2);
    movesLo = forcedLo; movesHi = forcedHi;
    nextDepth = depth; // a forced reply costs no depth
  } else {
    movesLo = b.playLo & ~((opLo >>> 16) | (opHi << 16));
    movesHi = b.playHi & ~(opHi >>> 16);
    if ((movesLo | movesHi) === 0) return -(WIN - ply - 2); // every drop hands over a win
    if (!several(movesLo, movesHi)) nextDepth = depth;
    else if (depth <= 0) return evaluate();
  }
  // Neither side can win sooner than this: shrink the window (mate-distance pruning).
  const best = WIN - ply - 3;
  if (beta > best) { beta = best; if (alpha >= beta) return beta; }
  const worst = -(WIN - ply - 2);
  if (alpha < worst) { alpha = worst; if (alpha >= beta) return alpha; }

  const slot = b.hash1 & TT_MASK;
  let ttMove = -1;
  if (ttKey[slot] === b.hash2 && ttDepth[slot] !== 0) {
    const info = ttInfo[slot];
    ttMove = info & 63;
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
  let bestScore = -INF;
  let bestMove = moveBuf[base];
  for (let i = 0; i < n; i++) {
    const c = moveBuf[base + i];
    make(c, me);
    let v;
    if (i === 0) v = -negamax(nextDepth, -beta, -alpha, ply + 1);
    else {
      // No late-move reductions: they cut nodes threefold at equal depth but lost a
      // 16-game sample at equal time (7-9), so every move keeps its full depth.
      v = -negamax(nextDepth, -alpha - 1, -alpha, ply + 1);
      if (v > alpha && v < beta && !ctl.stopped) v = -negamax(nextDepth, -beta, -alpha, ply + 1);
    }
    unmake(c, me);
    if (ctl.stopped) return 0;
    if (v > bestScore) {
      bestScore = v;
      bestMove = c;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  let stored = bestScore;
  if (stored > WIN_BOUND) stored += ply; else if (stored < -WIN_BOUND) stored -= ply;
  const kind = bestScore >= beta ? LOWER : bestScore <= alpha0 ? UPPER : EXACT;
  if (ttDepth[slot] === 0 || ttDepth[slot] - 1 <= depth + 1 || kind === EXACT) {
    ttKey[slot] = b.hash2;
    ttValue[slot] = stored;
    ttDepth[slot] = Math.max(0, Math.min(126, depth + 1));
    ttInfo[slot] = kind | bestMove;
  }
  return bestScore;
}

export function clearTables() {
  ttDepth.fill(0);
}

// The root moves: every peg's next cell, minus those right under an enemy threat unless no
// other move exists. Returns { cells, forced } where forced names a move that needs no
// search (a win now, or the one block), or -1.
// The 8 symmetries of the square of pegs (they map lines to lines on every level).
const PEG_SYMMETRIES = [
  (x, y) => [x, y], (x, y) => [3 - y, x], (x, y) => [3 - x, 3 - y], (x, y) => [y, 3 - x],
  (x, y) => [3 - x, y], (x, y) => [x, 3 - y], (x, y) => [y, x], (x, y) => [3 - y, 3 - x],
].map((f) => Int8Array.from({ length: 64 }, (_, c) => {
  const [x, y] = f(c & 3, (c >>> 2) & 3);
  return (c & 48) | (y * 4 + x);
}));

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

// Search each root move with a full window at `depth`; returns scores aligned with cells,
// or null when stopped. Used by the shallow levels, which want every move's score.
export function scoreAll(cells, depth) {
  const me = b.filled & 1;
  const scores = [];
  for (const c of cells) {
    make(c, me);
    const v = -negamax(depth - 1, -INF, INF, 1);
    unmake(c, me);
    if (ctl.stopped) return null;
    scores.push(v);
  }
  return scores;
}

// Iterative deepening from the current board over `cells` (from rootMoves). Stops at
// maxDepth, at a proven result, once the search reaches the end of the game (exact), or
// at the deadline, keeping the best move of the last iteration that finished (or a better
// one proven inside the unfinished iteration).
export function think(cells, { maxDepth = 64, deadline = Infinity, shouldStop = null,
  startedAt = performance.now(), budgetMs = Infinity } = {}) {
  ctl.nodes = 0;
  ctl.deadline = deadline;
  ctl.shouldStop = shouldStop;
  ctl.stopped = false;
  ctl.rootFilled = b.filled;
  const me = b.filled & 1;
  const empties = 64 - b.filled;
  const order = cells.slice();
  const rootScores = new Int32Array(order.length);
  let bestMove = order[0];
  let bestScore = 0;
  let depthDone = 0;
  let exact = false;
  for (let depth = 1; depth <= maxDepth; depth++) {
    let alpha = -INF;
    let iterBest = -1;
    let iterScore = -INF;
    for (let i = 0; i < order.length; i++) {
      const c = order[i];
      make(c, me);
      let v;
      if (i === 0) v = -negamax(depth - 1, -INF, -alpha, 1);
      else {
        v = -negamax(depth - 1, -alpha - 1, -alpha, 1);
        if (v > alpha && !ctl.stopped) v = -negamax(depth - 1, -INF, -alpha, 1);
      }
      unmake(c, me);
      if (ctl.stopped) break;
      rootScores[i] = v;
      if (v > iterScore) { iterScore = v; iterBest = c; }
      if (v > alpha) alpha = v;
    }
    if (ctl.stopped) {
      // A move proven better than the last iteration's choice is still worth playing.
      if (iterBest >= 0 && iterScore > bestScore && iterBest !== bestMove) {
        bestMove = iterBest; bestScore = iterScore;
      }
      break;
    }
    bestMove = iterBest;
    bestScore = iterScore;
    depthDone = depth;
    // Best move first next time; the rest by this iteration's (bound) scores.
    const idx = order.map((_, i) => i).sort((x, y) => {
      if (order[x] === iterBest) return -1;
      if (order[y] === iterBest) return 1;
      return rootScores[y] - rootScores[x];
    });
    const reordered = idx.map((i) => order[i]);
    for (let i = 0; i < order.length; i++) order[i] = reordered[i];
    if (Math.abs(bestScore) > WIN_BOUND) break;
    if (depth >= empties) { exact = true; break; }
    const spent = performance.now() - startedAt;
    if (spent > budgetMs * 0.55) break; // the next iteration would not finish in time
  }
  if (Math.abs(bestScore) > WIN_BOUND && depthDone > 0) exact = true;
  return { cell: bestMove, score: bestScore, depth: depthDone, nodes: ctl.nodes, exact,
    stopped: ctl.stopped };
}

export function setLimits({ deadline = Infinity, shouldStop = null } = {}) {
  ctl.nodes = 0;
  ctl.deadline = deadline;
  ctl.shouldStop = shouldStop;
  ctl.stopped = false;
}

export function searchStats() {
  return { nodes: ctl.nodes, stopped: ctl.stopped };
}

export { height };
