// A game's engine twin and AI module by its slug (the table of modules: static/js/game-modules.js).
// A slug that names no game is refused with EngineError("unknown-game"), whatever it is (a
// name such as "constructor" included); the message never repeats it.
import { MODULES } from "../game-modules.js";
import { EngineError } from "./errors.js";

export const SLUGS = Object.freeze(Object.keys(MODULES));

export function isSlug(slug) {
  return typeof slug === "string" && Object.hasOwn(MODULES, slug);
}

function modulesOf(slug) {
  if (!isSlug(slug)) throw new EngineError("unknown-game", "no game has this slug");
  return MODULES[slug];
}

export async function loadEngine(slug) {
  return (await modulesOf(slug).engine()).default;
}

// The AI module (docs/ENGINES.md, "The AI"): its chooseMove, level settings and review settings.
export async function loadAi(slug) {
  return modulesOf(slug).ai();
}
