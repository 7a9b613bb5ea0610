// Written by tools/gen_registry.py from games/registry.py: do not edit (a test fails
// when this file is stale). Each game's board kind and, for the SVG board, its
// layout as drawn and what the status line reads; slugs in the home page's order.
const freeze = (value) => {
  if (value && typeof value === "object") {
    Object.values(value).forEach(freeze);
    Object.freeze(value);
  }
  return value;
};

export const GAMES = freeze({
  "score-four": {
    "slug": "score-four",
    "board": "3d",
    "levels": ["beginner", "intermediate", "advanced"],
  },
  "tic-tac-toe": {
    "slug": "tic-tac-toe",
    "board": "2d",
    "levels": ["beginner", "intermediate", "advanced"],
    "layout": {
      "kind": "cells",
      "style": "hash",
      "pieces": "marks",
      "xy": {"a1": [138.0, 138.0], "b1": [318.0, 138.0], "c1": [498.0, 138.0], "a2": [138.0, 318.0], "b2": [318.0, 318.0], "c2": [498.0, 318.0], "a3": [138.0, 498.0], "b3": [318.0, 498.0], "c3": [498.0, 498.0]},
      "step": 180,
      "width": 636,
      "height": 636,
      "pieceRadius": 64.8,
      "labelEdge": 24.0,
      "grid": {"x": 48, "y": 48, "columns": 3, "rows": 3, "step": 180},
    },
    "status": {
      "points": ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"],
      "pieces": [5, 4],
      "movement": false,
      "flying": false,
      "counter": null,
      "limit": null,
      "repetition": "keys",
      "lines": null,
    },
  },
  "three-mens-morris": {
    "slug": "three-mens-morris",
    "board": "2d",
    "levels": ["beginner", "intermediate", "advanced"],
    "layout": {
      "kind": "points",
      "style": "lines",
      "pieces": "stones",
      "xy": {"a1": [96, 96], "b1": [296, 96], "c1": [496, 96], "a2": [96, 296], "b2": [296, 296], "c2": [496, 296], "a3": [96, 496], "b3": [296, 496], "c3": [496, 496]},
      "step": 200,
      "width": 592,
      "height": 592,
      "pieceRadius": 48,
      "labelEdge": 26.0,
      "lines": [["a1", "c1"], ["a2", "c2"], ["a3", "c3"], ["a1", "a3"], ["b1", "b3"], ["c1", "c3"], ["a1", "c3"], ["c1", "a3"]],
    },
    "status": {
      "points": ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"],
      "pieces": [3, 3],
      "movement": true,
      "flying": false,
      "counter": "moving",
      "limit": 120,
      "repetition": "boards",
      "lines": null,
    },
  },
  "nine-mens-morris": {
    "slug": "nine-mens-morris",
    "board": "2d",
    "levels": ["beginner", "intermediate", "advanced"],
    "layout": {
      "kind": "points",
      "style": "fine-lines",
      "pieces": "stones",
      "xy": {"a1": [78, 78], "d1": [378, 78], "g1": [678, 78], "g4": [678, 378], "g7": [678, 678], "d7": [378, 678], "a7": [78, 678], "a4": [78, 378], "b2": [178, 178], "d2": [378, 178], "f2": [578, 178], "f4": [578, 378], "f6": [578, 578], "d6": [378, 578], "b6": [178, 578], "b4": [178, 378], "c3": [278, 278], "d3": [378, 278], "e3": [478, 278], "e4": [478, 378], "e5": [478, 478], "d5": [378, 478], "c5": [278, 478], "c4": [278, 378]},
      "step": 100,
      "width": 756,
      "height": 756,
      "pieceRadius": 34,
      "labelEdge": 24.0,
      "lines": [["a1", "g1"], ["g1", "g7"], ["g7", "a7"], ["a7", "a1"], ["b2", "f2"], ["f2", "f6"], ["f6", "b6"], ["b6", "b2"], ["c3", "e3"], ["e3", "e5"], ["e5", "c5"], ["c5", "c3"], ["d1", "d3"], ["g4", "e4"], ["d7", "d5"], ["a4", "c4"]],
    },
    "status": {
      "points": ["a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4", "b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4", "c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4"],
      "pieces": [9, 9],
      "movement": true,
      "flying": true,
      "counter": "quiet",
      "limit": 100,
      "repetition": "keys",
      "lines": "mills",
      "mills": [["a1", "d1", "g1"], ["g1", "g4", "g7"], ["g7", "d7", "a7"], ["a1", "a7", "a4"], ["b2", "d2", "f2"], ["f2", "f4", "f6"], ["f6", "d6", "b6"], ["b2", "b6", "b4"], ["c3", "d3", "e3"], ["e3", "e4", "e5"], ["e5", "d5", "c5"], ["c3", "c5", "c4"], ["d1", "d2", "d3"], ["g4", "f4", "e4"], ["d7", "d6", "d5"], ["a4", "b4", "c4"]],
    },
  },
  "dara": {
    "slug": "dara",
    "board": "2d",
    "levels": ["beginner", "intermediate", "advanced"],
    "layout": {
      "kind": "cells",
      "style": "pits",
      "pieces": "stones",
      "xy": {"a1": [94.0, 94.0], "b1": [194.0, 94.0], "c1": [294.0, 94.0], "d1": [394.0, 94.0], "e1": [494.0, 94.0], "f1": [594.0, 94.0], "a2": [94.0, 194.0], "b2": [194.0, 194.0], "c2": [294.0, 194.0], "d2": [394.0, 194.0], "e2": [494.0, 194.0], "f2": [594.0, 194.0], "a3": [94.0, 294.0], "b3": [194.0, 294.0], "c3": [294.0, 294.0], "d3": [394.0, 294.0], "e3": [494.0, 294.0], "f3": [594.0, 294.0], "a4": [94.0, 394.0], "b4": [194.0, 394.0], "c4": [294.0, 394.0], "d4": [394.0, 394.0], "e4": [494.0, 394.0], "f4": [594.0, 394.0], "a5": [94.0, 494.0], "b5": [194.0, 494.0], "c5": [294.0, 494.0], "d5": [394.0, 494.0], "e5": [494.0, 494.0], "f5": [594.0, 494.0]},
      "step": 100,
      "width": 688,
      "height": 588,
      "pieceRadius": 36.0,
      "labelEdge": 22.0,
      "grid": {"x": 44, "y": 44, "columns": 6, "rows": 5, "step": 100},
    },
    "status": {
      "points": ["a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2", "a3", "b3", "c3", "d3", "e3", "f3", "a4", "b4", "c4", "d4", "e4", "f4", "a5", "b5", "c5", "d5", "e5", "f5"],
      "pieces": [12, 12],
      "movement": true,
      "flying": false,
      "counter": "progress",
      "limit": 120,
      "repetition": "keys",
      "lines": "runs",
      "columns": 6,
    },
  },
});

export function gameEntry(slug) {
  const entry = GAMES[slug];
  if (!entry) throw new Error(`unknown game ${JSON.stringify(slug)}`);
  return entry;
}
