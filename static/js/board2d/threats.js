// A threat left by the last move: the empty points where its side would complete a line on its
// next move. On the 3x3 board (Tic-tac-toe, Three Men's Morris) that line wins, so the other
// side must block it now; in Nine Men's Morris a mill and in Dara a line of three capture.
// Read from the engine's dump; the lines, steps and legal moves are the engine twins'.
import { LINES, POINTS } from "../engines/grid3.js";
import { NEIGHBOURS, PIECES } from "../engines/three-mens-morris.js";
import { MILLS_AT, POINTS as NMM_POINTS } from "../engines/nine-mens-morris.js";
import { splitMove } from "./intents.js";
import { gameInfo, occupancy } from "./status.js";

// The point names (in board order) where `player` completes a line at their next move.
export function threatPoints(engine, dump, player) {
  const slug = engine.slug;
  if (slug === "tic-tac-toe" || slug === "three-mens-morris") return gridThreats(slug, dump, player);
  if (dump.reserve[player] > 0) {
    // Placing: any empty point is in reach. A Dara line made by a placement is refused.
    return slug === "nine-mens-morris" ? openMills(dump, player) : [];
  }
  return capturingSteps(engine, dump, player);
}

function gridThreats(slug, dump, player) {
  const owners = occupancy(slug, dump);
  const own = POINTS.filter((p) => owners.get(p) === player);
  // Tic-tac-toe always places; Three Men's Morris places while a piece is left in hand, then
  // steps a piece from outside the line onto the empty point.
  const placing = slug === "tic-tac-toe" || own.length < PIECES;
  const found = new Set();
  for (const line of LINES) {
    const names = line.map((i) => POINTS[i]);
    const empty = names.filter((p) => !owners.has(p));
    if (empty.length !== 1 || names.filter((p) => owners.get(p) === player).length !== 2) continue;
    const target = POINTS.indexOf(empty[0]);
    const steps = placing || NEIGHBOURS[target].some(
      (q) => owners.get(POINTS[q]) === player && !line.includes(q));
    if (steps) found.add(empty[0]);
  }
  return POINTS.filter((p) => found.has(p));
}

// Nine Men's Morris while placing: the empty points that close a mill of two own pieces.
function openMills(dump, player) {
  const owners = occupancy("nine-mens-morris", dump);
  return NMM_POINTS.filter((point, i) => !owners.has(point) && MILLS_AT[i].some(
    (mill) => mill.every((q) => q === i || owners.get(NMM_POINTS[q]) === player)));
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
