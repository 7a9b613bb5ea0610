// Every browser engine by its slug, loaded on demand so a page pays only for its own game.
const loaders = {
  "score-four": () => import("./score-four.js"),
  "tic-tac-toe": () => import("./tic-tac-toe.js"),
  "three-mens-morris": () => import("./three-mens-morris.js"),
  "nine-mens-morris": () => import("./nine-mens-morris.js"),
  dara: () => import("./dara.js"),
};

export const SLUGS = Object.keys(loaders);

export async function loadEngine(slug) {
  const load = loaders[slug];
  if (!load) throw new Error(`unknown game ${slug}`);
  return (await load()).default;
}
