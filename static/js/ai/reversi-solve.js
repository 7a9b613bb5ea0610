// Exact Reversi endgames: the final disc difference with best play on both sides, the empty
// squares going to the side with more discs (the usual convention; scores are even, -64 to
// 64), for the side to move. The rules are the engine twin's own bitboard functions
// (static/js/engines/reversi.js: movesOf, finalScore), but for the discs a move turns: those
// come from tables by lines here (flips, lastCount; the tests hold them against the twin's
// flipsOf and lastFlips), about twice as fast as the twin's rays.
//
// Negamax with alpha-beta over the two sides' bitboards (two 32-bit halves each, no BigInt,
// nothing allocated per node). The root finds the score by null-window searches (MTD(f):
// each answers "above g?" and its bound moves g) unless a window is given; the first g is a
// guess from `tuning.guessFrom` empty squares: the midgame evaluation (reversi-search.js)
// after a `tuning.guessDepth`-ply search, scaled to discs (`tuning.guessScale`, fitted on
// positions of 19 empty squares: about 10 discs off on average), else 0.
// - Above `tuning.shallow` empty squares: principal variation search (null windows after the
//   first move); a hash table of bounds and best moves in buckets of two (the entry searched
//   with more empty squares, and the latest; each holds the whole position, so a hit is
//   never another board); after the table's move, moves ordered from `tuning.evalSort` empty
//   squares by the midgame evaluation (mobility, potential mobility, corners and the squares
//   next to them, frontier; not stable discs) after the opponent's best reply by it, plus
//   `tuning.replyWeight` a reply the opponent has (a one-ply search), and from
//   `tuning.searchSort` by a `tuning.searchSortDepth`-ply search of the evaluation
//   (reversi-search.js probe, its table cleared at each solve): together 6.3 to 4.7 million
//   nodes on 24 positions of 20 empty squares against the evaluation of the position the
//   move leaves; fastest first below `tuning.evalSort` (the fewest replies for the
//   opponent, corners counted twice); from `tuning.etc` empty squares a child the table
//   already refutes cuts at once; a node whose window lies above what the opponent's stable
//   discs leave (64 - 2 x stable, reversi-stable.js stableWithEdges) fails low without a
//   search.
// - At `tuning.shallow` empty squares and below: no table and no mobility, the empty squares
//   tried in a fixed order (corners first, the squares next to corners last), those of the
//   board's quarters holding an odd number of empty squares first (parity), a square skipped
//   at once when no enemy disc touches it; at 5 and 6 the stability cut-off from the edges'
//   safe discs alone (edgeStable, a table); the last four and three squares tried directly
//   (lastFour, lastThree), the last two played out directly (lastTwo, lastSquare).
// solve(state) returns {score, move, nodes, ms}; solveBoard() is the same on raw bitboards.
import { PASS, SQUARES, finalScore, movesOf, popcount } from "../engines/reversi.js";
import { WIN, clearSearchTable, evaluate, insertMove, probe, terminalScore } from "./reversi-search.js";
import { edgeStable, stableDiscs, stableWithEdges } from "./reversi-stable.js";

export { stableDiscs };

// shallow: at this many empty squares and fewer, the search without table or mobility;
// etc: from this many empty squares, children already refuted by the table cut at once;
// evalSort, replyWeight, searchSort, searchSortDepth, guessFrom, guessDepth, guessScale: the
// ordering and first guess above.
export const tuning = {
  shallow: 6, edgeFrom: 5, etc: 12, evalSort: 14, replyWeight: 10, searchSort: 18, searchSortDepth: 4,
  guessFrom: 14, guessDepth: 6, guessScale: 0.12,
};
const HEAD = 64; // the sentinel of the list of empty squares
const next = new Int8Array(65);
const prev = new Int8Array(65);
let parity = 0; // bit q: quarter q (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) has an odd number of empties

const QUARTER = Int8Array.from({ length: SQUARES }, (_, s) => ((s >> 5) << 1) | ((s & 7) >> 2));

// The order empty squares are tried in where nothing better is known: corners, the edges'
// middle and the squares two from a corner, the centre, the squares next to corners last.
const PRIORITY = [
  "a1 h1 a8 h8",
  "c1 f1 a3 h3 a6 h6 c8 f8 c3 f3 c6 f6",
  "d1 e1 a4 h4 a5 h5 d8 e8",
  "d3 e3 c4 f4 c5 f5 d6 e6 d4 e4 d5 e5",
  "d2 e2 b4 g4 b5 g5 d7 e7 c2 f2 b3 g3 b6 g6 c7 f7",
  "b1 g1 a2 h2 a7 h7 b8 g8",
  "b2 g2 b7 g7",
].join(" ").split(" ").map((name) => (Number(name[1]) - 1) * 8 + name.charCodeAt(0) - 97);

// The eight neighbours of each square, as halves: a square no enemy disc touches flips nothing.
const NEAR_LO = new Int32Array(SQUARES);
const NEAR_HI = new Int32Array(SQUARES);
for (let s = 0; s < SQUARES; s++) {
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const r = (s >> 3) + dr;
      const c = (s & 7) + dc;
      if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8) {
        const t = r * 8 + c;
        if (t < 32) NEAR_LO[s] |= 1 << t;
        else NEAR_HI[s] |= 1 << (t - 32);
      }
    }
  }
}
const CORNERS_LO = 1 | (1 << 7);
const CORNERS_HI = (1 << 24) | (1 << 31);

// Flips by lines instead of rays: the four lines through a square (its row, its column, its
// two diagonals) each read as 8 bits (bit i: the line's square in column i, or in row i for a
// column), the player's (p8) and the opponent's (o8). OUTFLANK[pos][inner 6 bits of o8]
// names the squares just past the runs of enemy discs that start next to pos (at most one on
// each side); those of them the player holds outflank, and FLIPPED[pos][outflanking bits] is
// what turns along the line. COUNT[pos][p8] is what a disc on pos turns when every other
// square of the line is filled (the last empty square): the enemy discs up to the player's
// nearest disc on each side.
const OUTFLANK = new Uint8Array(8 * 64);
const FLIPPED = new Uint8Array(8 * 256);
const COUNT = new Uint8Array(8 * 256);
for (let pos = 0; pos < 8; pos++) {
  for (let inner = 0; inner < 64; inner++) {
    const o = inner << 1;
    let out = 0;
    let j = pos + 1;
    while (j < 8 && (o >> j) & 1) j++;
    if (j > pos + 1 && j < 8) out |= 1 << j;
    j = pos - 1;
    while (j >= 0 && (o >> j) & 1) j--;
    if (j < pos - 1 && j >= 0) out |= 1 << j;
    OUTFLANK[pos * 64 + inner] = out;
  }
  for (let f = 0; f < 256; f++) {
    let m = 0;
    for (let j = 0; j < 8; j++) {
      if (!((f >> j) & 1)) continue;
      for (let k = Math.min(j, pos) + 1; k < Math.max(j, pos); k++) m |= 1 << k;
    }
    FLIPPED[pos * 256 + f] = m;
    let n = 0;
    for (let j = pos + 1; j < 8; j++) {
      if ((f >> j) & 1) {
        n += j - pos - 1;
        break;
      }
    }
    for (let j = pos - 1; j >= 0; j--) {
      if ((f >> j) & 1) {
        n += pos - j - 1;
        break;
      }
    }
    COUNT[pos * 256 + f] = n;
  }
}
// Each square's two diagonals as halves (D1: column - row constant, D2: column + row).
const D1L = new Int32Array(SQUARES);
const D1H = new Int32Array(SQUARES);
const D2L = new Int32Array(SQUARES);
const D2H = new Int32Array(SQUARES);
for (let s = 0; s < SQUARES; s++) {
  for (let t = 0; t < SQUARES; t++) {
    const [r, c, rr, cc] = [s >> 3, s & 7, t >> 3, t & 7];
    if (cc - rr === c - r) {
      if (t < 32) D1L[s] |= 1 << t;
      else D1H[s] |= 1 << (t - 32);
    }
    if (cc + rr === c + r) {
      if (t < 32) D2L[s] |= 1 << t;
      else D2H[s] |= 1 << (t - 32);
    }
  }
}
// A column's 4 bits (bit i: row i of the half) spread to the half's column a.
const COLSPREAD = Int32Array.from({ length: 16 }, (_, n) => (n & 1) | ((n & 2) << 7) | ((n & 4) << 14) | ((n & 8) << 21));

// What a disc of the player (pl, ph) on the empty square s turns against (ol, oh): the low
// half in FL, the high half in FH; returns FL | FH (0: not a move). The twin's flipsOf, by lines.
let FL = 0;
let FH = 0;
function flips(pl, ph, ol, oh, s) {
  const r = s >> 3;
  const c = s & 7;
  let fl = 0;
  let fh = 0;
  let out;
  let f;
  // each line: the runs of enemy discs first (most lines have none next to s), then the player's
  if (r < 4) {
    out = OUTFLANK[(c << 6) | (((ol >>> (r << 3)) & 126) >>> 1)];
    if (out) fl = FLIPPED[(c << 8) | (out & (pl >>> (r << 3)))] << (r << 3);
  } else {
    out = OUTFLANK[(c << 6) | (((oh >>> ((r - 4) << 3)) & 126) >>> 1)];
    if (out) fh = FLIPPED[(c << 8) | (out & (ph >>> ((r - 4) << 3)))] << ((r - 4) << 3);
  }
  // the column: rows 0-3 from the low half, 4-7 from the high half
  out = OUTFLANK[(r << 6) | ((((Math.imul((ol >>> c) & 0x01010101, 0x01020408) >>> 24)
    | (Math.imul((oh >>> c) & 0x01010101, 0x01020408) >>> 20)) >>> 1) & 63)];
  if (out) {
    const p8 = (Math.imul((pl >>> c) & 0x01010101, 0x01020408) >>> 24)
      | (Math.imul((ph >>> c) & 0x01010101, 0x01020408) >>> 20);
    f = FLIPPED[(r << 8) | (out & p8)];
    fl |= COLSPREAD[f & 15] << c;
    fh |= COLSPREAD[f >>> 4] << c;
  }
  // the diagonals: one square a column, so the rows' bytes add up without carries
  let ml = D1L[s];
  let mh = D1H[s];
  out = OUTFLANK[(c << 6) | ((((Math.imul(ol & ml, 0x01010101) | Math.imul(oh & mh, 0x01010101)) >>> 25) & 63))];
  if (out) {
    f = FLIPPED[(c << 8) | (out & ((Math.imul(pl & ml, 0x01010101) | Math.imul(ph & mh, 0x01010101)) >>> 24))];
    const x = Math.imul(f, 0x01010101);
    fl |= x & ml;
    fh |= x & mh;
  }
  ml = D2L[s];
  mh = D2H[s];
  out = OUTFLANK[(c << 6) | ((((Math.imul(ol & ml, 0x01010101) | Math.imul(oh & mh, 0x01010101)) >>> 25) & 63))];
  if (out) {
    f = FLIPPED[(c << 8) | (out & ((Math.imul(pl & ml, 0x01010101) | Math.imul(ph & mh, 0x01010101)) >>> 24))];
    const x = Math.imul(f, 0x01010101);
    fl |= x & ml;
    fh |= x & mh;
  }
  FL = fl;
  FH = fh;
  return fl | fh;
}

// flips with its halves into out[0] and out[1] (the tests hold it against the twin's flipsOf).
export function flipsInto(pl, ph, ol, oh, s, out) {
  flips(pl, ph, ol, oh, s);
  out[0] = FL;
  out[1] = FH;
}

// The position after the player (pl, ph) puts a disc on s, for the opponent to move: [the
// opponent's halves, the player's]. Outside the search (which plays its moves inline).
export function playedOn(pl, ph, ol, oh, s) {
  flips(pl, ph, ol, oh, s);
  return [ol ^ FL, oh ^ FH, pl | FL | (s < 32 ? 1 << s : 0), ph | FH | (s < 32 ? 0 : 1 << (s - 32))];
}

// How many discs a disc of the player (pl, ph) on s turns when s is the only empty square
// (the twin's lastFlips, by lines): from the player's discs alone.
export function lastCount(pl, ph, s) {
  const r = s >> 3;
  const c = s & 7;
  const p8 = r < 4 ? (pl >>> (r << 3)) & 255 : (ph >>> ((r - 4) << 3)) & 255;
  const pc = (Math.imul((pl >>> c) & 0x01010101, 0x01020408) >>> 24)
    | ((Math.imul((ph >>> c) & 0x01010101, 0x01020408) >>> 20) & 0xf0);
  const p1 = (Math.imul(pl & D1L[s], 0x01010101) | Math.imul(ph & D1H[s], 0x01010101)) >>> 24;
  const p2 = (Math.imul(pl & D2L[s], 0x01010101) | Math.imul(ph & D2H[s], 0x01010101)) >>> 24;
  return COUNT[(c << 8) | p8] + COUNT[(r << 8) | pc] + COUNT[(c << 8) | p1] + COUNT[(c << 8) | p2];
}

// The hash table: 2^TABLE_BITS entries, each the whole position (four halves), the bounds
// and the best move; always replaced.
const TABLE_BITS = 20;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
// One array, ENTRY numbers an entry side by side (a bucket of two is 40 bytes, one or two
// cache lines; eight arrays read eight): the four halves, then the lower bound, the upper
// bound, the best move and the empty squares a byte each (INFO).
const ENTRY = 5;
const INFO = 4;
const table = new Int32Array(ENTRY << TABLE_BITS);
const pack = (lower, upper, move, empties) => (lower & 255) | ((upper & 255) << 8) | ((move & 255) << 16) | (empties << 24);
const lowerOf = (info) => (info << 24) >> 24;
const upperOf = (info) => (info << 16) >> 24;
const moveOf = (info) => (info << 8) >> 24;

export function clearTable() {
  table.fill(0); // no reachable position has no discs at all, so an empty entry never matches
}

function slot(pl, ph, ol, oh) {
  let h = Math.imul(pl, 0x9e3779b1) ^ Math.imul(ph ^ 0x7f4a7c15, 0x85ebca77);
  h ^= Math.imul(ol ^ (h >>> 15), 0xc2b2ae3d) ^ Math.imul(oh ^ (h >>> 13), 0x27d4eb2f);
  h ^= h >>> 16;
  return Math.imul(h, 0x2c1b3c6d) >>> (32 - TABLE_BITS) & TABLE_MASK;
}


// Per remaining-empties scratch: the moves of a node, their flips and order keys.
const LIST = 32; // at most 32 legal moves in any position
const mvSquare = new Int8Array(SQUARES * LIST);
const mvFl = new Int32Array(SQUARES * LIST);
const mvFh = new Int32Array(SQUARES * LIST);
const mvKey = new Int32Array(SQUARES * LIST);
const two = new Int32Array(2);

let nodes = 0;
let stopAt = 0; // the node count at which the clock is read next
let deadline = Infinity;
let shouldStop = null;
const STOP = { stopped: true };
const NO_MOVE = -SQUARES - 1; // below every score: a square that turns nothing

function checkClock() {
  stopAt = nodes + 4096;
  if ((shouldStop && shouldStop()) || performance.now() > deadline) throw STOP;
}

function remove(s) {
  next[prev[s]] = next[s];
  prev[next[s]] = prev[s];
  parity ^= 1 << QUARTER[s];
}

function restore(s) {
  next[prev[s]] = s;
  prev[next[s]] = s;
  parity ^= 1 << QUARTER[s];
}

// The score when only `s` is empty: whoever can, plays it; counted without making the move
// (the twin's lastFlips: every other square holds a disc).
function lastSquare(pl, ph, ol, oh, s) {
  const mine = popcount(pl) + popcount(ph);
  if ((NEAR_LO[s] & ol) || (NEAR_HI[s] & oh)) {
    const f = lastCount(pl, ph, s);
    if (f) return 2 * (mine + f + 1) - SQUARES;
  }
  if ((NEAR_LO[s] & pl) || (NEAR_HI[s] & ph)) {
    const f = lastCount(ol, oh, s);
    if (f) return SQUARES - 2 * (SQUARES - mine + f);
  }
  return finalScore(mine, SQUARES - 1 - mine);
}

// Two empty squares a and b: each side's moves tried directly, the last square counted.
function lastTwo(pl, ph, ol, oh, alpha, beta, a, b) {
  if (++nodes >= stopAt) checkClock();
  let best = -SQUARES - 1;
  if ((NEAR_LO[a] & ol) || (NEAR_HI[a] & oh)) {
    flips(pl, ph, ol, oh, a);
    const fl = FL;
    const fh = FH;
    if (fl || fh) {
      best = -lastSquare(ol ^ fl, oh ^ fh, pl | fl | (a < 32 ? 1 << a : 0), ph | fh | (a < 32 ? 0 : 1 << (a - 32)), b);
      if (best >= beta) return best;
    }
  }
  if ((NEAR_LO[b] & ol) || (NEAR_HI[b] & oh)) {
    flips(pl, ph, ol, oh, b);
    const fl = FL;
    const fh = FH;
    if (fl || fh) {
      const v = -lastSquare(ol ^ fl, oh ^ fh, pl | fl | (b < 32 ? 1 << b : 0), ph | fh | (b < 32 ? 0 : 1 << (b - 32)), a);
      return v > best ? v : best;
    }
  }
  if (best > -SQUARES - 1) return best;
  // the side to move passes: the opponent's moves, scored for the side to move
  best = SQUARES + 1;
  if ((NEAR_LO[a] & pl) || (NEAR_HI[a] & ph)) {
    flips(ol, oh, pl, ph, a);
    const fl = FL;
    const fh = FH;
    if (fl || fh) {
      best = lastSquare(pl ^ fl, ph ^ fh, ol | fl | (a < 32 ? 1 << a : 0), oh | fh | (a < 32 ? 0 : 1 << (a - 32)), b);
      if (best <= alpha) return best;
    }
  }
  if ((NEAR_LO[b] & pl) || (NEAR_HI[b] & ph)) {
    flips(ol, oh, pl, ph, b);
    const fl = FL;
    const fh = FH;
    if (fl || fh) {
      const v = lastSquare(pl ^ fl, ph ^ fh, ol | fl | (b < 32 ? 1 << b : 0), oh | fh | (b < 32 ? 0 : 1 << (b - 32)), a);
      return v < best ? v : best;
    }
  }
  if (best < SQUARES + 1) return best;
  return finalScore(popcount(pl) + popcount(ph), popcount(ol) + popcount(oh));
}

// Three empty squares a, b, c (those of odd quarters first): each move tried directly, the
// other two left to lastTwo; a pass tries the opponent's.
function lastThree(pl, ph, ol, oh, alpha, beta, a, b, c, passed) {
  if (++nodes >= stopAt) checkClock();
  let best = -SQUARES - 1;
  if ((NEAR_LO[a] & ol) || (NEAR_HI[a] & oh)) {
    flips(pl, ph, ol, oh, a);
    const fl = FL;
    const fh = FH;
    if (fl || fh) {
      best = -lastTwo(ol ^ fl, oh ^ fh, pl | fl | (a < 32 ? 1 << a : 0), ph | fh | (a < 32 ? 0 : 1 << (a - 32)),
        -beta, -alpha, b, c);
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
    }
  }
  if ((NEAR_LO[b] & ol) || (NEAR_HI[b] & oh)) {
    flips(pl, ph, ol, oh, b);
    const fl = FL;
    const fh = FH;
    if (fl || fh) {
      const v = -lastTwo(ol ^ fl, oh ^ fh, pl | fl | (b < 32 ? 1 << b : 0), ph | fh | (b < 32 ? 0 : 1 << (b - 32)),
        -beta, -alpha, a, c);
      if (v > best) {
        best = v;
        if (v >= beta) return best;
        if (v > alpha) alpha = v;
      }
    }
  }
  if ((NEAR_LO[c] & ol) || (NEAR_HI[c] & oh)) {
    flips(pl, ph, ol, oh, c);
    const fl = FL;
    const fh = FH;
    if (fl || fh) {
      const v = -lastTwo(ol ^ fl, oh ^ fh, pl | fl | (c < 32 ? 1 << c : 0), ph | fh | (c < 32 ? 0 : 1 << (c - 32)),
        -beta, -alpha, a, b);
      return v > best ? v : best;
    }
  }
  if (best > -SQUARES - 1) return best;
  if (passed) return finalScore(popcount(pl) + popcount(ph), popcount(ol) + popcount(oh));
  return -lastThree(ol, oh, pl, ph, -beta, -alpha, a, b, c, true);
}

// lastThree with a, b, c put in parity order: those of quarters with an odd number of empty
// squares (bits of par) first (a quarter holding one of the three, or all three).
function sortedThree(pl, ph, ol, oh, alpha, beta, par, a, b, c, passed) {
  if (!((par >>> QUARTER[a]) & 1)) {
    if ((par >>> QUARTER[b]) & 1) [a, b] = [b, a];
    else if ((par >>> QUARTER[c]) & 1) [a, c] = [c, a];
  }
  if (!((par >>> QUARTER[b]) & 1) && ((par >>> QUARTER[c]) & 1)) [b, c] = [c, b];
  return lastThree(pl, ph, ol, oh, alpha, beta, a, b, c, passed);
}

// One move of lastFour: the disc on x, the other three to lastThree in the parity order after it.
function fourMove(pl, ph, ol, oh, alpha, beta, par, x, a, b, c) {
  flips(pl, ph, ol, oh, x);
  const fl = FL;
  const fh = FH;
  if (!fl && !fh) return NO_MOVE;
  return -sortedThree(ol ^ fl, oh ^ fh, pl | fl | (x < 32 ? 1 << x : 0), ph | fh | (x < 32 ? 0 : 1 << (x - 32)),
    -beta, -alpha, par ^ (1 << QUARTER[x]), a, b, c, false);
}

// Four empty squares a, b, c, d (in the order of the list of empty squares): those of odd
// quarters tried first, without the list; a pass tries the opponent's.
function lastFour(pl, ph, ol, oh, alpha, beta, a, b, c, d, passed) {
  if (++nodes >= stopAt) checkClock();
  const par = (1 << QUARTER[a]) ^ (1 << QUARTER[b]) ^ (1 << QUARTER[c]) ^ (1 << QUARTER[d]);
  // only two odd quarters of one square each beside an even one need reordering (2 + 1 + 1)
  if (par && par !== 15 && (par & (par - 1)) && ((par & (par - 1)) & ((par & (par - 1)) - 1)) === 0) {
    // the two odd squares first, each group keeping its order (a stable sort)
    const odd = (x) => (par >>> QUARTER[x]) & 1;
    if (!odd(c) && odd(d)) [c, d] = [d, c];
    if (!odd(b) && odd(c)) [b, c] = [c, b];
    if (!odd(a) && odd(b)) [a, b] = [b, a];
    if (!odd(c) && odd(d)) [c, d] = [d, c];
    if (!odd(b) && odd(c)) [b, c] = [c, b];
  }
  let best = -SQUARES - 1;
  let v;
  if ((NEAR_LO[a] & ol) || (NEAR_HI[a] & oh)) {
    v = fourMove(pl, ph, ol, oh, alpha, beta, par, a, b, c, d);
    if (v > best) {
      best = v;
      if (v >= beta) return best;
      if (v > alpha) alpha = v;
    }
  }
  if ((NEAR_LO[b] & ol) || (NEAR_HI[b] & oh)) {
    v = fourMove(pl, ph, ol, oh, alpha, beta, par, b, a, c, d);
    if (v > best) {
      best = v;
      if (v >= beta) return best;
      if (v > alpha) alpha = v;
    }
  }
  if ((NEAR_LO[c] & ol) || (NEAR_HI[c] & oh)) {
    v = fourMove(pl, ph, ol, oh, alpha, beta, par, c, a, b, d);
    if (v > best) {
      best = v;
      if (v >= beta) return best;
      if (v > alpha) alpha = v;
    }
  }
  if ((NEAR_LO[d] & ol) || (NEAR_HI[d] & oh)) {
    v = fourMove(pl, ph, ol, oh, alpha, beta, par, d, a, b, c);
    if (v > best) best = v;
  }
  if (best > -SQUARES - 1) return best;
  if (passed) return finalScore(popcount(pl) + popcount(ph), popcount(ol) + popcount(oh));
  return -lastFour(ol, oh, pl, ph, -beta, -alpha, a, b, c, d, true);
}

function shallow(pl, ph, ol, oh, alpha, beta, empties, passed) {
  if (empties === 2) {
    const a = next[HEAD];
    return lastTwo(pl, ph, ol, oh, alpha, beta, a, next[a]);
  }
  if (empties === 1) return lastSquare(pl, ph, ol, oh, next[HEAD]);
  if (empties === 4) {
    const a = next[HEAD];
    const b = next[a];
    const c = next[b];
    return lastFour(pl, ph, ol, oh, alpha, beta, a, b, c, next[c], passed);
  }
  if (empties === 3) {
    const a = next[HEAD];
    const b = next[a];
    return sortedThree(pl, ph, ol, oh, alpha, beta, parity, a, b, next[b], passed);
  }
  if (++nodes >= stopAt) checkClock();
  if (empties >= tuning.edgeFrom && SQUARES - 2 * (popcount(ol) + popcount(oh)) <= alpha) {
    const upper = SQUARES - 2 * edgeStable(ol, oh, pl, ph);
    if (upper <= alpha) return upper;
  }
  let best = -SQUARES - 1;
  let moved = false;
  for (let odd = 1; odd >= 0; odd--) {
    for (let s = next[HEAD]; s !== HEAD; s = next[s]) {
      if (((parity >>> QUARTER[s]) & 1) !== odd) continue;
      if (!(NEAR_LO[s] & ol) && !(NEAR_HI[s] & oh)) continue;
      flips(pl, ph, ol, oh, s);
      const fl = FL;
      const fh = FH;
      if (!fl && !fh) continue;
      moved = true;
      remove(s);
      const v = -shallow(ol ^ fl, oh ^ fh, pl | fl | (s < 32 ? 1 << s : 0), ph | fh | (s < 32 ? 0 : 1 << (s - 32)),
        -beta, -alpha, empties - 1, false);
      restore(s);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) return best;
        }
      }
    }
  }
  if (moved) return best;
  if (passed) return finalScore(popcount(pl) + popcount(ph), popcount(ol) + popcount(oh));
  return -shallow(ol, oh, pl, ph, -beta, -alpha, empties, true);
}

// The order key of a move that leaves (xl, xh) to move against (yl, yh), lower first: the
// evaluation for x after x's best reply by it, plus tuning.replyWeight for each reply x has
// (a corner counts twice). A move that leaves x no reply comes first, and one that ends the
// game in y's favour before it.
function replyKey(xl, xh, yl, yh) {
  movesOf(xl, xh, yl, yh, two);
  let rl = two[0];
  let rh = two[1];
  if (!rl && !rh) {
    movesOf(yl, yh, xl, xh, two);
    if (!two[0] && !two[1]) return terminalScore(xl, xh, yl, yh);
    return -evaluate(yl, yh, xl, xh, false) - WIN / 2;
  }
  const replies = popcount(rl) + popcount(rh) + popcount(rl & CORNERS_LO) + popcount(rh & CORNERS_HI);
  let best = -WIN;
  while (rl) {
    const b = rl & -rl;
    rl ^= b;
    flips(xl, xh, yl, yh, 31 - Math.clz32(b));
    const v = -evaluate(yl ^ FL, yh ^ FH, xl | FL | b, xh | FH, false);
    if (v > best) best = v;
  }
  while (rh) {
    const b = rh & -rh;
    rh ^= b;
    flips(xl, xh, yl, yh, 63 - Math.clz32(b));
    const v = -evaluate(yl ^ FL, yh ^ FH, xl | FL, xh | FH | b, false);
    if (v > best) best = v;
  }
  return best + tuning.replyWeight * replies;
}

// Fills the move list of the node at `empties` (ordered, the table's move first); returns its length.
function orderedMoves(pl, ph, ol, oh, ml, mh, empties, hashMove) {
  const base = empties * LIST;
  let n = 0;
  for (let s = next[HEAD]; s !== HEAD; s = next[s]) {
    if (s < 32 ? !((ml >>> s) & 1) : !((mh >>> (s - 32)) & 1)) continue;
    flips(pl, ph, ol, oh, s);
    const fl = FL;
    const fh = FH;
    let key;
    const npl = pl | fl | (s < 32 ? 1 << s : 0);
    const nph = ph | fh | (s < 32 ? 0 : 1 << (s - 32));
    if (etcBeta !== null) { // enhanced transposition cutoff: a child the table already refutes
      const nol = ol ^ fl;
      const noh = oh ^ fh;
      const c = (slot(nol, noh, npl, nph) & ~1) * ENTRY;
      for (let k = c; k < c + 2 * ENTRY; k += ENTRY) {
        if (table[k] === nol && table[k + 1] === noh && table[k + 2] === npl && table[k + 3] === nph
          && -upperOf(table[k + INFO]) >= etcBeta) {
          etcScore = -upperOf(table[k + INFO]);
          return -1;
        }
      }
    }
    if (s === hashMove) key = -1_000_000;
    else if (empties >= tuning.searchSort) key = probe(ol ^ fl, oh ^ fh, npl, nph, tuning.searchSortDepth);
    else if (empties >= tuning.evalSort) key = replyKey(ol ^ fl, oh ^ fh, npl, nph);
    else {
      movesOf(ol ^ fl, oh ^ fh, npl, nph, two);
      key = popcount(two[0]) + popcount(two[1]) + popcount(two[0] & CORNERS_LO) + popcount(two[1] & CORNERS_HI);
    }
    insertMove(mvSquare, mvFl, mvFh, mvKey, base, base + n++, s, fl, fh, key);
  }
  return n;
}

let rootMove = -1;
let etcBeta = null; // the beta orderedMoves checks children's bounds against, or null
let etcScore = 0;

function search(pl, ph, ol, oh, alpha, beta, empties, passed, root) {
  if (empties <= tuning.shallow && !root) return shallow(pl, ph, ol, oh, alpha, beta, empties, passed);
  if (++nodes >= stopAt) checkClock();
  movesOf(pl, ph, ol, oh, two);
  const ml = two[0];
  const mh = two[1];
  if (!ml && !mh) {
    if (passed) return finalScore(popcount(pl) + popcount(ph), popcount(ol) + popcount(oh));
    if (root) { // a pass, unless the game is over
      movesOf(ol, oh, pl, ph, two);
      rootMove = two[0] || two[1] ? PASS : -1;
    }
    return -search(ol, oh, pl, ph, -beta, -alpha, empties, true, false);
  }
  if (!root && SQUARES - 2 * (popcount(ol) + popcount(oh)) <= alpha) {
    const upper = SQUARES - 2 * stableWithEdges(ol, oh, pl | ol, ph | oh);
    if (upper <= alpha) return upper;
  }
  // a bucket of two entries: the one searched with more empty squares, and the latest
  const first = (slot(pl, ph, ol, oh) & ~1) * ENTRY;
  const second = first + ENTRY;
  let index = -1;
  if (table[first] === pl && table[first + 1] === ph && table[first + 2] === ol && table[first + 3] === oh) index = first;
  else if (table[second] === pl && table[second + 1] === ph && table[second + 2] === ol && table[second + 3] === oh) {
    index = second;
  }
  let hashMove = -1;
  if (index >= 0) {
    const info = table[index + INFO];
    const lower = lowerOf(info);
    const upper = upperOf(info);
    hashMove = moveOf(info);
    if (!root) { // the root searches on, to name its move
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower === upper) return lower;
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
    }
  }
  const alpha0 = alpha;
  etcBeta = !root && empties >= tuning.etc ? beta : null;
  const n = orderedMoves(pl, ph, ol, oh, ml, mh, empties, hashMove);
  if (n < 0) return etcScore;
  const base = empties * LIST;
  let best = -SQUARES - 1;
  let bestMove = mvSquare[base];
  for (let i = 0; i < n; i++) {
    const s = mvSquare[base + i];
    const fl = mvFl[base + i];
    const fh = mvFh[base + i];
    const npl = pl | fl | (s < 32 ? 1 << s : 0);
    const nph = ph | fh | (s < 32 ? 0 : 1 << (s - 32));
    remove(s);
    let v;
    if (i === 0) v = -search(ol ^ fl, oh ^ fh, npl, nph, -beta, -alpha, empties - 1, false, false);
    else {
      v = -search(ol ^ fl, oh ^ fh, npl, nph, -alpha - 1, -alpha, empties - 1, false, false);
      if (v > alpha && v < beta) v = -search(ol ^ fl, oh ^ fh, npl, nph, -beta, -v, empties - 1, false, false);
    }
    restore(s);
    if (v > best) {
      best = v;
      bestMove = s;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  // store: merge with the entry if the position still holds one (the search below may have
  // replaced it), else in the first slot if it is no deeper, else in the second
  let newLower = best > alpha0 ? best : -SQUARES;
  let newUpper = best < beta ? best : SQUARES;
  if (table[first] === pl && table[first + 1] === ph && table[first + 2] === ol && table[first + 3] === oh) index = first;
  else if (table[second] === pl && table[second + 1] === ph && table[second + 2] === ol && table[second + 3] === oh) {
    index = second;
  } else index = -1;
  if (index >= 0) {
    const info = table[index + INFO];
    if (lowerOf(info) > newLower) newLower = lowerOf(info);
    if (upperOf(info) < newUpper) newUpper = upperOf(info);
  } else index = table[first + INFO] >>> 24 <= empties ? first : second;
  table[index] = pl;
  table[index + 1] = ph;
  table[index + 2] = ol;
  table[index + 3] = oh;
  table[index + INFO] = pack(newLower, newUpper, bestMove, empties);
  if (root) rootMove = bestMove;
  return best;
}

// MTD(f)'s first g from tuning.guessFrom empty squares: the midgame search's score scaled to
// discs (a proven end's own disc difference), an even score short of +-64.
export function firstGuess(pl, ph, ol, oh) {
  const v = probe(pl | 0, ph | 0, ol | 0, oh | 0, tuning.guessDepth);
  const g = Math.abs(v) > WIN - 100 ? v - Math.sign(v) * WIN : Math.round((tuning.guessScale * v) / 2) * 2;
  return Math.max(-SQUARES + 2, Math.min(SQUARES - 2, g));
}

// The exact score for the player (pl, ph) to move against (ol, oh) if it lies strictly inside
// (alpha, beta), else a bound on that side (fail-soft); `move`, the best move found (PASS for
// a forced pass, -1 when the game is over). Options: deadline (performance.now() time),
// shouldStop (a function): on either {stopped: true, move, lower} is returned (the clock is
// read every 4,096 nodes), move the square the last finished null-window search proved
// reaches at least `lower` (-1 when none did); guess, MTD(f)'s first g (an even score)
// instead of the solver's own.
export function solveBoard(pl, ph, ol, oh, { alpha = -SQUARES, beta = SQUARES, deadline: end = Infinity,
  shouldStop: stop = null, guess = null } = {}) {
  const started = performance.now();
  next[HEAD] = HEAD;
  prev[HEAD] = HEAD;
  parity = 0;
  let empties = 0;
  for (const s of PRIORITY) {
    const occupied = s < 32 ? ((pl | ol) >>> s) & 1 : ((ph | oh) >>> (s - 32)) & 1;
    if (occupied) continue;
    // append at the tail
    prev[s] = prev[HEAD];
    next[s] = HEAD;
    next[prev[HEAD]] = s;
    prev[HEAD] = s;
    parity ^= 1 << QUARTER[s];
    empties++;
  }
  clearSearchTable(); // the ordering's searches read it: the same position, the same nodes
  nodes = 0;
  stopAt = 4096;
  deadline = end;
  shouldStop = stop;
  rootMove = -1;
  let lower = -SQUARES;
  let found = -1;
  try {
    let score;
    if (alpha === -SQUARES && beta === SQUARES) {
      let upper = SQUARES;
      let g = guess ?? 0;
      if (guess === null && empties >= tuning.guessFrom) g = firstGuess(pl, ph, ol, oh);
      while (lower < upper) {
        const b = g === lower ? g + 1 : g;
        g = search(pl | 0, ph | 0, ol | 0, oh | 0, b - 1, b, empties, false, true);
        if (g < b) upper = g;
        else {
          lower = g;
          found = rootMove;
        }
      }
      if (found !== -1) rootMove = found;
      score = g;
    } else score = search(pl | 0, ph | 0, ol | 0, oh | 0, alpha, beta, empties, false, true);
    return { score: score | 0, move: rootMove, nodes, ms: performance.now() - started }; // | 0: never -0
  } catch (error) {
    if (error !== STOP) throw error;
    return { stopped: true, move: found, lower, nodes, ms: performance.now() - started };
  }
}

// The exact score and a best move for the side to move in a state of the engine twin.
export function solve(state, options = {}) {
  const { bl, bh, wl, wh, toMove } = state;
  return toMove ? solveBoard(wl, wh, bl, bh, options) : solveBoard(bl, bh, wl, wh, options);
}
