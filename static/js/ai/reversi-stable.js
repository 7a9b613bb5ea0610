// Stable discs for Reversi's searches: the discs of one side that can never turn again, which
// bound the final score (the endgame solver's stability cut-off, static/js/ai/reversi-solve.js)
// and weigh in the midgame evaluation (reversi-search.js).
import { popcount } from "../engines/reversi.js";

// Lines of the board as halves, by family (rows, columns, the two diagonals): a disc on a
// full line cannot be turned along it.
function lineMasks(cells) {
  const lo = [];
  const hi = [];
  for (const line of cells) {
    let l = 0;
    let h = 0;
    for (const s of line) {
      if (s < 32) l |= 1 << s;
      else h |= 1 << (s - 32);
    }
    lo.push(l);
    hi.push(h);
  }
  return [Int32Array.from(lo), Int32Array.from(hi)];
}
const LINES = [];
for (let r = 0; r < 8; r++) LINES.push(Array.from({ length: 8 }, (_, c) => r * 8 + c));
const ROWS = LINES.length;
for (let c = 0; c < 8; c++) LINES.push(Array.from({ length: 8 }, (_, r) => r * 8 + c));
const COLS = LINES.length;
for (let k = -7; k <= 7; k++) { // down-right diagonals: column - row = k
  const line = [];
  for (let r = 0; r < 8; r++) if (r + k >= 0 && r + k < 8) line.push(r * 8 + r + k);
  LINES.push(line);
}
const DIAG = LINES.length;
for (let k = 0; k <= 14; k++) { // down-left diagonals: column + row = k
  const line = [];
  for (let r = 0; r < 8; r++) if (k - r >= 0 && k - r < 8) line.push(r * 8 + k - r);
  LINES.push(line);
}
const [LINE_LO, LINE_HI] = lineMasks(LINES);
const COL_A = 0x01010101;
const COL_H = 0x80808080 | 0;
const FULL = [0, 0, 0, 0, 0, 0, 0, 0]; // full rows lo/hi, columns lo/hi, diagonals lo/hi, anti lo/hi

function fullLines(occLo, occHi) {
  FULL.fill(0);
  for (let i = 0; i < LINES.length; i++) {
    const l = LINE_LO[i];
    const h = LINE_HI[i];
    if ((occLo & l) === l && (occHi & h) === h) {
      const f = i < ROWS ? 0 : i < COLS ? 2 : i < DIAG ? 4 : 6;
      FULL[f] |= l;
      FULL[f + 1] |= h;
    }
  }
}

// How many of the discs (xl, xh) can never turn, the board being occupied as (occLo, occHi):
// along each of the four lines through it, a disc is safe when the line is full or its
// neighbour on one side is the edge or a disc already known safe (repeated until nothing
// changes). A lower bound on the discs that side keeps to the end.
export function stableDiscs(xl, xh, occLo, occHi) {
  fullLines(occLo, occHi);
  let sl = 0;
  let sh = 0;
  for (;;) {
    // horizontal: the square to the west (index - 1) or east (+ 1)
    const hl = FULL[0] | ((sl << 1) & ~COL_A) | COL_A | ((sl >>> 1 | sh << 31) & ~COL_H) | COL_H;
    const hh = FULL[1] | ((sh << 1 | sl >>> 31) & ~COL_A) | COL_A | ((sh >>> 1) & ~COL_H) | COL_H;
    // vertical: north (- 8) or south (+ 8); row 1 and row 8 touch the edge
    const vl = FULL[2] | (sl << 8) | 0xff | ((sl >>> 8) | (sh << 24));
    const vh = FULL[3] | ((sh << 8) | (sl >>> 24)) | (sh >>> 8) | (0xff000000 | 0);
    // down-right diagonal: north-west (- 9) or south-east (+ 9)
    const dl = FULL[4] | ((sl << 9) & ~COL_A) | COL_A | 0xff | (((sl >>> 9) | (sh << 23)) & ~COL_H) | COL_H;
    const dh = FULL[5] | (((sh << 9) | (sl >>> 23)) & ~COL_A) | COL_A | ((sh >>> 9) & ~COL_H) | COL_H
      | (0xff000000 | 0);
    // down-left diagonal: north-east (- 7) or south-west (+ 7)
    const al = FULL[6] | ((sl << 7) & ~COL_H) | COL_H | 0xff | (((sl >>> 7) | (sh << 25)) & ~COL_A) | COL_A;
    const ah = FULL[7] | (((sh << 7) | (sl >>> 25)) & ~COL_H) | COL_H | ((sh >>> 7) & ~COL_A) | COL_A
      | (0xff000000 | 0);
    const nl = xl & hl & vl & dl & al;
    const nh = xh & hh & vh & dh & ah;
    if (nl === sl && nh === sh) break;
    sl = nl;
    sh = nh;
  }
  return popcount(sl) + popcount(sh);
}
