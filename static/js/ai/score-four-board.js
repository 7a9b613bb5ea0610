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

// The evaluation's weights, from white's side (tuned by self-play, see docs/AI.md).
//   own1..own3   a line only one colour occupies, by how many balls it holds; a line of three
//                is worth extra on top of what its empty cell scores as a threat
//   good, bad    a threat (the empty cell of a line where one colour has the other three) that
//                is the lowest threat in its peg, on a level of the owner's parity or not.
//                Pegs fill W B W B when black answers on top of white, so white's threats on
//                levels 1 and 3 (z 0 and 2) and black's on levels 2 and 4 (z 1 and 3) are the
//                ones the opponent will be forced to fill beneath
//   stacked      a threat right above another of the same colour: a near win
//   aboveOwn     a threat higher up a peg whose lowest threat is the same colour's
//   underEnemy   a threat above an enemy threat in the same peg: the enemy's comes first
//   race         the side that wins the fill-up race (see fillUpRace): who is left, once the
//                safe cells run out, with only cells under the other side's threats
export const EVAL = {
  own1: 2, own2: 9, own3: 36, good: 70, bad: 30, stacked: 300, aboveOwn: 30, underEnemy: 12,
  race: 150,
};

// A line's state is one byte: 5 * (white balls) + (black balls). LINE_VALUE scores it from
// white's side: only a line one colour alone occupies can still be made.
const LINE_VALUE = new Int16Array(25);
function buildLineValues() {
  const own = [0, EVAL.own1, EVAL.own2, EVAL.own3, 0];
  for (let w = 0; w <= 4; w++) {
    for (let k = 0; k + w <= 4; k++) {
      LINE_VALUE[w * 5 + k] = k === 0 ? own[w] : w === 0 ? -own[k] : 0;
    }
  }
}
buildLineValues();

// Change the weights (for tuning); a board loaded afterwards uses them.
export function setEval(weights) {
  Object.assign(EVAL, weights);
  buildLineValues();
}

// Zobrist keys: two independent 32-bit hashes, one to index the table, one to verify. They
// come from a multiplicative mixer (splitmix32 style): a linear generator such as xorshift
// makes the keys linearly dependent over XOR, so that the second hash is a function of the
// first and every position's "64-bit" key is really a 32-bit one, with false table hits
// every few thousand probes.
const ZOBRIST = new Int32Array(2 * 2 * 64);
{
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < ZOBRIST.length; i++) {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    ZOBRIST[i] = z ^ (z >>> 16);
  }
}

// The 8 symmetries of the square of pegs map lines to lines on every level. SYM_CELL[s*64+c]
// is where symmetry s sends cell c; SYM_INVERSE[s] the symmetry that undoes s.
const PEG_MAPS = [
  (x, y) => [x, y], (x, y) => [3 - y, x], (x, y) => [3 - x, 3 - y], (x, y) => [y, 3 - x],
  (x, y) => [3 - x, y], (x, y) => [x, 3 - y], (x, y) => [y, x], (x, y) => [3 - y, 3 - x],
];
export const SYM_CELL = new Int8Array(8 * 64);
PEG_MAPS.forEach((f, s) => {
  for (let c = 0; c < 64; c++) {
    const [x, y] = f(c & 3, (c >>> 2) & 3);
    SYM_CELL[s * 64 + c] = (c & 48) | (y * 4 + x);
  }
});
export const SYM_INVERSE = Int8Array.from({ length: 8 }, (_, s) => {
  for (let t = 0; t < 8; t++) {
    let undoes = true;
    for (let c = 0; c < 64 && undoes; c++) undoes = SYM_CELL[t * 64 + SYM_CELL[s * 64 + c]] === c;
    if (undoes) return t;
  }
  throw new Error("the peg symmetries are not a group");
});
// symHash[s] and symHash[8 + s]: the two hashes of the board seen through symmetry s.
// Equal boards up to symmetry share the smallest of their eight first hashes (see
// canonicalSymmetry), which is how the search's table folds the symmetries together.
export const symHash = new Int32Array(16);
const SYM_ZOBRIST = new Int32Array(8 * 2 * 64 * 2); // [s][player*64 + c][which hash]
for (let s = 0; s < 8; s++) {
  for (let z = 0; z < 128; z++) {
    const player = z >>> 6;
    const mapped = (player << 6) | SYM_CELL[s * 64 + (z & 63)];
    SYM_ZOBRIST[(s * 128 + z) * 2] = ZOBRIST[mapped];
    SYM_ZOBRIST[(s * 128 + z) * 2 + 1] = ZOBRIST[mapped + 128];
  }
}

// The symmetry whose view of the board has the smallest first hash.
export function canonicalSymmetry() {
  let best = 0;
  let low = symHash[0];
  for (let s = 1; s < 8; s++) if (symHash[s] < low) { low = symHash[s]; best = s; }
  return best;
}

function toggleSymHashes(z) {
  for (let s = 0, k = z * 2; s < 8; s++, k += 256) {
    symHash[s] ^= SYM_ZOBRIST[k];
    symHash[s + 8] ^= SYM_ZOBRIST[k + 1];
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
  symHash.fill(0);
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
  toggleSymHashes(z);
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
  toggleSymHashes(z);
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

function hasCell(lo, hi, c) {
  return c < 32 ? (lo >>> c) & 1 : (hi >>> (c - 32)) & 1;
}

// The threat terms, from white's side. Threat cells are visited from the lowest level up, so
// the first threat met in a peg is the one the game reaches first there.
function threatTerms(wLo, wHi, kLo, kHi) {
  let s = 0;
  let seenW = 0; // pegs holding a lower threat of white / black
  let seenK = 0;
  for (let half = 0; half < 2; half++) {
    const w = half === 0 ? wLo : wHi;
    const k = half === 0 ? kLo : kHi;
    let all = w | k;
    while (all !== 0) {
      const bit = all & -all;
      all ^= bit;
      const c = 31 - Math.clz32(bit) + half * 32;
      const z = c >>> 4;
      const pb = 1 << (c & 15);
      if ((w & bit) !== 0) {
        if ((seenK & pb) !== 0) s += EVAL.underEnemy;
        else if ((seenW & pb) !== 0) s += z > 0 && hasCell(wLo, wHi, c - 16) ? EVAL.stacked : EVAL.aboveOwn;
        else s += (z & 1) === 0 ? EVAL.good : EVAL.bad;
      }
      if ((k & bit) !== 0) {
        if ((seenW & pb) !== 0 && (w & bit) === 0) s -= EVAL.underEnemy;
        else if ((seenK & pb) !== 0) s -= z > 0 && hasCell(kLo, kHi, c - 16) ? EVAL.stacked : EVAL.aboveOwn;
        else s -= (z & 1) === 1 ? EVAL.good : EVAL.bad;
      }
      if ((w & bit) !== 0) seenW |= pb;
      if ((k & bit) !== 0) seenK |= pb;
    }
  }
  return s;
}

// The fill-up race: the game's end played out on the threats as they stand. A cell right
// under a threat is a gate: the threat's enemy never plays it (it hands over the win), its
// owner only when nothing else is left (the enemy then blocks the threat). Every other cell
// below the pegs' lowest threats is safe, and safe cells only count by their parity. So the
// side that runs out of safe cells must open one of its own gates (which block, which new
// safe cells above it, maybe a stacked threat that wins) or, with none left, play under an
// enemy threat and lose. New threats the safe cells might still make are not foreseen.
// Returns 1 if white wins the race, -1 if black does, 0 if nobody does or it is too costly
// to tell.
const gate = new Int8Array(16); // the level of each peg's lowest open threat, or 4
let raceBudget = 0;

function threatOwners(c, wLo, wHi, kLo, kHi) {
  return hasCell(wLo, wHi, c) | (hasCell(kLo, kHi, c) << 1); // bit 0 white, bit 1 black
}

// The lowest threat level of peg p from level z up, or 4.
function nextGate(p, z, wLo, wHi, kLo, kHi) {
  for (; z < 4; z++) if (threatOwners(z * 16 + p, wLo, wHi, kLo, kHi) !== 0) return z;
  return 4;
}

// The safe cells of a peg from level z up to the gate under its threat at level t (4: none).
function safeCells(z, t) {
  return t < 4 ? Math.max(0, t - 1 - z) : 4 - z;
}

// `side` (0 white, 1 black) has no safe cell left: 1 if it wins the race, -1 if it loses,
// 0 if neither.
function faceGates(side, wLo, wHi, kLo, kHi) {
  if (--raceBudget < 0) return 0;
  let any = false;
  let best = -1;
  const mine = side + 1;
  for (let p = 0; p < 16 && best < 1; p++) {
    const t = gate[p];
    if (t > 3) continue;
    any = true;
    if (threatOwners(t * 16 + p, wLo, wHi, kLo, kHi) !== mine) continue;
    // `side` plays under its own threat, the enemy blocks it; then forced blocks up the peg.
    let z = t + 1;
    let mover = side;
    let won = -1;
    while (z < 4) {
      const owners = threatOwners(z * 16 + p, wLo, wHi, kLo, kHi);
      if (owners === 0) break;
      if ((owners >> mover) & 1) { won = mover; break; }
      z++;
      mover ^= 1;
    }
    let outcome;
    if (won >= 0) outcome = won === side ? 1 : -1;
    else {
      const next = nextGate(p, z, wLo, wHi, kLo, kHi); // cell z itself is no threat
      const facing = (safeCells(z, next) & 1) === 0 ? mover : mover ^ 1;
      gate[p] = next;
      const r = faceGates(facing, wLo, wHi, kLo, kHi);
      gate[p] = t;
      outcome = facing === side ? r : -r;
    }
    if (outcome > best) best = outcome;
  }
  return any ? best : 0;
}

export function fillUpRace(wLo, wHi, kLo, kHi) {
  let safe = 0;
  for (let p = 0; p < 16; p++) {
    gate[p] = nextGate(p, height[p], wLo, wHi, kLo, kHi);
    safe += safeCells(height[p], gate[p]);
  }
  const facing = (b.filled + safe) & 1;
  raceBudget = 64;
  const r = faceGates(facing, wLo, wHi, kLo, kHi);
  return facing === 0 ? r : -r;
}

// The static score from the side to move's point of view.
export function evaluate() {
  const freeLo = ~b.occLo;
  const freeHi = ~b.occHi;
  const wLo = b.thrLo0 & freeLo; const wHi = b.thrHi0 & freeHi;
  const kLo = b.thrLo1 & freeLo; const kHi = b.thrHi1 & freeHi;
  let s = b.score;
  if ((wLo | wHi | kLo | kHi) !== 0) {
    s += threatTerms(wLo, wHi, kLo, kHi);
    if (EVAL.race !== 0) s += EVAL.race * fillUpRace(wLo, wHi, kLo, kHi);
  }
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
