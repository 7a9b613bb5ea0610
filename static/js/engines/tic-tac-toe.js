// Tic-tac-toe twin of games/engine/tic_tac_toe.py: placements only, three in a row wins.
import { EngineError } from "./errors.js";
import {
  badState, boardText, checkShape, formatMoveText, lineHeld, makeMove, makeOutcome, parseMoveText,
  positionKey,
} from "./morris-common.js";
import { LINES, POINTS, POINT_INDEX } from "./grid3.js";

export { LINES, POINTS };

function makeState(board) {
  const filled = board.filter((cell) => cell !== null).length;
  const toMove = filled % 2;
  let result = null;
  const line = lineHeld(board, LINES, 1 - toMove);
  if (line) result = makeOutcome(1 - toMove, "line", line.map((p) => POINTS[p]));
  else if (filled === 9) result = makeOutcome(null, "full");
  return Object.freeze({ board: Object.freeze(board), toMove, result });
}

function initialState() {
  return makeState(Array(9).fill(null));
}

function legalMoves(state) {
  if (state.result) return [];
  const moves = [];
  state.board.forEach((cell, i) => {
    if (cell === null) moves.push(makeMove(null, i));
  });
  return moves;
}

function play(state, move) {
  if (state.result) throw new EngineError("game-over", "the game has already ended");
  checkShape(move, 9);
  if (move.from !== null || move.capture !== null) {
    throw new EngineError("bad-notation", "a Tic-tac-toe move is one empty cell");
  }
  if (state.board[move.to] !== null) {
    throw new EngineError("occupied", `${POINTS[move.to]} is already taken`);
  }
  const board = [...state.board];
  board[move.to] = state.toMove;
  return makeState(board);
}

const SLUG = "tic-tac-toe";
const MARKS = "xo";

function dump(state) {
  return { game: SLUG, board: boardText(state.board, MARKS), to_move: state.toMove };
}

// Refuses what play could not have reached, as games/engine/tic_tac_toe.py does.
function load(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)
      || Object.keys(data).sort().join() !== "board,game,to_move") {
    throw badState("expected an object with keys game, board, to_move");
  }
  const { board: text, to_move: toMove } = data;
  if (data.game !== SLUG) throw badState(`game must be ${SLUG}, not ${JSON.stringify(data.game)}`);
  if (typeof text !== "string" || !/^[.xo]{9}$/.test(text)) {
    throw badState(`board must be nine of x, o, '.', not ${JSON.stringify(text)}`);
  }
  if (toMove !== 0 && toMove !== 1) throw badState(`to_move must be 0 or 1, not ${JSON.stringify(toMove)}`);
  const board = [...text].map((c) => (c === "." ? null : MARKS.indexOf(c)));
  const xs = board.filter((c) => c === 0).length;
  const os = board.filter((c) => c === 1).length;
  if (xs - os !== 0 && xs - os !== 1) throw badState(`${xs} x and ${os} o: x moves first and they alternate`);
  if (toMove !== (xs + os) % 2) throw badState(`${xs + os} marks played, so to_move must be ${(xs + os) % 2}`);
  const last = 1 - toMove;
  if (lineHeld(board, LINES, toMove)) throw badState(`${MARKS[toMove]} has a line but did not move last`);
  const lines = LINES.filter((line) => line.every((p) => board[p] === last));
  if (lines.length > 1 && ![0, 1, 2, 3, 4, 5, 6, 7, 8].some((p) => lines.every((line) => line.includes(p)))) {
    throw badState("the lines cannot all have been made by the last mark");
  }
  return makeState(board);
}

export default Object.freeze({
  slug: SLUG,
  initialState,
  toMove: (state) => state.toMove,
  legalMoves,
  play,
  outcome: (state) => state.result,
  parseMove: (state, text) => parseMoveText(text, POINT_INDEX, { allowMovement: false, allowCapture: false }),
  formatMove: (state, move) => formatMoveText(POINTS, checkShape(move, 9)),
  dump,
  load,
  // For an AI that solves the game (docs/ENGINES.md): the board names the position.
  positionKey: (state) => positionKey(state.board, state.toMove),
  position: (state) => state,
});
