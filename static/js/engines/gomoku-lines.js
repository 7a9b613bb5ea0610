// Gomoku's board geometry and Renju's forbidden points for black (twin of
// games/engine/gomoku_lines.py, where the terms are defined). A board is any indexable array
// of 225 numbers (EMPTY, BLACK, WHITE), index (row - 1) * 15 + column, A1 = 0, row 1 at the
// bottom; the AI passes its own typed array. The functions place and lift stones while they
// look and always hand the board back as they found it.
export const SIZE = 15;
export const POINTS = SIZE * SIZE;
export const COLUMNS = "ABCDEFGHIJKLMNO";
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
// Across, up, up-right, up-left, as [column step, row step].
export const DIRECTIONS = Object.freeze([[1, 0], [0, 1], [1, 1], [-1, 1]]);

export const FIVE = "five";
export const OVERLINE = "overline";
export const DOUBLE_FOUR = "double-four";
export const DOUBLE_THREE = "double-three";
export const FOULS = Object.freeze([OVERLINE, DOUBLE_FOUR, DOUBLE_THREE]);

function ray(p, dc, dr) {
  let column = p % SIZE;
  let row = Math.floor(p / SIZE);
  const out = [];
  for (;;) {
    column += dc;
    row += dr;
    if (column < 0 || column >= SIZE || row < 0 || row >= SIZE) return Int16Array.from(out);
    out.push(row * SIZE + column);
  }
}

// RAYS[p][d] = [points ahead of p along DIRECTIONS[d], points behind it], nearest first.
export const RAYS = Array.from({ length: POINTS }, (_, p) => DIRECTIONS.map(([dc, dr]) => [ray(p, dc, dr), ray(p, -dc, -dr)]));

export const pointName = (p) => `${COLUMNS[p % SIZE]}${Math.floor(p / SIZE) + 1}`;
const BY_NAME = new Map(Array.from({ length: POINTS }, (_, p) => [pointName(p), p]));
export const pointIndex = (text) => BY_NAME.get(text.toUpperCase());

// Stones of `color` joined to p along d: [behind, ahead] (p itself not counted).
export function run(board, p, d, color) {
  const [ahead, behind] = RAYS[p][d];
  let a = 0;
  while (a < ahead.length && board[ahead[a]] === color) a++;
  let b = 0;
  while (b < behind.length && board[behind[b]] === color) b++;
  return [b, a];
}

// The row through p (behind, p, ahead) in ascending index order.
export function rowCells(p, d, behind, ahead) {
  const [fwd, back] = RAYS[p][d];
  return [...back.slice(0, behind), p, ...fwd.slice(0, ahead)].sort((x, y) => x - y);
}

function joined(board, p, q, d) {
  for (const side of RAYS[p][d]) {
    const at = side.subarray(0, 5).indexOf(q);
    if (at >= 0) {
      for (let i = 0; i < at; i++) if (board[side[i]] !== BLACK) return false;
      return true;
    }
  }
  return false;
}

function completions(board, p, d) {
  const found = [];
  for (const side of RAYS[p][d]) {
    for (let i = 0; i < 4 && i < side.length; i++) {
      const q = side[i];
      if (board[q] === WHITE) break;
      if (board[q] !== EMPTY) continue;
      board[q] = BLACK;
      const [b, a] = run(board, q, d, BLACK);
      board[q] = EMPTY;
      if (b + a + 1 === 5 && joined(board, p, q, d)) found.push(q);
    }
  }
  return found;
}

function step(d) {
  const [dc, dr] = DIRECTIONS[d];
  return Math.abs(dr * SIZE + dc);
}

// How many fours black's stone at p makes along d (0, 1 or 2; a straight four is 1).
export function fours(board, p, d) {
  const points = completions(board, p, d);
  if (points.length === 2 && Math.abs(points[0] - points[1]) === 5 * step(d)) return 1;
  return points.length;
}

function straightFour(board, q, p, d) {
  const [b, a] = run(board, q, d, BLACK);
  if (b + a + 1 !== 4) return false;
  const [ahead, behind] = RAYS[q][d];
  if (ahead.length <= a || behind.length <= b) return false;
  if (board[ahead[a]] !== EMPTY || board[behind[b]] !== EMPTY) return false;
  if (ahead.length > a + 1 && board[ahead[a + 1]] === BLACK) return false;
  if (behind.length > b + 1 && board[behind[b + 1]] === BLACK) return false;
  return rowCells(q, d, b, a).includes(p);
}

// Whether black's stone at p makes a true three along d: one more stone, itself a legal
// move that makes no five, turns it into a straight four.
export function isThree(board, p, d) {
  for (const side of RAYS[p][d]) {
    for (let i = 0; i < 3 && i < side.length; i++) {
      const q = side[i];
      if (board[q] === WHITE) break;
      if (board[q] !== EMPTY) continue;
      board[q] = BLACK;
      const straight = straightFour(board, q, p, d);
      board[q] = EMPTY;
      if (straight && foul(board, q) === null) return true;
    }
  }
  return false;
}

function mayBeFoul(board, p) {
  let busy = 0;
  for (let d = 0; d < 4; d++) {
    let near = 0;
    for (const side of RAYS[p][d]) {
      for (let i = 0; i < 4 && i < side.length; i++) if (board[side[i]] === BLACK) near++;
    }
    if (near >= 4) return true;
    if (near >= 2) busy++;
  }
  return busy >= 2;
}

// What black's stone on the empty point p makes under Renju: FIVE (a win whatever else it
// makes), one of FOULS (forbidden), or null.
export function foul(board, p) {
  if (!mayBeFoul(board, p)) return null;
  board[p] = BLACK;
  try {
    let longest = 0;
    for (let d = 0; d < 4; d++) {
      const [b, a] = run(board, p, d, BLACK);
      if (b + a + 1 === 5) return FIVE;
      longest = Math.max(longest, b + a + 1);
    }
    if (longest >= 6) return OVERLINE;
    const fourCount = [0, 1, 2, 3].map((d) => fours(board, p, d));
    if (fourCount[0] + fourCount[1] + fourCount[2] + fourCount[3] >= 2) return DOUBLE_FOUR;
    let threes = 0;
    for (let d = 0; d < 4; d++) {
      if (fourCount[d] === 0 && isThree(board, p, d) && ++threes >= 2) return DOUBLE_THREE;
    }
    return null;
  } finally {
    board[p] = EMPTY;
  }
}

export const isFoul = (kind) => kind === OVERLINE || kind === DOUBLE_FOUR || kind === DOUBLE_THREE;
