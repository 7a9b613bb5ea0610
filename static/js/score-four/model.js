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
