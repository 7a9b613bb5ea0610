// The 3x3 board of the games played on it: point names and the eight lines
// (twin of games/engine/grid3.py).
import { gridNames, indexByName } from "./morris-common.js";

export const POINTS = Object.freeze(gridNames(3, 3));
export const POINT_INDEX = indexByName(POINTS);
export const LINES = Object.freeze([
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
].map((line) => Object.freeze(line)));
