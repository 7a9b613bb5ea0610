// The Gomoku AI's working board: a mutable copy of an engine state with the counts of every
// five-point window, a Zobrist hash, and the exact threat tests the search needs (win
// points, fours, open-four points) under the game's rule setting. Rules come from the engine
// twin (static/js/engines/gomoku-lines.js): a black move under Renju is legal only when
// foul() says so, and black's five must be exact there.
import {
  BLACK, EMPTY, POINTS, RAYS, SIZE, WHITE, foul, isFoul, run,
} from "../engines/gomoku-lines.js";

export { BLACK, EMPTY, POINTS, SIZE, WHITE };

// Every line of five points (rows, columns, both diagonals): 572 windows.
const WINDOWS = [];
for (let p = 0; p < POINTS; p++) {
  const column = p % SIZE;
  const row = Math.floor(p / SIZE);
  for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [-1, 1]]) {
    const endColumn = column + 4 * dc;
    const endRow = row + 4 * dr;
    if (endColumn < 0 || endColumn >= SIZE || endRow >= SIZE) continue;
    WINDOWS.push(Int16Array.from([0, 1, 2, 3, 4], (i) => (row + i * dr) * SIZE + column + i * dc));
  }
}
const WINDOWS_AT = Array.from({ length: POINTS }, () => []);
WINDOWS.forEach((cells, w) => cells.forEach((p) => WINDOWS_AT[p].push(w)));
export const WINDOW_COUNT = WINDOWS.length;

// Worth of a window holding k stones of one side and none of the other (k = 0..5).
export const WINDOW_WORTH = Object.freeze([0, 1, 12, 90, 900, 100000]);

function zobrist() {
  let seed = 0x9e3779b9;
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  return [Uint32Array.from({ length: 3 * POINTS }, next), Uint32Array.from({ length: 3 * POINTS }, next)];
}
const [ZOBRIST_LO, ZOBRIST_HI] = zobrist();

export class Board {
  // `state` is an engine twin state (static/js/engines/gomoku.js).
  constructor(state) {
    this.rule = state.rule;
    this.cells = new Uint8Array(POINTS);
    this.counts = new Uint8Array(WINDOW_COUNT * 3); // per window: [unused, black, white]
    this.score = [0, 0, 0]; // per colour: the sum of its open windows' worth
    this.fourWindows = [0, 0, 0]; // per colour: windows holding four of it and none of the other
    this.lo = 0;
    this.hi = 0;
    this.stones = 0;
    this.placed = []; // the stones in the order placed, so a search cut short can undo its own
    this.toMove = state.toMove === 0 ? BLACK : WHITE;
    for (let p = 0; p < POINTS; p++) {
      const c = state.board[p];
      if (c !== ".") this.place(p, c === "b" ? BLACK : WHITE);
    }
    this.toMove = state.toMove === 0 ? BLACK : WHITE;
  }

  get key() {
    return this.hi * 4294967296 + this.lo + (this.toMove === BLACK ? 0 : 0.5);
  }

  // Adds `sign` times window w's share to the running sums.
  #tally(w, sign) {
    const black = this.counts[w * 3 + BLACK];
    const white = this.counts[w * 3 + WHITE];
    if (white === 0) {
      this.score[BLACK] += sign * WINDOW_WORTH[black];
      if (black === 4) this.fourWindows[BLACK] += sign;
    }
    if (black === 0) {
      this.score[WHITE] += sign * WINDOW_WORTH[white];
      if (white === 4) this.fourWindows[WHITE] += sign;
    }
  }

  place(p, color) {
    for (const w of WINDOWS_AT[p]) {
      this.#tally(w, -1);
      this.counts[w * 3 + color]++;
      this.#tally(w, 1);
    }
    this.cells[p] = color;
    this.placed.push(p);
    this.lo = (this.lo ^ ZOBRIST_LO[color * POINTS + p]) >>> 0;
    this.hi = (this.hi ^ ZOBRIST_HI[color * POINTS + p]) & 0x1fffff;
    this.stones++;
    this.toMove = 3 - color;
  }

  lift(p) {
    const color = this.cells[p];
    for (const w of WINDOWS_AT[p]) {
      this.#tally(w, -1);
      this.counts[w * 3 + color]--;
      this.#tally(w, 1);
    }
    this.cells[p] = EMPTY;
    this.placed.pop();
    this.lo = (this.lo ^ ZOBRIST_LO[color * POINTS + p]) >>> 0;
    this.hi = (this.hi ^ ZOBRIST_HI[color * POINTS + p]) & 0x1fffff;
    this.stones--;
    this.toMove = color;
  }

  // Lifts the stones placed since there were `count` (a search stopped midway).
  undoTo(count) {
    while (this.placed.length > count) this.lift(this.placed[this.placed.length - 1]);
  }

  // Whether an unbroken row of `length` stones of `color` wins under the rule.
  wins(color, length) {
    if (this.rule === "freestyle" || (this.rule === "renju" && color === WHITE)) return length >= 5;
    return length === 5;
  }

  // May `color` play the empty point p? Only black under Renju is ever refused.
  legal(p, color) {
    return this.cells[p] === EMPTY && !(color === BLACK && this.rule === "renju" && isFoul(foul(this.cells, p)));
  }

  // Does `color`'s stone on the empty point p win at once?
  winsAt(p, color) {
    this.cells[p] = color;
    let won = false;
    for (let d = 0; d < 4 && !won; d++) {
      const [b, a] = run(this.cells, p, d, color);
      won = this.wins(color, b + a + 1);
    }
    this.cells[p] = EMPTY;
    return won;
  }

  // Did `color`'s stone on p (already placed) make a winning row?
  wonAt(p, color) {
    for (let d = 0; d < 4; d++) {
      const [b, a] = run(this.cells, p, d, color);
      if (this.wins(color, b + a + 1)) return true;
    }
    return false;
  }

  // Every point where `color` wins at once (the completions of its fours), sorted.
  winPoints(color) {
    if (this.fourWindows[color] === 0) return [];
    const found = new Set();
    const other = 3 - color;
    for (let w = 0; w < WINDOW_COUNT; w++) {
      if (this.counts[w * 3 + color] !== 4 || this.counts[w * 3 + other] !== 0) continue;
      for (const p of WINDOWS[w]) {
        if (this.cells[p] === EMPTY && !found.has(p) && this.winsAt(p, color)) found.add(p);
      }
    }
    return [...found].sort((x, y) => x - y);
  }

  // The points where `color` wins at once on the lines through p (p holds `color`).
  winPointsThrough(p, color) {
    const found = [];
    for (let d = 0; d < 4; d++) {
      for (const side of RAYS[p][d]) {
        for (let i = 0; i < 5 && i < side.length; i++) {
          const q = side[i];
          if (this.cells[q] === 3 - color) break;
          if (this.cells[q] === EMPTY && !found.includes(q) && this.winsAt(q, color)) found.push(q);
        }
      }
    }
    return found;
  }

  // Empty points in windows holding `need` stones of `color` and none of the other: where
  // the next stone makes a four (need 3) or a three (need 2).
  pointsInWindows(color, need) {
    const found = new Set();
    const other = 3 - color;
    for (let w = 0; w < WINDOW_COUNT; w++) {
      if (this.counts[w * 3 + color] !== need || this.counts[w * 3 + other] !== 0) continue;
      for (const p of WINDOWS[w]) if (this.cells[p] === EMPTY) found.add(p);
    }
    return [...found];
  }

  // Legal moves of `color` that make a four: [move, its win points], the move not itself
  // a win.
  fourMoves(color) {
    const out = [];
    for (const p of this.pointsInWindows(color, 3)) {
      if (!this.legal(p, color)) continue;
      this.place(p, color);
      const wins = this.winPointsThrough(p, color);
      this.lift(p);
      if (wins.length > 0) out.push([p, wins]);
    }
    return out;
  }

  // Points where `color` would make an open four or a double four (two win points): the
  // points its threes threaten, each with those win points.
  openFourPoints(color) {
    return this.fourMoves(color).filter(([, wins]) => wins.length >= 2);
  }

  // How much a stone of `color` on p adds: its windows' growth for itself and the
  // opponent's windows it spoils. Orders moves; not a rule.
  pointValue(p, color) {
    const other = 3 - color;
    let attack = 0;
    let defence = 0;
    for (const w of WINDOWS_AT[p]) {
      const mine = this.counts[w * 3 + color];
      const theirs = this.counts[w * 3 + other];
      if (theirs === 0) attack += WINDOW_WORTH[mine + 1] - WINDOW_WORTH[mine];
      if (mine === 0) defence += WINDOW_WORTH[theirs + 1] - WINDOW_WORTH[theirs];
    }
    return attack + 0.8 * defence;
  }

  // Empty points within `reach` of a stone (the centre on an empty board).
  nearPoints(reach = 2) {
    if (this.stones === 0) return [7 * SIZE + 7];
    const mark = new Uint8Array(POINTS);
    const out = [];
    for (let p = 0; p < POINTS; p++) {
      if (this.cells[p] === EMPTY) continue;
      const column = p % SIZE;
      const row = Math.floor(p / SIZE);
      for (let dr = -reach; dr <= reach; dr++) {
        const r = row + dr;
        if (r < 0 || r >= SIZE) continue;
        for (let dc = -reach; dc <= reach; dc++) {
          const c = column + dc;
          const q = r * SIZE + c;
          if (c < 0 || c >= SIZE || mark[q] || this.cells[q] !== EMPTY) continue;
          mark[q] = 1;
          out.push(q);
        }
      }
    }
    return out;
  }
}
