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
  return grown(xl, xh, occLo, occHi, 0, 0);
}

// stableDiscs grown from the edges' safe discs (edgeStable) as well as from the corners: at
// least as many (more wherever an edge holds a disc safe between the other side's), for the
// solver's cut-off; the evaluation keeps stableDiscs.
export function stableWithEdges(xl, xh, occLo, occHi) {
  edgeBits(xl, xh, occLo & ~xl, occHi & ~xh);
  return grown(xl, xh, occLo, occHi, EDGE_LO, EDGE_HI);
}

// The propagation from known safe discs (el, eh) of x's.
function grown(xl, xh, occLo, occHi, el, eh) {
  fullLines(occLo, occHi);
  let sl = el;
  let sh = eh;
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
    const nl = el | (xl & hl & vl & dl & al);
    const nh = eh | (xh & hh & vh & dh & ah);
    if (nl === sl && nh === sh) break;
    sl = nl;
    sh = nh;
  }
  return popcount(sl) + popcount(sh);
}

// The edges alone, by table: a disc on an edge can only turn along that edge, so which of
// one side's edge discs are safe depends on the edge's eight squares only. EDGE[p8 * 256 + o8]
// (p8, o8: one side's and the other's discs along the edge) is the mask of p8's discs that
// no sequence of discs put on the edge's empty squares (by either side, in any order: a move
// may turn discs elsewhere and none here) can ever turn. Found once, from full edges down.
const EDGE = new Uint8Array(256 * 256);
{
  const turned = (p, o, x) => { // what a disc of p's on x turns along the edge
    let f = 0;
    for (let step = -1; step <= 1; step += 2) {
      let run = 0;
      let j = x + step;
      while (j >= 0 && j < 8 && (o >> j) & 1) {
        run |= 1 << j;
        j += step;
      }
      if (run && j >= 0 && j < 8 && (p >> j) & 1) f |= run;
    }
    return f;
  };
  // fewer empty squares first: every position reached by a disc more is known before
  for (let empty = 0; empty <= 8; empty++) {
    for (let occupied = 0; occupied < 256; occupied++) {
      if (8 - popcount(occupied) !== empty) continue;
      for (let p = occupied; ; p = (p - 1) & occupied) { // every split of the discs
        setEdge(p, occupied & ~p);
        if (!p) break;
      }
    }
  }
  function setEdge(p, o) {
    let safe = p;
    for (let x = 0; x < 8 && safe; x++) {
      if (((p | o) >> x) & 1) continue;
      const fp = turned(p, o, x); // p puts a disc on x
      safe &= EDGE[((p | fp | (1 << x)) << 8) | (o & ~fp)];
      const fo = turned(o, p, x); // o does
      safe &= ~fo & EDGE[((p & ~fo) << 8) | (o | fo | (1 << x))];
    }
    EDGE[(p << 8) | o] = safe;
  }
}
// a column's four squares of a half (bit i: row i) as 4 bits, by multiplication
const column = (x, c) => Math.imul((x >>> c) & 0x01010101, 0x01020408) >>> 24;

// The same discs as a board: EDGE_LO, EDGE_HI (the columns spread back by multiplication).
let EDGE_LO = 0;
let EDGE_HI = 0;
const spread = (n) => Math.imul(n & 15, 0x00204081) & 0x01010101; // 4 bits to a column's rows
function edgeBits(xl, xh, yl, yh) {
  const top = EDGE[((xl & 255) << 8) | (yl & 255)];
  const bottom = EDGE[((xh >>> 24) << 8) | (yh >>> 24)];
  const left = EDGE[((column(xl, 0) | (column(xh, 0) << 4)) << 8) | column(yl, 0) | (column(yh, 0) << 4)];
  const right = EDGE[((column(xl, 7) | (column(xh, 7) << 4)) << 8) | column(yl, 7) | (column(yh, 7) << 4)];
  EDGE_LO = top | spread(left) | (spread(right) << 7);
  EDGE_HI = (bottom << 24) | spread(left >>> 4) | (spread(right >>> 4) << 7);
}

// How many of the discs (xl, xh) on the edges can never turn, against (yl, yh): a lower
// bound on that side's final count, cheaper than stableDiscs (no full lines, no inside).
export function edgeStable(xl, xh, yl, yh) {
  const top = EDGE[((xl & 255) << 8) | (yl & 255)];
  const bottom = EDGE[((xh >>> 24) << 8) | (yh >>> 24)];
  const left = EDGE[((column(xl, 0) | (column(xh, 0) << 4)) << 8) | column(yl, 0) | (column(yh, 0) << 4)];
  const right = EDGE[((column(xl, 7) | (column(xh, 7) << 4)) << 8) | column(yl, 7) | (column(yh, 7) << 4)];
  // the corners belong to a row and a column: counted with the rows
  return popcount(top | (bottom << 8) | ((left & 0x7e) << 15) | ((right & 0x7e) << 23));
}
