// Three Men's Morris twin of games/engine/three_mens_morris.py: a 3x3 board with the two
// long diagonals; three pieces each, placed then moved one step along a line; no captures.
import { EngineError } from "./errors.js";
import {
  badState, boardText, checkShape, formatMoveText, lineHeld, makeMove, makeOutcome, parseMoveText,
  positionKey,
} from "./morris-common.js";
import { LINES, POINTS, POINT_INDEX } from "./grid3.js";

export { LINES, POINTS };
const CENTRE = 4;
// Orthogonal neighbours, plus a diagonal step only when one end is the centre.
export const NEIGHBOURS = Object.freeze(POINTS.map((_, p) => {
  const row = Math.floor(p / 3);
  const col = p % 3;
  const near = [];
  for (let q = 0; q < 9; q++) {
    const dr = Math.abs(Math.floor(q / 3) - row);
    const dc = Math.abs((q % 3) - col);
    if (dr + dc === 1 || (dr === 1 && dc === 1 && (p === CENTRE || q === CENTRE))) near.push(q);
  }
  return Object.freeze(near);
}));
export const PIECES = 3;
export const MOVE_LIMIT = 120;
const SLUG = "three-mens-morris";
const MARKS = "wb";

function placing(board) {
  return board.filter((cell) => cell !== null).length < 2 * PIECES;
}

function movesFor(board, player) {
  const moves = [];
  if (placing(board)) {
    for (let p = 0; p < 9; p++) if (board[p] === null) moves.push(makeMove(null, p));
    return moves;
  }
  for (let p = 0; p < 9; p++) {
    if (board[p] !== player) continue;
    for (const q of NEIGHBOURS[p]) if (board[q] === null) moves.push(makeMove(p, q));
  }
  return moves;
}

// `history` holds the boards (text) of the earlier positions since placement ended, oldest
// first; its length is the number of moving actions, and white is to move at its first entry.
function judge(board, toMove, history) {
  const last = 1 - toMove;
  const line = lineHeld(board, LINES, last);
  if (line) return makeOutcome(last, "line", line.map((p) => POINTS[p]));
  if (movesFor(board, toMove).length === 0) return makeOutcome(last, "no-moves");
  const text = boardText(board, MARKS);
  let seen = 0;
  for (let i = history.length - 2; i >= 0; i -= 2) if (history[i] === text) seen++;
  if (seen >= 2) return makeOutcome(null, "repetition");
  if (history.length >= MOVE_LIMIT) return makeOutcome(null, "move-limit");
  return null;
}

function makeState(board, toMove, history) {
  return Object.freeze({
    board: Object.freeze(board),
    toMove,
    history: Object.freeze(history),
    result: judge(board, toMove, history),
  });
}

// The same position with no moves behind it. Only a repetition or the move limit depend on
// the history, so any other result (or none) stays as it was.
function position(state) {
  if (state.history.length === 0) return state;
  if (state.result && (state.result.reason === "repetition" || state.result.reason === "move-limit")) {
    return makeState([...state.board], state.toMove, []);
  }
  return Object.freeze({ ...state, history: Object.freeze([]) });
}

function initialState() {
  return makeState(Array(9).fill(null), 0, []);
}

function play(state, move) {
  if (state.result) throw new EngineError("game-over", "the game is over");
  checkShape(move, 9);
  if (move.capture !== null) throw new EngineError("bad-notation", "Three Men's Morris has no captures");
  const player = state.toMove;
  const board = [...state.board];
  let history = state.history;
  if (move.from === null) {
    if (!placing(board)) throw new EngineError("wrong-phase", "all pieces are placed: move one instead");
    if (board[move.to] !== null) throw new EngineError("occupied", `${POINTS[move.to]} is not empty`);
  } else {
    if (placing(board)) throw new EngineError("wrong-phase", "pieces remain to be placed: place one first");
    if (board[move.from] !== player) {
      throw new EngineError("not-your-piece", `no piece of yours on ${POINTS[move.from]}`);
    }
    if (!NEIGHBOURS[move.from].includes(move.to)) {
      throw new EngineError("not-adjacent", `${POINTS[move.from]} and ${POINTS[move.to]} are not joined`);
    }
    if (board[move.to] !== null) throw new EngineError("occupied", `${POINTS[move.to]} is not empty`);
    history = [...history, boardText(board, MARKS)];
    board[move.from] = null;
  }
  board[move.to] = player;
  return makeState(board, 1 - player, history);
}

function dump(state) {
  return { game: SLUG, board: boardText(state.board, MARKS), to_move: state.toMove, history: [...state.history] };
}

function readBoard(text, what) {
  if (typeof text !== "string" || !/^[.wb]{9}$/.test(text)) {
    throw badState(`${what} must be nine of w, b, '.', not ${JSON.stringify(text)}`);
  }
  const board = [...text].map((c) => (c === "." ? null : MARKS.indexOf(c)));
  const whites = board.filter((c) => c === 0).length;
  const blacks = board.filter((c) => c === 1).length;
  if (whites > PIECES || (whites - blacks !== 0 && whites - blacks !== 1)) {
    throw badState(`${what} has ${whites} white and ${blacks} black pieces: impossible`);
  }
  return board;
}

// Refuses what play could not have reached, as games/engine/three_mens_morris.py does: the
// history must be a chain of single moves from a finished placement, none ending the game.
function load(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)
      || Object.keys(data).sort().join() !== "board,game,history,to_move") {
    throw badState("expected an object with keys game, board, to_move, history");
  }
  if (data.game !== SLUG) throw badState(`game must be ${SLUG}, not ${JSON.stringify(data.game)}`);
  const board = readBoard(data.board, "board");
  const { to_move: toMove, history } = data;
  if (toMove !== 0 && toMove !== 1) throw badState(`to_move must be 0 or 1, not ${JSON.stringify(toMove)}`);
  if (!Array.isArray(history) || history.length > MOVE_LIMIT) {
    throw badState(`history must be a list of at most ${MOVE_LIMIT} boards`);
  }
  const boards = history.map((entry) => readBoard(entry, "history entry"));
  const placed = board.filter((c) => c !== null).length;
  if (placed < 2 * PIECES && history.length > 0) throw badState("history is kept only once all pieces are placed");
  const expected = placed < 2 * PIECES ? placed % 2 : history.length % 2;
  if (toMove !== expected) throw badState(`to_move must be ${expected} in this position`);
  const positions = [...history, data.board];
  boards.forEach((earlier, ply) => {
    if (placing(earlier)) throw badState(`history entry ${ply} must hold all six pieces`);
    if (lineHeld(earlier, LINES, ply % 2) || judge(earlier, ply % 2, history.slice(0, ply)) !== null) {
      throw badState(`the game was already over at history entry ${ply}`);
    }
    const next = movesFor(earlier, ply % 2).map((m) => {
      const after = [...earlier];
      after[m.from] = null;
      after[m.to] = ply % 2;
      return boardText(after, MARKS);
    });
    if (!next.includes(positions[ply + 1])) {
      throw badState(`history entry ${ply + 1} does not follow from entry ${ply}`);
    }
  });
  if (lineHeld(board, LINES, toMove)) throw badState("the side to move already has a line");
  return makeState(board, toMove, [...history]);
}

export default Object.freeze({
  slug: SLUG,
  initialState,
  toMove: (state) => state.toMove,
  legalMoves: (state) => (state.result ? [] : movesFor(state.board, state.toMove)),
  play,
  outcome: (state) => state.result,
  parseMove: (state, text) => parseMoveText(text, POINT_INDEX, { allowCapture: false }),
  formatMove: (state, move) => formatMoveText(POINTS, checkShape(move, 9)),
  dump,
  load,
  // For an AI that solves the game (docs/ENGINES.md): the key repetition compares, and the
  // same position with no moves behind it (no repetition or move limit can end it).
  positionKey: (state) => positionKey(state.board, state.toMove),
  position,
});
