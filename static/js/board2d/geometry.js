// Where each game's points sit on the SVG board, and what is drawn between them: the layout
// games/board_svg.py computes from the game's registry entry, written into
// ../games/registry.js by tools/gen_registry.py (the server draws the same board without
// scripts). Coordinates are SVG user units; rows count from the top and columns from the
// left, as the notation does (docs/ENGINES.md). kind "cells": pieces sit in squares (a grid);
// "points": on line crossings (lines).
import { gameEntry } from "../games/registry.js";

export function layoutFor(slug) {
  const { layout } = gameEntry(slug);
  if (!layout) throw new Error(`no 2D layout for ${JSON.stringify(slug)}`);
  return layout;
}

// The point a keyboard arrow leads to: the nearest point straight along the arrow's row or
// column (gaps in a board's lattice are skipped), or `from` itself when there is none.
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
