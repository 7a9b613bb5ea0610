// Score Four twin of games/engine/score_four.py: 16 pegs of four balls, four in a line wins.
// Cell index = level*16 + peg, peg = (row-1)*4 + column; a move value is the peg index 0-15.
// Each player's balls are a bitboard kept as two 32-bit halves: `lo` holds levels 0-1
// (cells 0-31), `hi` levels 2-3 (cells 32-63), so no BigInt is ever needed.
import { EngineError } from "./errors.js";

export const PEGS = 16;
export const LEVELS = 4;
export const CELLS = 64;

export const PEG_NAMES = Object.freeze(
  Array.from({ length: PEGS }, (_, p) => "ABCD"[p % 4] + (Math.floor(p / 4) + 1)),
);
export const CELL_NAMES = Object.freeze(
  Array.from({ length: CELLS }, (_, c) => `${PEG_NAMES[c % 16]}/${Math.floor(c / 16) + 1}`),
);

// The 76 lines: every run of four cells along one of the 13 directions of the cube. Each
// line lists its cells in ascending index, and the lines are sorted by those lists: the same
// order as LINES in games/engine/score_four.py, which decides which line an outcome names.
function buildLines() {
  const lines = [];
  for (let dz = -1; dz <= 1; dz++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        // Keep one of each opposite pair of directions: the first non-zero step is positive.
        const first = dz !== 0 ? dz : dy !== 0 ? dy : dx;
        if (first <= 0) continue;
        for (let z = 0; z < 4; z++) {
          for (let y = 0; y < 4; y++) {
            for (let x = 0; x < 4; x++) {
              const end = [x + 3 * dx, y + 3 * dy, z + 3 * dz];
              if (end.some((v) => v < 0 || v > 3)) continue;
              const line = [];
              for (let k = 0; k < 4; k++) {
                line.push((z + k * dz) * 16 + (y + k * dy) * 4 + (x + k * dx));
              }
              lines.push(line.sort((a, b) => a - b));
            }
          }
        }
      }
    }
  }
  lines.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
  return Object.freeze(lines.map((line) => Object.freeze(line)));
}

export const LINES = buildLines();

// A line as a mask in the two halves.
export const LINE_LO = Int32Array.from(LINES, (line) => maskOf(line)[0]);
export const LINE_HI = Int32Array.from(LINES, (line) => maskOf(line)[1]);

// The lines through each cell (4 for most cells, 7 for the 16 cells on the big diagonals).
export const CELL_LINES = Object.freeze(
  Array.from({ length: CELLS }, (_, c) => Object.freeze(
    LINES.map((line, i) => (line.includes(c) ? i : -1)).filter((i) => i >= 0),
  )),
);

function maskOf(cells) {
  let lo = 0;
  let hi = 0;
  for (const c of cells) {
    if (c < 32) lo |= 1 << c;
    else hi |= 1 << (c - 32);
  }
  return [lo, hi];
}

function hasBit(lo, hi, cell) {
  return cell < 32 ? (lo >>> cell) & 1 : (hi >>> (cell - 32)) & 1;
}

function holdsLine(lo, hi, line) {
  return (lo & LINE_LO[line]) === LINE_LO[line] && (hi & LINE_HI[line]) === LINE_HI[line];
}

// The cells of the first line (in LINES order) that `bits` completes through `cell`, or
// anywhere when `cell` is null; [] when there is none. Like the Python engine, an outcome
// names one line even when the last ball completed two.
function winningCells(bits, cell) {
  const [lo, hi] = bits;
  const candidates = cell === null ? LINES.map((_, i) => i) : CELL_LINES[cell];
  for (const line of candidates) if (holdsLine(lo, hi, line)) return [...LINES[line]];
  return [];
}

function outcomeOf(winner, cells) {
  return Object.freeze({
    winner,
    reason: winner === null ? "full" : "line",
    cells: Object.freeze(cells.map((c) => CELL_NAMES[c])),
  });
}

// `bits[player]` is that player's [lo, hi]; `heights[peg]` how many balls the peg holds.
function makeState(bits, heights, filled, result) {
  return Object.freeze({
    bits: Object.freeze(bits.map((b) => Object.freeze(b))),
    heights: Object.freeze(heights),
    filled,
    toMove: filled % 2,
    result,
  });
}

function initialState() {
  return makeState([[0, 0], [0, 0]], Array(PEGS).fill(0), 0, null);
}

function legalMoves(state) {
  if (state.result) return [];
  const moves = [];
  for (let peg = 0; peg < PEGS; peg++) if (state.heights[peg] < LEVELS) moves.push(peg);
  return moves;
}

function checkPeg(move) {
  if (!Number.isInteger(move) || move < 0 || move >= PEGS) {
    throw new EngineError("bad-notation", "a Score Four move is a peg index from 0 to 15");
  }
}

function play(state, move) {
  if (state.result) throw new EngineError("game-over", "the game has already ended");
  checkPeg(move);
  const height = state.heights[move];
  if (height >= LEVELS) {
    throw new EngineError("peg-full", `peg ${PEG_NAMES[move]} already holds four balls`);
  }
  const cell = height * 16 + move;
  const player = state.toMove;
  const bits = state.bits.map((b) => [...b]);
  if (cell < 32) bits[player][0] |= 1 << cell;
  else bits[player][1] |= 1 << (cell - 32);
  const heights = [...state.heights];
  heights[move] = height + 1;
  const filled = state.filled + 1;
  const cells = winningCells(bits[player], cell);
  let result = null;
  if (cells.length) result = outcomeOf(player, cells);
  else if (filled === CELLS) result = outcomeOf(null, []);
  return makeState(bits, heights, filled, result);
}

const PEG_TEXT = /^([A-D])([1-4])$/; // exactly two characters, as in the Python engine

function parseMove(state, text) {
  if (typeof text !== "string") throw new EngineError("bad-notation", "a move must be given as text");
  const match = PEG_TEXT.exec(text.toUpperCase());
  if (!match) {
    throw new EngineError("bad-notation", `not a peg (A1-D4): ${JSON.stringify(text)}`);
  }
  return (Number(match[2]) - 1) * 4 + "ABCD".indexOf(match[1]);
}

function formatMove(state, move) {
  checkPeg(move);
  return PEG_NAMES[move];
}

// `pegs`: 16 strings in peg order, each the peg's balls bottom to top ("w" white, "b" black)
// — the Python engine's dump, key for key.
function dump(state) {
  const pegs = [];
  for (let peg = 0; peg < PEGS; peg++) {
    let balls = "";
    for (let level = 0; level < state.heights[peg]; level++) {
      balls += hasBit(...state.bits[0], level * 16 + peg) ? "w" : "b";
    }
    pegs.push(balls);
  }
  return { game: "score-four", pegs, to_move: state.toMove };
}

function bad(message) {
  return new EngineError("bad-state", message);
}

function load(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)
      || Object.keys(data).sort().join() !== "game,pegs,to_move") {
    throw bad("expected an object with keys game, pegs, to_move");
  }
  if (data.game !== "score-four") throw bad(`game must be "score-four", not ${JSON.stringify(data.game)}`);
  const { pegs } = data;
  if (data.to_move !== 0 && data.to_move !== 1) throw bad("to_move must be 0 or 1");
  if (!Array.isArray(pegs) || pegs.length !== PEGS) throw bad("pegs must be a list of 16 strings");
  const bits = [[0, 0], [0, 0]];
  const heights = Array(PEGS).fill(0);
  const counts = [0, 0];
  pegs.forEach((balls, peg) => {
    if (typeof balls !== "string" || !/^[wb]{0,4}$/.test(balls)) {
      throw bad(`peg ${PEG_NAMES[peg]} must be up to four of w/b, not ${JSON.stringify(balls)}`);
    }
    heights[peg] = balls.length;
    [...balls].forEach((ball, level) => {
      const player = ball === "w" ? 0 : 1;
      const cell = level * 16 + peg;
      counts[player] += 1;
      if (cell < 32) bits[player][0] |= 1 << cell;
      else bits[player][1] |= 1 << (cell - 32);
    });
  });
  if (counts[0] - counts[1] !== 0 && counts[0] - counts[1] !== 1) {
    throw bad(`${counts[0]} white and ${counts[1]} black balls: white moves first`);
  }
  const filled = counts[0] + counts[1];
  const toMove = filled % 2;
  if (data.to_move !== toMove) throw bad(`${filled} balls played, so to_move must be ${toMove}`);
  if (winningCells(bits[toMove], null).length) {
    throw bad("the side that did not move last has a line");
  }
  const last = 1 - toMove;
  const cells = filled ? winningCells(bits[last], null) : [];
  if (cells.length && !lastBallMadeEveryLine(bits[last], heights)) {
    throw bad("the lines cannot all have been made by the last ball played");
  }
  let result = null;
  if (cells.length) result = outcomeOf(last, cells);
  else if (filled === CELLS) result = outcomeOf(null, []);
  return makeState(bits, heights, filled, result);
}

// A position with lines is reachable only if removing one top ball of the last mover
// leaves no line at all: the game stops at the first line.
function lastBallMadeEveryLine(bits, heights) {
  for (let peg = 0; peg < PEGS; peg++) {
    if (heights[peg] === 0) continue;
    const top = (heights[peg] - 1) * 16 + peg;
    if (!hasBit(bits[0], bits[1], top)) continue;
    const lo = top < 32 ? bits[0] & ~(1 << top) : bits[0];
    const hi = top >= 32 ? bits[1] & ~(1 << (top - 32)) : bits[1];
    if (winningCells([lo, hi], null).length === 0) return true;
  }
  return false;
}

export default Object.freeze({
  slug: "score-four",
  initialState,
  toMove: (state) => state.toMove,
  legalMoves,
  play,
  outcome: (state) => state.result,
  parseMove,
  formatMove,
  dump,
  load,
});
