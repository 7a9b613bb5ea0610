// What the status line shows, read from an engine's dump(): who holds each point, the phase,
// pieces in reserve and on the board, and the counters behind the draw rules. The limits come
// from the engine twins; this module only reads positions, it decides nothing.
import { POINTS as TTT_POINTS } from "../engines/tic-tac-toe.js";
import {
  MOVE_LIMIT as TMM_LIMIT, PIECES as TMM_PIECES, POINTS as TMM_POINTS,
} from "../engines/three-mens-morris.js";
import {
  MOVE_LIMIT as NMM_LIMIT, PIECES as NMM_PIECES, POINTS as NMM_POINTS,
} from "../engines/nine-mens-morris.js";
import {
  COLS as DARA_COLS, MOVE_LIMIT as DARA_LIMIT, PIECES as DARA_PIECES, POINTS as DARA_POINTS,
} from "../engines/dara.js";
import { MILLS_AT as NMM_MILLS_AT } from "../engines/nine-mens-morris.js";

// points: the engine's point order (its dump and position keys use it).
// counter: which draw counter the game keeps ("moving" actions since placement ended, "quiet"
// moving actions since the last capture, or "progress" actions since a placement or capture).
export const GAMES = Object.freeze({
  "tic-tac-toe": { points: TTT_POINTS, pieces: 5, counter: null, limit: null, movement: false },
  "three-mens-morris": {
    points: TMM_POINTS, pieces: TMM_PIECES, counter: "moving", limit: TMM_LIMIT, movement: true,
  },
  "nine-mens-morris": {
    points: NMM_POINTS, pieces: NMM_PIECES, counter: "quiet", limit: NMM_LIMIT, movement: true,
    flying: true,
  },
  dara: { points: DARA_POINTS, pieces: DARA_PIECES, counter: "progress", limit: DARA_LIMIT, movement: true },
});

export function gameInfo(slug) {
  const info = GAMES[slug];
  if (!info) throw new Error(`no 2D board for ${JSON.stringify(slug)}`);
  return info;
}

// point name -> 0 | 1 for every occupied point of a dump.
export function occupancy(slug, dump) {
  const { points } = gameInfo(slug);
  const owners = new Map();
  if (typeof dump.board === "string") {
    [...dump.board].forEach((mark, i) => {
      if (mark !== ".") owners.set(points[i], "xw".includes(mark) ? 0 : 1);
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
// Three Men's Morris keeps earlier boards (same side to move two entries apart); the other
// placed games keep position keys (board + side to move) since the last placement or capture.
export function occurrences(slug, dump) {
  if (!Array.isArray(dump.history)) return 1;
  const { points } = gameInfo(slug);
  const board = boardKey(points, occupancy(slug, dump));
  const history = dump.history;
  let seen = 1;
  if (slug === "three-mens-morris") {
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
  let reserve;
  if (Array.isArray(dump.reserve)) reserve = [...dump.reserve];
  else if (slug === "three-mens-morris") reserve = onBoard.map((n) => info.pieces - n);
  else reserve = [Math.max(0, 5 - onBoard[0]), Math.max(0, 4 - onBoard[1])];
  const toMove = dump.to_move;
  let phase = "moving";
  if (!info.movement || reserve[0] + reserve[1] > 0) phase = "placing";
  else if (info.flying && onBoard[toMove] === 3) phase = "flying";
  let counter = null;
  if (info.counter === "moving") counter = { kind: "moving", value: dump.history.length, limit: info.limit };
  else if (info.counter) counter = { kind: info.counter, value: dump.quiet, limit: info.limit };
  return { toMove, phase, reserve, onBoard, counter, occurrences: occurrences(slug, dump) };
}

// The lines that `point`'s piece makes with its own side in `owners` (point -> 0 | 1): a Nine
// Men's Morris mill, a Dara line of exactly three across or down. Each a list of point names;
// [] for the other games (their line ends the game and is drawn as the win).
export function linesThrough(slug, owners, point) {
  const owner = owners.get(point);
  if (owner === undefined) return [];
  if (slug === "nine-mens-morris") {
    return NMM_MILLS_AT[NMM_POINTS.indexOf(point)]
      .map((mill) => mill.map((p) => NMM_POINTS[p]))
      .filter((mill) => mill.every((p) => owners.get(p) === owner));
  }
  if (slug !== "dara") return [];
  const at = DARA_POINTS.indexOf(point);
  const [row, col] = [Math.floor(at / DARA_COLS), at % DARA_COLS];
  const rows = DARA_POINTS.length / DARA_COLS;
  const lines = [];
  for (const [dr, dc] of [[0, 1], [1, 0]]) {
    const line = [point];
    for (const sign of [-1, 1]) {
      let [r, c] = [row + sign * dr, col + sign * dc];
      while (r >= 0 && r < rows && c >= 0 && c < DARA_COLS && owners.get(DARA_POINTS[r * DARA_COLS + c]) === owner) {
        line[sign < 0 ? "unshift" : "push"](DARA_POINTS[r * DARA_COLS + c]);
        [r, c] = [r + sign * dr, c + sign * dc];
      }
    }
    if (line.length === 3) lines.push(line);
  }
  return lines;
}
