// Egaroucid for Web (github.com/Nyanyan/Egaroucid_Web_Ver: Egaroucid5 Light built with
// emscripten, its evaluation weights and opening book compiled into ai.wasm; GPL-3.0, so it
// is kept outside this project and loaded from the path given) as a player for
// bench/reversi_ai.mjs. `path` is its egaroucid/ai.js, with ai.wasm beside it.
//
// Its exports, as its page (docs/assets/js/script.js) calls them: _initialize_ai() once;
// _ai(board, level, player) with board 64 int32 in square order a1 b1 ... h8 (0 black,
// 1 white, -1 empty), the side to move (0 black, 1 white) and the level (0 to 60: a midgame
// search `level` plies deep, exact from more empty squares the higher the level, level.hpp);
// it answers 1000 * square + 100 + its evaluation in discs, for a side that has a move.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { compileFunction } from "node:vm";

import engine from "../static/js/engines/reversi.js";

const CELL = { b: 0, w: 1, ".": -1 };

// Runs the emscripten script as its page would, with its printing (a log line per search
// depth) dropped and its wasm read from the file (its Node.js path fetches a URL, which
// Node 20 refuses for a file path); the process handlers it installs are taken off again.
export async function loadEgaroucid(path) {
  const listeners = ["uncaughtException", "unhandledRejection"].map((name) => [name, process.listeners(name)]);
  const Module = { print: () => {}, printErr: () => {}, wasmBinary: readFileSync(join(dirname(path), "ai.wasm")) };
  const ready = new Promise((resolve) => {
    Module.onRuntimeInitialized = resolve;
  });
  compileFunction(readFileSync(path, "utf8"), ["Module", "require", "__dirname"], { filename: path })(
    Module, createRequire(import.meta.url), dirname(path));
  await ready;
  for (const [name, before] of listeners) {
    for (const added of process.listeners(name).filter((f) => !before.includes(f))) process.off(name, added);
  }
  Module._initialize_ai();
  const board = Module._malloc(64 * 4);
  // The square Egaroucid plays in `state` (its side to move having a legal move) at `level`.
  return (state, level) => {
    Module.HEAP32.set([...engine.dump(state).board].map((c) => CELL[c]), board / 4);
    return Math.floor(Module._ai(board, level, engine.toMove(state)) / 1000);
  };
}
