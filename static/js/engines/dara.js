// Dara twin of games/engine/dara.py: 6 columns x 5 rows, twelve stones each. Placement may
// not make three in a row; afterwards a step that makes a new three (never four) in a row or
// column removes any one enemy stone.
import { EngineError } from "./errors.js";
import {
  badState, checkShape, dumpPlacedGame, formatMoveText, gridNames, indexByName, judgePlacedGame,
  loadPlacedGame, makeMove, parseMoveText, positionKey,
} from "./morris-common.js";

export const COLS = 6;
export const ROWS = 5;
const SIZE = COLS * ROWS;
export const POINTS = Object.freeze(gridNames(COLS, ROWS));
const POINT_INDEX = indexByName(POINTS);
export const NEIGHBOURS = Object.freeze(POINTS.map((_, p) => {
  const row = Math.floor(p / COLS);
  const col = p % COLS;
  const near = [];
  if (row > 0) near.push(p - COLS);
  if (col > 0) near.push(p - 1);
  if (col < COLS - 1) near.push(p + 1);
  if (row < ROWS - 1) near.push(p + COLS);
  return Object.freeze(near);
}));
export const PIECES = 12;
export const MOVE_LIMIT = 120;
const SLUG = "dara";

// The run of the owner's stones through `point`, across or down.
function run(board, point, across) {
  const owner = board[point];
  const row = Math.floor(point / COLS);
  const col = point % COLS;
  const [dr, dc] = across ? [0, 1] : [1, 0];
  let length = 1;
  for (const sign of [-1, 1]) {
    let r = row + sign * dr;
    let c = col + sign * dc;
    while (r >= 0 && r < ROWS && c >= 0 && c < COLS && board[r * COLS + c] === owner) {
      length++;
      r += sign * dr;
      c += sign * dc;
    }
  }
  return length;
}

export function longestRun(board, point) {
  return Math.max(run(board, point, true), run(board, point, false));
}

// A line of exactly three through the stone just moved (four or more is illegal anyway).
export function makesThree(board, point) {
  return run(board, point, true) === 3 || run(board, point, false) === 3;
}

function withStone(board, from, to, player) {
  const after = [...board];
  if (from !== null) after[from] = null;
  after[to] = player;
  return after;
}

// Every rule-abiding [from, to] step for `player`, captures left out.
export function steps(board, player, reserves) {
  const result = [];
  if (reserves[player] > 0) {
    for (let p = 0; p < SIZE; p++) {
      if (board[p] === null && longestRun(withStone(board, null, p, player), p) < 3) result.push([null, p]);
    }
    return result;
  }
  for (let p = 0; p < SIZE; p++) {
    if (board[p] !== player) continue;
    for (const q of NEIGHBOURS[p]) {
      if (board[q] === null && longestRun(withStone(board, p, q, player), q) < 4) result.push([p, q]);
    }
  }
  return result;
}

function movesFor(board, player, reserves) {
  const moves = [];
  const enemyStones = [];
  for (let p = 0; p < SIZE; p++) if (board[p] === 1 - player) enemyStones.push(p);
  for (const [from, to] of steps(board, player, reserves)) {
    if (from === null || enemyStones.length === 0 || !makesThree(withStone(board, from, to, player), to)) {
      moves.push(makeMove(from, to));
    } else {
      for (const p of enemyStones) moves.push(makeMove(from, to, p));
    }
  }
  return moves;
}

function makeState(board, toMove, reserves, quiet, history) {
  const state = { board: Object.freeze(board), toMove, reserves: Object.freeze(reserves), quiet,
    history: Object.freeze(history) };
  state.result = judgePlacedGame(state, (s) => steps(s.board, s.toMove, s.reserves).length > 0,
    MOVE_LIMIT);
  return Object.freeze(state);
}

function initialState() {
  return makeState(Array(SIZE).fill(null), 0, [PIECES, PIECES], 0, []);
}

function checkMove(state, move) {
  const { board, toMove: player, reserves } = state;
  const name = (p) => POINTS[p];
  if (move.from === null && reserves[player] === 0) {
    throw new EngineError("wrong-phase", "all twelve stones are placed: move one instead");
  }
  if (move.from !== null && reserves[player] > 0) {
    throw new EngineError("wrong-phase", `${reserves[player]} stones are still to be placed`);
  }
  if (move.from !== null && board[move.from] !== player) {
    throw new EngineError("not-your-piece", `${name(move.from)} holds none of your stones`);
  }
  if (board[move.to] !== null) throw new EngineError("occupied", `${name(move.to)} is not empty`);
  const after = withStone(board, move.from, move.to, player);
  let line = false;
  if (move.from === null) {
    if (longestRun(after, move.to) >= 3) {
      throw new EngineError("dara-three-in-placement", `placing at ${name(move.to)} makes three in a line`);
    }
  } else {
    if (!NEIGHBOURS[move.from].includes(move.to)) {
      throw new EngineError("not-adjacent", `${name(move.to)} is not orthogonally next to ${name(move.from)}`);
    }
    if (longestRun(after, move.to) >= 4) {
      throw new EngineError("dara-four-line", `${name(move.to)} would make four in a line`);
    }
    line = makesThree(after, move.to);
  }
  const enemy = 1 - player;
  if (move.capture === null) {
    if (line && board.includes(enemy)) {
      throw new EngineError("capture-required", "this move makes a line: name a stone to remove");
    }
    return after;
  }
  if (!line) throw new EngineError("capture-not-allowed", "this move makes no line: nothing is removed");
  if (after[move.capture] !== enemy) {
    const whose = after[move.capture] === player ? "your own stone" : "empty";
    throw new EngineError("capture-invalid", `${name(move.capture)} is ${whose}, not an enemy stone`);
  }
  after[move.capture] = null;
  return after;
}

function play(state, move) {
  checkShape(move, SIZE);
  if (state.result) throw new EngineError("game-over", "the game has already ended");
  const board = checkMove(state, move);
  const player = state.toMove;
  const reserves = [...state.reserves];
  if (move.from === null) reserves[player] -= 1;
  if (move.from === null || move.capture !== null) return makeState(board, 1 - player, reserves, 0, []);
  const history = [...state.history, positionKey(state.board, player)];
  return makeState(board, 1 - player, reserves, state.quiet + 1, history);
}

// No legal game reaches three in a line during placement, or four at any time.
function checkBoard(board, placing, reserves) {
  for (const player of [0, 1]) {
    const count = board.filter((cell) => cell === player).length;
    if (placing && count !== PIECES - reserves[player]) {
      throw badState(`player ${player} has ${count} stones with ${reserves[player]} still to place`);
    }
    let longest = 0;
    board.forEach((cell, p) => {
      if (cell === player) longest = Math.max(longest, longestRun(board, p));
    });
    if (longest >= (placing ? 3 : 4)) {
      throw badState(`player ${player} has ${longest} in a line, which no legal game reaches`);
    }
  }
}

function load(data) {
  const parts = loadPlacedGame(data, {
    slug: SLUG, points: POINTS, pieces: PIECES, moveLimit: MOVE_LIMIT, checkBoard,
  });
  return makeState(parts.board, parts.toMove, parts.reserves, parts.quiet, parts.history);
}

export default Object.freeze({
  slug: SLUG,
  initialState,
  toMove: (state) => state.toMove,
  legalMoves: (state) => (state.result ? [] : movesFor(state.board, state.toMove, state.reserves)),
  play,
  outcome: (state) => state.result,
  parseMove: (state, text) => parseMoveText(text, POINT_INDEX),
  formatMove: (state, move) => formatMoveText(POINTS, checkShape(move, SIZE)),
  dump: (state) => dumpPlacedGame(SLUG, POINTS, state),
  load,
});
