// A threat left by the last move on the 3x3 board (Tic-tac-toe, Three Men's Morris): the
// empty points where its side would complete a line on its next move, so the other side must
// block there now. Read from the engine's dump; the lines and steps are the engine twins'.
import { LINES, POINTS } from "../engines/grid3.js";
import { NEIGHBOURS, PIECES } from "../engines/three-mens-morris.js";
import { occupancy } from "./status.js";

const GRID_GAMES = new Set(["tic-tac-toe", "three-mens-morris"]);

// The point names (in board order) where `player` completes a line at their next move; []
// for the games a line of three does not win (their mills and Dara lines capture instead).
export function threatPoints(slug, dump, player) {
  if (!GRID_GAMES.has(slug)) return [];
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
