#!/usr/bin/env node
// Reversi's exact endgame solver (static/js/ai/reversi-solve.js): how long it takes by the
// number of empty squares, and the positions with their exact scores for checking elsewhere.
//   node bench/reversi_solve.mjs [--from 10] [--to 24] [--per 4] [--seed 1] [--out FILE]
// Positions come from seeded random games from the start (each move drawn uniformly among the
// legal ones with static/js/ai/random.js), stopped when E squares are empty; a game that ends
// first is drawn again with the next seed. Each position is solved once with a cleared table
// (no help from earlier searches); the times are the solver's own (wall clock, one thread).
// FILE (default reversi-endgames.obf in the system's temporary folder) gets one line per
// position in the .obf form Edax reads (`edax -solve FILE`): the 64 squares a1 b1 ... h8
// (X black, O white, - empty), the side to move, then the best move found and the exact
// score for the side to move, `; G8:+18;`.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import engine, { discs } from "../static/js/engines/reversi.js";
import { clearTable, solve } from "../static/js/ai/reversi-solve.js";
import { seededRandom } from "../static/js/ai/random.js";

const USAGE = "usage: node bench/reversi_solve.mjs [--from 10] [--to 24] [--per 4] [--seed 1] [--out FILE]";

function parseArgs(argv) {
  const options = { from: 10, to: 24, per: 4, seed: 1, out: join(tmpdir(), "reversi-endgames.obf") };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
    const value = argv[i + 1];
    if (!name || !(name in options) || value === undefined) throw new Error(USAGE);
    options[name] = name === "out" ? value : Number(value);
  }
  const whole = (n) => Number.isInteger(n) && n > 0;
  if (!whole(options.from) || !whole(options.to) || options.from > options.to || options.to > 40
      || !whole(options.per) || !whole(options.seed)) throw new Error(USAGE);
  return options;
}

// A random game from the start until `empties` squares are empty; null if it ends first.
function playout(empties, random) {
  let state = engine.initialState();
  for (;;) {
    if (engine.outcome(state)) return null;
    const [black, white] = discs(state);
    if (64 - black - white <= empties) return state;
    const moves = engine.legalMoves(state);
    state = engine.play(state, moves[Math.floor(random() * moves.length)]);
  }
}

function obf(state, move, score) {
  const board = [...engine.dump(state).board].map((c) => (c === "b" ? "X" : c === "w" ? "O" : "-")).join("");
  const text = engine.formatMove(state, move).toUpperCase().replace("PASS", "PS");
  return `${board} ${engine.toMove(state) ? "O" : "X"}; ${text}:${score > 0 ? "+" : ""}${score};`;
}

const options = parseArgs(process.argv.slice(2));
const lines = [];
console.log(`exact solve, cleared table per position, ${options.per} random-playout positions per count, seed ${options.seed}`);
console.log("empty  positions  mean ms  median ms  max ms  mean nodes  knodes/s");
let seed = options.seed * 1000003;
for (let empties = options.from; empties <= options.to; empties++) {
  const times = [];
  let nodes = 0;
  while (times.length < options.per) {
    const state = playout(empties, seededRandom(seed++));
    if (state === null) continue;
    clearTable();
    const result = solve(state);
    times.push(result.ms);
    nodes += result.nodes;
    lines.push(obf(state, result.move, result.score));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const median = (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
  console.log(`${String(empties).padStart(5)}  ${String(times.length).padStart(9)}  ${(total / times.length).toFixed(0).padStart(7)}`
    + `  ${median.toFixed(0).padStart(9)}  ${sorted.at(-1).toFixed(0).padStart(6)}  ${(nodes / times.length).toFixed(0).padStart(10)}`
    + `  ${(nodes / total).toFixed(0).padStart(8)}`);
}
writeFileSync(options.out, lines.join("\n") + "\n");
console.log(`${lines.length} positions with their exact scores written to ${options.out}`);
