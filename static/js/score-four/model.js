// Reading a Score Four position for drawing, through the engine's public API only.
import { CELL_NAMES, PEG_NAMES } from "../engines/score-four.js";

export { CELL_NAMES, PEG_NAMES };

// 16 lists, one per peg, of the players (0 white, 1 black) holding levels 1-4 bottom up.
export function pegContents(engine, state) {
  return engine.dump(state).pegs.map((balls) => [...balls].map((ball) => (ball === "w" ? 0 : 1)));
}

export const cellOf = (peg, level) => level * 16 + peg; // level 0 at the bottom
export const cellIndex = (name) => CELL_NAMES.indexOf(name);

// The cell the last move filled, or null. `moves` holds {text} in notation.
export function lastCell(engine, state, moves) {
  if (!moves.length) return null;
  const peg = PEG_NAMES.indexOf(moves[moves.length - 1].text);
  const height = engine.dump(state).pegs[peg].length;
  return peg >= 0 && height > 0 ? cellOf(peg, height - 1) : null;
}

// For every move: its peg, level (1-4) and player, replaying the history of states.
export function describeMoves(engine, history, moves) {
  return moves.map((move, i) => {
    const peg = PEG_NAMES.indexOf(move.text);
    const level = engine.dump(history[i + 1]).pegs[peg].length;
    return { ply: i + 1, peg, pegName: move.text, level, player: move.player };
  });
}

// A winning line in words: its kind and its two ends, from the engine's cell names ("B3/2").
//   kind "level-row": straight along one level (from, to, level)
//   kind "level-diagonal": corner to corner on one level (from, to, level)
//   kind "peg": one peg, bottom to top (peg)
//   kind "rising": straight, climbing one level per peg (from, fromLevel, to, toLevel)
//   kind "cube-diagonal": corner to corner through the cube (from, fromLevel, to, toLevel)
// The ends are ordered bottom first, then left to right, far to near.
export function describeLine(cells) {
  const parsed = cells.map((name) => {
    const [peg, level] = name.split("/");
    return { peg, column: "ABCD".indexOf(peg[0]), row: Number(peg[1]), level: Number(level) };
  }).sort((a, b) => a.level - b.level || a.column - b.column || a.row - b.row);
  const first = parsed[0];
  const last = parsed[parsed.length - 1];
  const along = (first.column !== last.column) + (first.row !== last.row);
  const ends = { from: first.peg, to: last.peg, fromLevel: first.level, toLevel: last.level };
  if (along === 0) return { kind: "peg", peg: first.peg };
  if (first.level === last.level) {
    return { kind: along === 1 ? "level-row" : "level-diagonal", ...ends, level: first.level };
  }
  return { kind: along === 1 ? "rising" : "cube-diagonal", ...ends };
}
