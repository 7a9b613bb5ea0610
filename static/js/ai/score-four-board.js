// The Score Four AI's own mutable board: make/unmake on 32-bit bitboard halves, with the
// line counts, the threat cells and the static evaluation all kept up to date incrementally.
// Everything lives in preallocated typed arrays or module variables: the search that drives
// it allocates nothing. One board per module, so one search at a time (a worker runs one).
import { CELL_LINES, LINES } from "../engines/score-four.js";

export const WIN = 10000; // a win at ply p from the root scores WIN - p
export const WIN_BOUND = WIN - 200; // any |score| above this is a proven result

// Flattened geometry: the four cells of each line, and each cell's lines (CSR layout).
const LINE_CELLS = Int8Array.from(LINES.flat());
const CL_START = new Uint16Array(65);
const CL = new Uint8Array(CELL_LINES.reduce((n, lines) => n + lines.length, 0));
for (let c = 0, k = 0; c < 64; c++) {
  CL_START[c] = k;
  for (const line of CELL_LINES[c]) CL[k++] = line;
  CL_START[c + 1] = k;
}
export const LINES_THROUGH = Uint8Array.from(CELL_LINES, (lines) => lines.length);

// A line's state is one byte: 5 * (white balls) + (black balls). LINE_VALUE scores it from
// white's side: only a line one colour alone occupies can still be made, and a line of three
// is worth extra on top of what its empty cell scores as a threat (see evaluate).
const OWN = [0, 2, 9, 28, 0];
const LINE_VALUE = new Int16Array(25);
for (let w = 0; w <= 4; w++) {
  for (let b = 0; b + w <= 4; b++) {
    LINE_VALUE[w * 5 + b] = b === 0 ? OWN[w] : w === 0 ? -OWN[b] : 0;
  }
}

// A threat is the empty cell of a line where one colour has the other three. Pegs fill in
// the order W B W B when black answers on top of white, so white's threats on levels 1 and 3
// (z 0 and 2) and black's on levels 2 and 4 (z 1 and 3) are the ones that tend to come true.
const THREAT_GOOD = 70;
const THREAT_BAD = 30;
const THREAT_STACKED = 220; // a threat right above another of the same colour: a near win
const THREAT_UNDER_ENEMY = 12; // the enemy's threat directly below makes this one hard to reach

// Zobrist keys: two independent 32-bit hashes, one to index the table, one to verify.
const ZOBRIST = new Int32Array(2 * 2 * 64);
{
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < ZOBRIST.length; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    ZOBRIST[i] = x;
  }
}

export const color = new Int8Array(64); // 0 empty, 1 white, 2 black
export const height = new Int8Array(16);
const code = new Uint8Array(LINES.length);
const undo = new Int32Array(65 * 5);

// Board halves: bit c of lo (c < 32) or bit c-32 of hi.
export const b = {
  occLo: 0, occHi: 0,
  playLo: 0xffff, playHi: 0, // the next free cell of every peg that is not full
  thrLo0: 0, thrHi0: 0, thrLo1: 0, thrHi1: 0, // threat cells of white (0) and black (1)
  score: 0, // sum of LINE_VALUE, white's side
  filled: 0,
  hash1: 0, hash2: 0,
};

export function reset() {
  color.fill(0);
  height.fill(0);
  code.fill(0);
  b.occLo = 0; b.occHi = 0; b.playLo = 0xffff; b.playHi = 0;
  b.thrLo0 = 0; b.thrHi0 = 0; b.thrLo1 = 0; b.thrHi1 = 0;
  b.score = 0; b.filled = 0; b.hash1 = 0; b.hash2 = 0;
}

function addThreat(line, player) {
  for (let j = line * 4; j < line * 4 + 4; j++) {
    const e = LINE_CELLS[j];
    if (color[e] !== 0) continue;
    if (player === 0) {
      if (e < 32) b.thrLo0 |= 1 << e; else b.thrHi0 |= 1 << (e - 32);
    } else if (e < 32) b.thrLo1 |= 1 << e; else b.thrHi1 |= 1 << (e - 32);
    return;
  }
}

// Drop a ball of `player` into cell `c` (which must be the peg's next free cell).
export function make(c, player) {
  const u = b.filled * 5;
  undo[u] = b.thrLo0; undo[u + 1] = b.thrHi0; undo[u + 2] = b.thrLo1; undo[u + 3] = b.thrHi1;
  undo[u + 4] = b.score;
  color[c] = player + 1;
  height[c & 15]++;
  if (c < 32) {
    b.occLo |= 1 << c; b.playLo &= ~(1 << c);
    if (c < 16) b.playLo |= 1 << (c + 16); else b.playHi |= 1 << (c - 16);
  } else {
    b.occHi |= 1 << (c - 32); b.playHi &= ~(1 << (c - 32));
    if (c < 48) b.playHi |= 1 << (c - 16);
  }
  const z = (player << 6) | c;
  b.hash1 ^= ZOBRIST[z]; b.hash2 ^= ZOBRIST[z + 128];
  const step = player === 0 ? 5 : 1;
  let score = b.score;
  for (let k = CL_START[c], end = CL_START[c + 1]; k < end; k++) {
    const line = CL[k];
    const before = code[line];
    const after = before + step;
    code[line] = after;
    score += LINE_VALUE[after] - LINE_VALUE[before];
    if (after === 15) addThreat(line, 0);
    else if (after === 3) addThreat(line, 1);
  }
  b.score = score;
  b.filled++;
}

export function unmake(c, player) {
  b.filled--;
  const u = b.filled * 5;
  b.thrLo0 = undo[u]; b.thrHi0 = undo[u + 1]; b.thrLo1 = undo[u + 2]; b.thrHi1 = undo[u + 3];
  b.score = undo[u + 4];
  color[c] = 0;
  height[c & 15]--;
  if (c < 32) {
    b.occLo &= ~(1 << c); b.playLo |= 1 << c;
    if (c < 16) b.playLo &= ~(1 << (c + 16)); else b.playHi &= ~(1 << (c - 16));
  } else {
    b.occHi &= ~(1 << (c - 32)); b.playHi |= 1 << (c - 32);
    if (c < 48) b.playHi &= ~(1 << (c - 16));
  }
  const z = (player << 6) | c;
  b.hash1 ^= ZOBRIST[z]; b.hash2 ^= ZOBRIST[z + 128];
  const step = player === 0 ? 5 : 1;
  for (let k = CL_START[c], end = CL_START[c + 1]; k < end; k++) code[CL[k]] -= step;
}

// How much the line values change, from `player`'s side, if `player` takes cell c: a cheap
// measure of how many useful lines the cell builds or breaks, used to order moves.
export function moveGain(c, player) {
  const step = player === 0 ? 5 : 1;
  let gain = 0;
  for (let k = CL_START[c], end = CL_START[c + 1]; k < end; k++) {
    const before = code[CL[k]];
    gain += LINE_VALUE[before + step] - LINE_VALUE[before];
  }
  return player === 0 ? gain : -gain;
}

function threatValue(c, ownLo, ownHi, enemyLo, enemyHi, goodParity) {
  const z = c >>> 4;
  let value = (z & 1) === goodParity ? THREAT_GOOD : THREAT_BAD;
  if (z > 0) {
    const below = c - 16;
    const free = below < 32 ? !((b.occLo >>> below) & 1) : !((b.occHi >>> (below - 32)) & 1);
    if (free) {
      const ownBelow = below < 32 ? (ownLo >>> below) & 1 : (ownHi >>> (below - 32)) & 1;
      const enemyBelow = below < 32 ? (enemyLo >>> below) & 1 : (enemyHi >>> (below - 32)) & 1;
      if (ownBelow) value += THREAT_STACKED;
      else if (enemyBelow) value = THREAT_UNDER_ENEMY;
    }
  }
  return value;
}

function threatSum(lo, hi, ownLo, ownHi, enemyLo, enemyHi, goodParity) {
  let sum = 0;
  while (lo !== 0) {
    const bit = lo & -lo;
    sum += threatValue(31 - Math.clz32(bit), ownLo, ownHi, enemyLo, enemyHi, goodParity);
    lo ^= bit;
  }
  while (hi !== 0) {
    const bit = hi & -hi;
    sum += threatValue(63 - Math.clz32(bit), ownLo, ownHi, enemyLo, enemyHi, goodParity);
    hi ^= bit;
  }
  return sum;
}

// The static score from the side to move's point of view.
export function evaluate() {
  const freeLo = ~b.occLo;
  const freeHi = ~b.occHi;
  const wLo = b.thrLo0 & freeLo; const wHi = b.thrHi0 & freeHi;
  const kLo = b.thrLo1 & freeLo; const kHi = b.thrHi1 & freeHi;
  let s = b.score;
  if (wLo | wHi) s += threatSum(wLo, wHi, wLo, wHi, kLo, kHi, 0);
  if (kLo | kHi) s -= threatSum(kLo, kHi, kLo, kHi, wLo, wHi, 1);
  return (b.filled & 1) === 0 ? s : -s;
}

// Set the board from an engine state (static/js/engines/score-four.js).
export function loadState(state) {
  reset();
  for (let c = 0; c < 64; c++) {
    const [wLo, wHi] = state.bits[0];
    const [kLo, kHi] = state.bits[1];
    const white = c < 32 ? (wLo >>> c) & 1 : (wHi >>> (c - 32)) & 1;
    const black = c < 32 ? (kLo >>> c) & 1 : (kHi >>> (c - 32)) & 1;
    if (white) make(c, 0);
    else if (black) make(c, 1);
  }
}
