// Nine Men's Morris twin of games/engine/nine_mens_morris.py: nine pieces each, placed, then
// moved along the lines (flying with exactly three); a mill removes one enemy piece.
import { EngineError } from "./errors.js";
import {
  checkShape, dumpPlacedGame, formatMoveText, indexByName, judgePlacedGame, loadPlacedGame,
  makeMove, parseMoveText, positionKey,
} from "./morris-common.js";

// Outer, middle and inner square, each clockwise from its top-left corner.
export const POINTS = Object.freeze([
  "a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4",
  "b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4",
  "c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4",
]);
const POINT_INDEX = indexByName(POINTS);

function buildGeometry() {
  const mills = [];
  const links = [];
  for (let square = 0; square < 3; square++) {
    const base = square * 8;
    for (let side = 0; side < 4; side++) {
      mills.push([base + 2 * side, base + 2 * side + 1, base + ((2 * side + 2) % 8)]);
    }
    for (let k = 0; k < 8; k++) links.push([base + k, base + ((k + 1) % 8)]);
  }
  // The four spokes join the squares' midpoints.
  for (const mid of [1, 3, 5, 7]) {
    mills.push([mid, mid + 8, mid + 16]);
    links.push([mid, mid + 8], [mid + 8, mid + 16]);
  }
  const neighbours = POINTS.map(() => []);
  for (const [p, q] of links) {
    neighbours[p].push(q);
    neighbours[q].push(p);
  }
  const millsAt = POINTS.map((_, p) => mills.filter((mill) => mill.includes(p)));
  return { mills, neighbours, millsAt };
}
export const { mills: MILLS, neighbours: NEIGHBOURS, millsAt: MILLS_AT } = buildGeometry();

export const PIECES = 9;
export const MOVE_LIMIT = 100;

export function inMill(board, point) {
  const owner = board[point];
  return owner !== null && MILLS_AT[point].some((mill) => mill.every((p) => board[p] === owner));
}

// The enemy pieces a mill may remove: those outside mills, or any when all are in mills.
export function removable(board, enemy) {
  const pieces = [];
  for (let p = 0; p < 24; p++) if (board[p] === enemy) pieces.push(p);
  const free = pieces.filter((p) => !inMill(board, p));
  return free.length > 0 ? free : pieces;
}

function countOf(board, player) {
  let n = 0;
  for (const cell of board) if (cell === player) n++;
  return n;
}

// Where `player` may go, without the captures: [from, to] pairs, from null for a placement.
export function steps(board, player, reserves) {
  const result = [];
  if (reserves[player] > 0) {
    for (let p = 0; p < 24; p++) if (board[p] === null) result.push([null, p]);
    return result;
  }
  const flying = countOf(board, player) === 3;
  for (let p = 0; p < 24; p++) {
    if (board[p] !== player) continue;
    if (flying) {
      for (let q = 0; q < 24; q++) if (board[q] === null) result.push([p, q]);
    } else {
      for (const q of NEIGHBOURS[p]) if (board[q] === null) result.push([p, q]);
    }
  }
  return result;
}

function hasStep({ board, toMove, reserves }) {
  if (reserves[toMove] > 0 || countOf(board, toMove) === 3) return board.includes(null);
  for (let p = 0; p < 24; p++) {
    if (board[p] === toMove && NEIGHBOURS[p].some((q) => board[q] === null)) return true;
  }
  return false;
}

function afterStep(board, from, to, player) {
  const after = [...board];
  if (from !== null) after[from] = null;
  after[to] = player;
  return after;
}

function movesFor(board, player, reserves) {
  const moves = [];
  const enemyLeft = board.includes(1 - player);
  for (const [from, to] of steps(board, player, reserves)) {
    const after = afterStep(board, from, to, player);
    if (enemyLeft && inMill(after, to)) {
      for (const capture of removable(after, 1 - player)) moves.push(makeMove(from, to, capture));
    } else {
      moves.push(makeMove(from, to));
    }
  }
  return moves;
}

function makeState(board, toMove, reserves, quiet, history) {
  const state = { board: Object.freeze(board), toMove, reserves: Object.freeze(reserves), quiet,
    history: Object.freeze(history) };
  state.result = judgePlacedGame(state, hasStep, MOVE_LIMIT);
  return Object.freeze(state);
}

function initialState() {
  return makeState(Array(24).fill(null), 0, [PIECES, PIECES], 0, []);
}

function checkMove(state, move) {
  const { board, toMove: player, reserves } = state;
  const name = (p) => POINTS[p];
  if (move.from === null && reserves[player] === 0) {
    throw new EngineError("wrong-phase", "all nine men are placed: move one instead");
  }
  if (move.from !== null && reserves[player] > 0) {
    throw new EngineError("wrong-phase", `${reserves[player]} men are still to be placed`);
  }
  if (move.from !== null && board[move.from] !== player) {
    throw new EngineError("not-your-piece", `${name(move.from)} holds none of your men`);
  }
  if (board[move.to] !== null) throw new EngineError("occupied", `${name(move.to)} is not empty`);
  const flying = reserves[player] === 0 && countOf(board, player) === 3;
  if (move.from !== null && !flying && !NEIGHBOURS[move.from].includes(move.to)) {
    throw new EngineError("not-adjacent", `${name(move.from)} and ${name(move.to)} are not joined`);
  }
  const after = afterStep(board, move.from, move.to, player);
  const mill = inMill(after, move.to);
  const enemy = 1 - player;
  if (move.capture === null) {
    if (mill && board.includes(enemy)) {
      throw new EngineError("capture-required", "this move forms a mill: name a man to remove");
    }
    return after;
  }
  if (!mill) throw new EngineError("capture-not-allowed", "this move forms no mill: nothing is removed");
  if (after[move.capture] !== enemy) {
    const whose = after[move.capture] === player ? "your own man" : "empty";
    throw new EngineError("capture-invalid", `${name(move.capture)} is ${whose}, not an enemy man`);
  }
  if (!removable(after, enemy).includes(move.capture)) {
    throw new EngineError("capture-invalid",
      `${name(move.capture)} stands in a mill while other enemy men are outside one`);
  }
  after[move.capture] = null;
  return after;
}

function play(state, move) {
  checkShape(move, 24);
  if (state.result) throw new EngineError("game-over", "the game has already ended");
  const board = checkMove(state, move);
  const player = state.toMove;
  const reserves = [...state.reserves];
  if (move.from === null) reserves[player] -= 1;
  if (move.from === null || move.capture !== null) {
    return makeState(board, 1 - player, reserves, move.capture !== null ? 0 : state.quiet, []);
  }
  const history = [...state.history, positionKey(state.board, player)];
  return makeState(board, 1 - player, reserves, state.quiet + 1, history);
}

function load(data) {
  const parts = loadPlacedGame(data, { slug: SLUG, points: POINTS, pieces: PIECES, moveLimit: MOVE_LIMIT });
  return makeState(parts.board, parts.toMove, parts.reserves, parts.quiet, parts.history);
}

const SLUG = "nine-mens-morris";

export default Object.freeze({
  slug: SLUG,
  initialState,
  toMove: (state) => state.toMove,
  legalMoves: (state) => (state.result ? [] : movesFor(state.board, state.toMove, state.reserves)),
  play,
  outcome: (state) => state.result,
  parseMove: (state, text) => parseMoveText(text, POINT_INDEX),
  formatMove: (state, move) => formatMoveText(POINTS, checkShape(move, 24)),
  dump: (state) => dumpPlacedGame(SLUG, POINTS, state),
  load,
});
