// Gomoku twin of games/engine/gomoku.py: 15x15, black (side 0) first, five in a row wins;
// rule settings freestyle, exact-five and renju (black's forbidden points refused with
// renju-double-three, renju-double-four or renju-overline). Moves are point indices 0-224,
// written A1-O15 (column A-O with I, row 1 at the bottom).
import { EngineError } from "./errors.js";
import {
  BLACK, EMPTY, FOULS, POINTS, SIZE, WHITE, foul, isFoul, pointIndex, pointName, rowCells, run,
} from "./gomoku-lines.js";

export { FOULS, POINTS, SIZE, foul, isFoul, pointIndex, pointName };

const SLUG = "gomoku";
export const RULES = Object.freeze(["freestyle", "exact-five", "renju"]);
export const DEFAULT_RULE = "freestyle";
const STONES = ".bw";
const CELL = { ".": EMPTY, b: BLACK, w: WHITE };
const DRAW = Object.freeze({ winner: null, reason: "full", cells: Object.freeze([]) });

const badState = (message) => new EngineError("bad-state", message);
const cellsOf = (board) => Uint8Array.from(board, (c) => CELL[c]);

function wins(rule, color, length) {
  if (rule === "freestyle" || (rule === "renju" && color === WHITE)) return length >= 5;
  return length === 5;
}

function blackStuck(cells) {
  for (let p = 0; p < POINTS; p++) if (cells[p] === EMPTY && !isFoul(foul(cells, p))) return false;
  return true;
}

function makeState(board, ply, rule, result) {
  return Object.freeze({ board, ply, rule, toMove: ply % 2, result });
}

function outcome(winner, cells) {
  return Object.freeze({ winner, reason: "line", cells: Object.freeze(cells.map(pointName)) });
}

function initialState(rule = DEFAULT_RULE) {
  if (!RULES.includes(rule)) throw new EngineError("bad-rule", "the rule is freestyle, exact-five or renju");
  return makeState(".".repeat(POINTS), 0, rule, null);
}

function legalMoves(state) {
  if (state.result) return [];
  const moves = [];
  const renjuBlack = state.rule === "renju" && state.toMove === 0;
  const cells = renjuBlack ? cellsOf(state.board) : null;
  for (let p = 0; p < POINTS; p++) {
    if (state.board[p] === "." && !(renjuBlack && isFoul(foul(cells, p)))) moves.push(p);
  }
  return moves;
}

// Black's forbidden points and why, in point order: {H8: "double-three", ...}. Empty unless
// the rule is Renju, black is to move and the game goes on.
export function forbiddenPoints(state) {
  const found = {};
  if (state.rule !== "renju" || state.toMove !== 0 || state.result) return found;
  const cells = cellsOf(state.board);
  for (let p = 0; p < POINTS; p++) {
    if (cells[p] !== EMPTY) continue;
    const kind = foul(cells, p);
    if (isFoul(kind)) found[pointName(p)] = kind;
  }
  return found;
}

// The empty points where a stone of `player` (0 black, 1 white) would win under the
// state's rule, whoever is to move, in point order (names): the board's threat line. Black's
// five under Renju wins even on a point that would otherwise be forbidden.
export function winningPoints(state, player) {
  const found = [];
  if (state.result) return found;
  const color = player === 0 ? BLACK : WHITE;
  const cells = cellsOf(state.board);
  for (let p = 0; p < POINTS; p++) {
    if (cells[p] !== EMPTY) continue;
    cells[p] = color;
    for (let d = 0; d < 4; d++) {
      const [behind, ahead] = run(cells, p, d, color);
      if (wins(state.rule, color, behind + ahead + 1)) {
        found.push(pointName(p));
        break;
      }
    }
    cells[p] = EMPTY;
  }
  return found;
}

function checkMove(move) {
  if (!Number.isInteger(move) || move < 0 || move >= POINTS) {
    throw new EngineError("bad-notation", "not a point index 0-224");
  }
  return move;
}

function play(state, move) {
  if (state.result) throw new EngineError("game-over", "the game is over");
  checkMove(move);
  if (state.board[move] !== ".") throw new EngineError("occupied", `${pointName(move)} already holds a stone`);
  const color = state.toMove === 0 ? BLACK : WHITE;
  const cells = cellsOf(state.board);
  if (state.rule === "renju" && color === BLACK) {
    const kind = foul(cells, move);
    if (isFoul(kind)) {
      throw new EngineError(`renju-${kind}`, `${pointName(move)} would make a ${kind}, forbidden for black under Renju`);
    }
  }
  cells[move] = color;
  const board = state.board.slice(0, move) + STONES[color] + state.board.slice(move + 1);
  let result = null;
  for (let d = 0; d < 4 && !result; d++) {
    const [behind, ahead] = run(cells, move, d, color);
    if (wins(state.rule, color, behind + ahead + 1)) result = outcome(state.toMove, rowCells(move, d, behind, ahead));
  }
  if (!result && (state.ply + 1 === POINTS || (state.rule === "renju" && color === WHITE && blackStuck(cells)))) {
    result = DRAW;
  }
  return makeState(board, state.ply + 1, state.rule, result);
}

function parseMove(state, text) {
  const p = typeof text === "string" ? pointIndex(text) : undefined;
  if (p === undefined) throw new EngineError("bad-notation", "a Gomoku move is a point A1 to O15");
  return p;
}

function dump(state) {
  return { game: SLUG, rule: state.rule, board: state.board, to_move: state.toMove };
}

// Every maximal unbroken row of five or more stones of `color`, in scan order.
function rowsOf(cells, color) {
  const found = [];
  for (let d = 0; d < 4; d++) {
    for (let p = 0; p < POINTS; p++) {
      if (cells[p] !== color) continue;
      const [behind, ahead] = run(cells, p, d, color);
      if (behind === 0 && ahead >= 4) found.push(rowCells(p, d, 0, ahead));
    }
  }
  return found;
}

// Refuses boards play could not have reached, as games/engine/gomoku.py does.
function judge(board, ply, rule) {
  const cells = cellsOf(board);
  const last = ply % 2 ? BLACK : WHITE;
  const other = last === BLACK ? WHITE : BLACK;
  if (rowsOf(cells, other).some((row) => wins(rule, other, row.length))) {
    throw badState("the side that did not move last has a five");
  }
  const winning = rowsOf(cells, last).filter((row) => wins(rule, last, row.length));
  if (rule === "renju" && !(last === BLACK && winning.length > 0)
      && rowsOf(cells, BLACK).some((row) => row.length >= 6)) {
    throw badState("black cannot have made an overline under Renju");
  }
  if (winning.length === 0) {
    if (ply === POINTS || (rule === "renju" && last === WHITE && blackStuck(cells))) return DRAW;
    return null;
  }
  const common = winning[0].filter((p) => winning.every((row) => row.includes(p)));
  if (common.length === 0) throw badState("the fives cannot all have been made by the last stone");
  const stone = Math.min(...common);
  for (let d = 0; d < 4; d++) {
    const [behind, ahead] = run(cells, stone, d, last);
    if (wins(rule, last, behind + ahead + 1)) return outcome(last === BLACK ? 0 : 1, rowCells(stone, d, behind, ahead));
  }
  throw new Error("a winning row passes through its common stone");
}

function load(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)
      || Object.keys(data).sort().join() !== "board,game,rule,to_move") {
    throw badState("expected keys game, rule, board, to_move");
  }
  const { board, rule, to_move: toMove } = data;
  if (data.game !== SLUG) throw badState(`game must be ${SLUG}`);
  if (!RULES.includes(rule)) throw badState("rule must be freestyle, exact-five or renju");
  if (typeof board !== "string" || !/^[.bw]{225}$/.test(board)) throw badState("board must be 225 of b, w, '.'");
  if (toMove !== 0 && toMove !== 1) throw badState("to_move must be 0 or 1");
  let blacks = 0;
  let whites = 0;
  for (const c of board) {
    if (c === "b") blacks++;
    else if (c === "w") whites++;
  }
  if (blacks - whites !== 0 && blacks - whites !== 1) throw badState("black moves first and the sides alternate");
  const ply = blacks + whites;
  if (toMove !== ply % 2) throw badState(`${ply} stones played, so to_move must be ${ply % 2}`);
  return makeState(board, ply, rule, judge(board, ply, rule));
}

export default Object.freeze({
  slug: SLUG,
  initialState,
  toMove: (state) => state.toMove,
  legalMoves,
  play,
  outcome: (state) => state.result,
  parseMove,
  formatMove: (state, move) => pointName(checkMove(move)),
  dump,
  load,
  forbiddenPoints,
  winningPoints,
});
