// The threat lens: every empty cell that would complete a line of four for either side,
// and the empty cell right beneath it (filling that cell lets the other side drop into the
// threat). Computed from the engine's lines and the position's contents.
import { LINES } from "../engines/score-four.js";

// `pegs`: 16 lists of players bottom up (model.js pegContents).
// Returns { threats: [{cell, player, playable}], beneath: [{cell, player}] }, each sorted
// by cell; a cell both sides threaten appears once per side.
export function findThreats(pegs) {
  const owner = new Int8Array(64).fill(-1);
  pegs.forEach((balls, peg) => balls.forEach((player, level) => { owner[level * 16 + peg] = player; }));
  const found = new Map(); // "cell:player" -> {cell, player}
  for (const line of LINES) {
    const counts = [0, 0];
    let empty = -1;
    let empties = 0;
    for (const cell of line) {
      if (owner[cell] === -1) {
        empties += 1;
        empty = cell;
      } else counts[owner[cell]] += 1;
    }
    if (empties !== 1) continue;
    for (const player of [0, 1]) {
      if (counts[player] === 3) found.set(`${empty}:${player}`, { cell: empty, player });
    }
  }
  const threats = [];
  const beneath = [];
  for (const { cell, player } of found.values()) {
    const peg = cell % 16;
    const level = Math.floor(cell / 16);
    const playable = pegs[peg].length === level;
    threats.push({ cell, player, playable });
    if (!playable) beneath.push({ cell: cell - 16, player });
  }
  const byCell = (a, b) => a.cell - b.cell || a.player - b.player;
  return { threats: threats.sort(byCell), beneath: beneath.sort(byCell) };
}
