// A threat left by the last move: the empty points where its side would complete a line on its
// next move. Where a line wins (lines null in the registry's status facts) the other side must
// block it now; where a line captures (a mill, a run of three) it is a warning. Read from the
// engine's dump and the game's registry facts; the steps and captures are the engine twin's.
import { gameEntry } from "../games/registry.js";
import { LINES, POINTS } from "../engines/grid3.js";
import { splitMove } from "./intents.js";
import { gameInfo, occupancy } from "./status.js";

// The point names (in board order) where `player` completes a line at their next move.
export function threatPoints(engine, dump, player) {
  // An engine that knows its winning points says (a large board, a rule setting).
  if (engine.winningPoints) return engine.winningPoints(engine.load(dump), player);
  const info = gameInfo(engine.slug);
  if (info.lines === "none") return []; // no line counts: the discs do
  if (info.lines === null) return winningLines(engine.slug, info, dump, player);
  if (dump.reserve[player] > 0) {
    // Placing: any empty point is in reach. A run made by a placement may be refused (lines "runs").
    return info.lines === "mills" ? openMills(info, occupancy(engine.slug, dump), player) : [];
  }
  return capturingSteps(engine, dump, player);
}

// A 3x3 game whose line wins. While placing, any empty point is in reach; once a side's pieces
// are all on the board it must step one from outside the line onto the empty point.
function winningLines(slug, info, dump, player) {
  const owners = occupancy(slug, dump);
  const own = POINTS.filter((p) => owners.get(p) === player);
  const placing = !info.movement || own.length < info.pieces[player];
  const steps = placing ? null : neighbours(gameEntry(slug).layout);
  const found = new Set();
  for (const line of LINES) {
    const names = line.map((i) => POINTS[i]);
    const empty = names.filter((p) => !owners.has(p));
    if (empty.length !== 1 || names.filter((p) => owners.get(p) === player).length !== 2) continue;
    const reach = placing || [...steps.get(empty[0])].some(
      (q) => owners.get(q) === player && !names.includes(q));
    if (reach) found.add(empty[0]);
  }
  return POINTS.filter((p) => found.has(p));
}

// point -> Set of points one step away along the board's drawn lines (each a segment through
// the points on it).
function neighbours({ xy, lines }) {
  const near = new Map(Object.keys(xy).map((p) => [p, new Set()]));
  for (const [a, b] of lines) {
    const [ax, ay] = xy[a];
    const [bx, by] = xy[b];
    const on = Object.keys(xy).filter((p) => {
      const [x, y] = xy[p];
      const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
      const within = Math.min(ax, bx) <= x && x <= Math.max(ax, bx) && Math.min(ay, by) <= y && y <= Math.max(ay, by);
      return Math.abs(cross) < 1e-6 && within;
    });
    on.sort((p, q) => Math.hypot(xy[p][0] - ax, xy[p][1] - ay) - Math.hypot(xy[q][0] - ax, xy[q][1] - ay));
    on.forEach((p, i) => {
      if (i > 0) near.get(p).add(on[i - 1]);
      if (i + 1 < on.length) near.get(p).add(on[i + 1]);
    });
  }
  return near;
}

// While placing: the empty points that close a mill of two own pieces.
function openMills(info, owners, player) {
  return info.points.filter((point) => !owners.has(point) && info.mills.some(
    (mill) => mill.includes(point) && mill.every((q) => q === point || owners.get(q) === player)));
}

// Once placed: the destinations of the moves that would capture were it `player`'s turn again
// (the engine's own legal moves, in the position with that side to move).
function capturingSteps(engine, dump, player) {
  let state;
  try {
    state = engine.load({ ...dump, reserve: [0, 0], to_move: player, quiet: 0, history: [] });
  } catch {
    return []; // not a position this side could move in
  }
  if (engine.outcome(state)) return [];
  const found = new Set();
  for (const move of engine.legalMoves(state)) {
    const { to, capture } = splitMove(engine.formatMove(state, move));
    if (capture) found.add(to);
  }
  return gameInfo(engine.slug).points.filter((p) => found.has(p));
}
