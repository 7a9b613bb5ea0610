// What the status line shows, read from an engine's dump(): who holds each point, the phase,
// pieces in reserve and on the board, and the counters behind the draw rules. What differs
// between games is data in their registry entry (games/registry.py, written into
// ../games/registry.js): the points in the engine's order, pieces per side, the draw counter
// and its limit (the engine's), the repetition rule's form, the lines a piece can make. This
// module only reads positions, it decides nothing.
import { gameEntry } from "../games/registry.js";

// {points, pieces: [w, b], movement, flying, counter, limit, repetition, lines, firstMarks,
//  mills?, columns?}. firstMarks: the dump's characters of the first side's pieces. counter: which draw counter the game keeps ("moving" actions since placement
// ended, "quiet" moving actions since the last capture, "progress" actions since a placement
// or capture, or null).
export function gameInfo(slug) {
  const { status } = gameEntry(slug);
  if (!status) throw new Error(`no 2D board for ${JSON.stringify(slug)}`);
  return status;
}

// point name -> 0 | 1 for every occupied point of a dump.
export function occupancy(slug, dump) {
  const { points, firstMarks } = gameInfo(slug);
  const owners = new Map();
  if (typeof dump.board === "string") {
    [...dump.board].forEach((mark, i) => {
      if (mark !== ".") owners.set(points[i], firstMarks.includes(mark) ? 0 : 1);
    });
  } else {
    for (const [point, mark] of Object.entries(dump.board)) owners.set(point, mark === "w" ? 0 : 1);
  }
  return owners;
}

function boardKey(points, owners) {
  return points.map((p) => (owners.has(p) ? "wb"[owners.get(p)] : ".")).join("");
}

// How many times the current position has occurred (1 = first time); a draw comes at 3.
// A game's history holds earlier boards (repetition "boards": same side to move two entries
// apart) or position keys (board + side to move) since the last placement or capture.
export function occurrences(slug, dump) {
  if (!Array.isArray(dump.history)) return 1;
  const { points, repetition } = gameInfo(slug);
  const board = boardKey(points, occupancy(slug, dump));
  const history = dump.history;
  let seen = 1;
  if (repetition === "boards") {
    for (let i = history.length - 2; i >= 0; i -= 2) if (history[i] === board) seen++;
  } else {
    const key = board + dump.to_move;
    for (const entry of history) if (entry === key) seen++;
  }
  return seen;
}

// {toMove, phase, reserve: [w, b], onBoard: [w, b], counter: {kind, value, limit} | null,
//  occurrences}. phase: "placing" | "moving" | "flying" for the side to move.
export function describe(slug, dump) {
  const info = gameInfo(slug);
  const owners = occupancy(slug, dump);
  const onBoard = [0, 1].map((player) => [...owners.values()].filter((o) => o === player).length);
  const reserve = Array.isArray(dump.reserve) ? [...dump.reserve]
    : onBoard.map((n, player) => Math.max(0, info.pieces[player] - n));
  const toMove = dump.to_move;
  let phase = "moving";
  if (!info.movement || reserve[0] + reserve[1] > 0) phase = "placing";
  else if (info.flying && onBoard[toMove] === 3) phase = "flying";
  let counter = null;
  if (info.counter === "moving") counter = { kind: "moving", value: dump.history.length, limit: info.limit };
  else if (info.counter) counter = { kind: info.counter, value: dump.quiet, limit: info.limit };
  return { toMove, phase, reserve, onBoard, counter, occurrences: occurrences(slug, dump) };
}

// The lines that `point`'s piece makes with its own side in `owners` (point -> 0 | 1), for
// games where a line does not end the game: one of the engine's mills (lines "mills"), or a
// run of exactly three across or down the grid (lines "runs"). Each a list of point names;
// [] for the other games (their line ends the game and is drawn as the win).
export function linesThrough(slug, owners, point) {
  const owner = owners.get(point);
  if (owner === undefined) return [];
  const info = gameInfo(slug);
  if (info.lines === "mills") {
    return info.mills.filter((mill) => mill.includes(point) && mill.every((p) => owners.get(p) === owner));
  }
  if (info.lines !== "runs") return [];
  const { points, columns } = info;
  const at = points.indexOf(point);
  const [row, col] = [Math.floor(at / columns), at % columns];
  const rows = points.length / columns;
  const lines = [];
  for (const [dr, dc] of [[0, 1], [1, 0]]) {
    const line = [point];
    for (const sign of [-1, 1]) {
      let [r, c] = [row + sign * dr, col + sign * dc];
      while (r >= 0 && r < rows && c >= 0 && c < columns && owners.get(points[r * columns + c]) === owner) {
        line[sign < 0 ? "unshift" : "push"](points[r * columns + c]);
        [r, c] = [r + sign * dr, c + sign * dc];
      }
    }
    if (line.length === 3) lines.push(line);
  }
  return lines;
}
