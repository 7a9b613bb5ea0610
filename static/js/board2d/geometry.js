// Where each game's points sit on the SVG board, and what is drawn between them.
// Coordinates are SVG user units; rows count from the top and columns from the left, as the
// notation does (docs/ENGINES.md). The layouts mirror games/examples.py at a larger scale.
import { gameInfo } from "./status.js";

const column = (point) => point.charCodeAt(0) - 97;
const row = (point) => Number(point.slice(1)) - 1;

// kind "cells": pieces sit in squares (Tic-tac-toe, Dara); "points": on line crossings.
function gridLayout(slug, { columns, rows, step, margin }) {
  const { points } = gameInfo(slug);
  const xy = Object.fromEntries(points.map((p) => [p, [margin + (column(p) + 0.5) * step,
    margin + (row(p) + 0.5) * step]]));
  return {
    kind: "cells", xy, step, width: 2 * margin + columns * step, height: 2 * margin + rows * step,
    grid: { x: margin, y: margin, columns, rows, step }, pieceRadius: step * 0.36,
    labelEdge: margin / 2,
  };
}

const NMM_LINES = [
  ["a1", "g1"], ["g1", "g7"], ["g7", "a7"], ["a7", "a1"],
  ["b2", "f2"], ["f2", "f6"], ["f6", "b6"], ["b6", "b2"],
  ["c3", "e3"], ["e3", "e5"], ["e5", "c5"], ["c5", "c3"],
  ["d1", "d3"], ["g4", "e4"], ["d7", "d5"], ["a4", "c4"],
];
const TMM_LINES = [
  ["a1", "c1"], ["a2", "c2"], ["a3", "c3"], ["a1", "a3"], ["b1", "b3"], ["c1", "c3"],
  ["a1", "c3"], ["c1", "a3"],
];

function pointLayout(slug, { step, margin, lines, size, pieceRadius }) {
  const { points } = gameInfo(slug);
  const xy = Object.fromEntries(points.map((p) => [p, [margin + column(p) * step, margin + row(p) * step]]));
  const width = 2 * margin + (size - 1) * step;
  // Coordinates sit midway between the board's edge and the outermost pieces.
  return { kind: "points", xy, step, width, height: width, lines, pieceRadius,
    labelEdge: (margin - pieceRadius) / 2 + 2 };
}

const LAYOUTS = {
  "tic-tac-toe": () => gridLayout("tic-tac-toe", { columns: 3, rows: 3, step: 180, margin: 48 }),
  "three-mens-morris": () => pointLayout("three-mens-morris", {
    step: 200, margin: 96, lines: TMM_LINES, size: 3, pieceRadius: 48,
  }),
  "nine-mens-morris": () => pointLayout("nine-mens-morris", {
    step: 100, margin: 78, lines: NMM_LINES, size: 7, pieceRadius: 34,
  }),
  dara: () => gridLayout("dara", { columns: 6, rows: 5, step: 100, margin: 44 }),
};

const cache = new Map();

export function layoutFor(slug) {
  if (!LAYOUTS[slug]) throw new Error(`no 2D layout for ${JSON.stringify(slug)}`);
  if (!cache.has(slug)) cache.set(slug, Object.freeze(LAYOUTS[slug]()));
  return cache.get(slug);
}

// The point a keyboard arrow leads to: the nearest point straight along the arrow's row or
// column (Nine Men's Morris skips the gaps of its grid), or `from` itself when there is none.
export function neighbourInDirection(layout, from, dx, dy) {
  const [x0, y0] = layout.xy[from];
  let best = from;
  let bestDistance = Infinity;
  for (const [point, [x, y]] of Object.entries(layout.xy)) {
    const along = (x - x0) * dx + (y - y0) * dy;
    const across = (x - x0) * dy - (y - y0) * dx;
    if (along > 0 && Math.abs(across) < 1e-6 && along < bestDistance) {
      bestDistance = along;
      best = point;
    }
  }
  return best;
}
