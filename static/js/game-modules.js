// Where each game's browser modules are: its engine twin (static/js/engines/<slug>.js) and
// its AI (static/js/ai/<slug>.js), loaded on demand so a page pays only for its own game.
// The one place in the browser code that lists the games' modules. The imports are literal
// on purpose: collectstatic rewrites them to the hashed files (a page never loads an unhashed
// copy, fetched twice or mixed with another release's) and the offline precache follows
// them (offline/precache.py). A new game adds one line here.
export const MODULES = Object.freeze({
  "score-four": { engine: () => import("./engines/score-four.js"), ai: () => import("./ai/score-four.js") },
  "tic-tac-toe": { engine: () => import("./engines/tic-tac-toe.js"), ai: () => import("./ai/tic-tac-toe.js") },
  "three-mens-morris": {
    engine: () => import("./engines/three-mens-morris.js"), ai: () => import("./ai/three-mens-morris.js"),
  },
  "nine-mens-morris": {
    engine: () => import("./engines/nine-mens-morris.js"), ai: () => import("./ai/nine-mens-morris.js"),
  },
  dara: { engine: () => import("./engines/dara.js"), ai: () => import("./ai/dara.js") },
});
