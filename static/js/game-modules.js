// Written by tools/gen_registry.py from games/registry.py: do not edit (a test fails
// when this file is stale). Each game's engine twin and AI module, loaded on demand
// so a page pays only for its own game. The imports are literal on purpose:
// collectstatic rewrites them to the hashed files and the offline precache follows
// them (offline/precache.py).
export const MODULES = Object.freeze({
  "score-four": {
    engine: () => import("./engines/score-four.js"),
    ai: () => import("./ai/score-four.js"),
  },
  "tic-tac-toe": {
    engine: () => import("./engines/tic-tac-toe.js"),
    ai: () => import("./ai/tic-tac-toe.js"),
  },
  "three-mens-morris": {
    engine: () => import("./engines/three-mens-morris.js"),
    ai: () => import("./ai/three-mens-morris.js"),
  },
  "nine-mens-morris": {
    engine: () => import("./engines/nine-mens-morris.js"),
    ai: () => import("./ai/nine-mens-morris.js"),
  },
  "dara": {
    engine: () => import("./engines/dara.js"),
    ai: () => import("./ai/dara.js"),
  },
  "gomoku": {
    engine: () => import("./engines/gomoku.js"),
    ai: () => import("./ai/gomoku.js"),
  },
  "reversi": {
    engine: () => import("./engines/reversi.js"),
    ai: () => import("./ai/reversi.js"),
  },
});
