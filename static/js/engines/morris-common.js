// Pieces shared by the twins of the games on points and lines (every twin but the 3D one):
// move values, the `a1`, `a1-b2`, `b2xd7` notation, outcomes and the repetition bookkeeping.
import { EngineError } from "./errors.js";

// Point names for a grid of `cols` x `rows`, row-major from the top-left (`a1`).
export function gridNames(cols, rows) {
  const names = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) names.push(String.fromCharCode(97 + c) + (r + 1));
  }
  return names;
}

export function indexByName(names) {
  return new Map(names.map((name, i) => [name, i]));
}

// A move value: `from` is null for a placement, `capture` null when nothing is removed.
export function makeMove(from, to, capture = null) {
  return Object.freeze({ from, to, capture });
}

const MOVE_TEXT = /^([a-z][0-9])(?:-([a-z][0-9]))?(?:x([a-z][0-9]))?$/;

// Notation to a move value; only the syntax and point names are checked here, the
// rules are play()'s job. `allowCapture` false rejects an `x` suffix outright.
export function parseMoveText(text, pointIndex, { allowMovement = true, allowCapture = true } = {}) {
  if (typeof text !== "string") throw new EngineError("bad-notation", "a move must be given as text");
  const match = MOVE_TEXT.exec(text.toLowerCase());
  if (!match) throw new EngineError("bad-notation", `not a move: ${JSON.stringify(text)}`);
  const [, first, second, captured] = match;
  if (second !== undefined && !allowMovement) {
    throw new EngineError("bad-notation", `pieces never move in this game: ${JSON.stringify(text)}`);
  }
  if (captured !== undefined && !allowCapture) {
    throw new EngineError("bad-notation", `nothing is captured in this game: ${JSON.stringify(text)}`);
  }
  const toIndex = (name) => {
    const index = pointIndex.get(name);
    if (index === undefined) throw new EngineError("bad-notation", `no point ${name} on this board`);
    return index;
  };
  const from = second === undefined ? null : toIndex(first);
  const to = toIndex(second === undefined ? first : second);
  const capture = captured === undefined ? null : toIndex(captured);
  return makeMove(from, to, capture);
}

// A move value as play() and formatMove() accept it; EngineError("bad-notation") otherwise.
export function checkShape(move, size) {
  const point = (value, optional) => (value === null ? optional
    : Number.isInteger(value) && value >= 0 && value < size);
  if (move === null || typeof move !== "object" || !point(move.from, true) || !point(move.to, false)
      || !point(move.capture, true)) {
    throw new EngineError("bad-notation", `${JSON.stringify(move)} is not a move value`);
  }
  return move;
}

export function formatMoveText(names, move) {
  let text = move.from === null ? names[move.to] : `${names[move.from]}-${names[move.to]}`;
  if (move.capture !== null) text += `x${names[move.capture]}`;
  return text;
}

export function makeOutcome(winner, reason, cells = []) {
  return Object.freeze({ winner, reason, cells: Object.freeze([...cells]) });
}

// The first line (a list of point indices) that `player` fully holds and that passes through
// `point` (or any line when point is null); null if there is none.
export function lineHeld(board, lines, player, point = null) {
  for (const line of lines) {
    if (point !== null && !line.includes(point)) continue;
    if (line.every((p) => board[p] === player)) return line;
  }
  return null;
}

// A board as text, one character per point: "." empty, marks[0] / marks[1] a player's piece.
export function boardText(board, marks = "wb") {
  let text = "";
  for (const cell of board) text += cell === null ? "." : marks[cell];
  return text;
}

// The key repetition compares (board and side to move), as the Python engines write it.
export function positionKey(board, toMove) {
  return boardText(board) + toMove;
}

export function badState(message) {
  return new EngineError("bad-state", message);
}

function intIn(value, low, high, what) {
  if (!Number.isInteger(value) || value < low || value > high) {
    throw badState(`${what} must be an integer from ${low} to ${high}, got ${JSON.stringify(value)}`);
  }
  return value;
}

// The state of a game with a reserve to place, captures and a draw counter (the placed
// games, games/engine/placement.py on the Python side): `quiet` counts the actions the draw
// counter counts and `history` holds the keys of the earlier positions since the last
// placement or capture (the only ones that can recur), oldest first.
export function dumpPlacedGame(slug, points, state) {
  const board = {};
  state.board.forEach((cell, i) => {
    if (cell !== null) board[points[i]] = "wb"[cell];
  });
  return {
    game: slug,
    board,
    reserve: [...state.reserves],
    to_move: state.toMove,
    quiet: state.quiet,
    history: [...state.history],
  };
}

const PLACED_FIELDS = ["board", "game", "history", "quiet", "reserve", "to_move"];

// Validates what both Python engines validate; `checkBoard(board, placing)` adds a game's own
// board checks. Returns the parts of a state.
export function loadPlacedGame(data, { slug, points, pieces, moveLimit, checkBoard = () => {} }) {
  if (data === null || typeof data !== "object" || Array.isArray(data)
      || Object.keys(data).sort().join() !== PLACED_FIELDS.join()) {
    throw badState(`a state is an object with exactly the keys ${PLACED_FIELDS.join(", ")}`);
  }
  if (data.game !== slug) throw badState(`game must be ${slug}, got ${JSON.stringify(data.game)}`);
  const index = indexByName(points);
  if (data.board === null || typeof data.board !== "object" || Array.isArray(data.board)) {
    throw badState("board must map point names to 'w' or 'b'");
  }
  const board = Array(points.length).fill(null);
  for (const [name, owner] of Object.entries(data.board)) {
    if (!index.has(name)) throw badState(`${JSON.stringify(name)} is not a point`);
    if (owner !== "w" && owner !== "b") throw badState(`the piece at ${name} must be 'w' or 'b'`);
    board[index.get(name)] = owner === "w" ? 0 : 1;
  }
  const { reserve } = data;
  if (!Array.isArray(reserve) || reserve.length !== 2) throw badState("reserve must be a list of two counts");
  const [r0, r1] = reserve.map((r) => intIn(r, 0, pieces, "a reserve"));
  const toMove = intIn(data.to_move, 0, 1, "to_move");
  const placing = r0 + r1 > 0;
  if (placing && r1 - r0 !== toMove) {
    throw badState(`reserves ${r0}/${r1} do not fit player ${toMove} to move (placement alternates)`);
  }
  const counts = [0, 1].map((player) => board.filter((cell) => cell === player).length);
  [r0, r1].forEach((left, player) => {
    if (counts[player] > pieces - left) {
      throw badState(`player ${player} has more pieces on the board than were placed`);
    }
  });
  checkBoard(board, placing, [r0, r1]);
  const quiet = intIn(data.quiet, 0, moveLimit, "quiet");
  const { history } = data;
  if (!Array.isArray(history) || history.length !== quiet) {
    throw badState("history must list exactly one earlier position per quiet action");
  }
  if (quiet > 0 && placing) throw badState("moving actions cannot happen while pieces remain to be placed");
  const pattern = new RegExp(`^[.wb]{${points.length}}[01]$`);
  history.forEach((entry, i) => {
    if (typeof entry !== "string" || !pattern.test(entry)) {
      throw badState(`history entry ${JSON.stringify(entry)} is not a position key`);
    }
    if (Number(entry[points.length]) !== (toMove + quiet - i) % 2) {
      throw badState(`history entry ${entry} has the wrong side to move`);
    }
    for (const [player, mark] of [[0, "w"], [1, "b"]]) {
      if ([...entry].filter((c) => c === mark).length !== counts[player]) {
        throw badState(`history entry ${entry} has a capture since it (captures reset history)`);
      }
    }
  });
  const seen = new Map();
  for (const entry of history) {
    seen.set(entry, (seen.get(entry) ?? 0) + 1);
    if (seen.get(entry) > 2) throw badState("a position occurs three times in history: the game ended there");
  }
  return { board, toMove, reserves: [r0, r1], quiet, history: [...history] };
}

// The ending of a placed game's position, checked in the Python engines' order.
export function judgePlacedGame(state, hasStep, moveLimit) {
  const { board, toMove, reserves, quiet, history } = state;
  for (const player of [0, 1]) {
    if (reserves[player] === 0 && board.filter((cell) => cell === player).length < 3) {
      return makeOutcome(1 - player, "pieces");
    }
  }
  if (!hasStep(state)) return makeOutcome(1 - toMove, "no-moves");
  const key = positionKey(board, toMove);
  let seen = 0;
  for (const earlier of history) if (earlier === key) seen++;
  if (seen >= 2) return makeOutcome(null, "repetition");
  if (quiet >= moveLimit) return makeOutcome(null, "move-limit");
  return null;
}
