#!/usr/bin/env node
// Reversi's endgame test set: positions of 20 to 24 empty squares from game-like playouts
// (bench/reversi_positions.mjs: 10 random moves, then a 2-ply search of the AI's evaluation),
// each with the exact score for the side to move and a best move from the JavaScript solver
// (static/js/ai/reversi-solve.js), written to tests/vectors/reversi/endgames.json and, in the
// .obf form Edax reads, endgames.obf (checked against `edax -solve`, bench/reversi_edax.mjs).
//   node bench/reversi_endgames.mjs [--per 12] [--from 20] [--to 24] [--seed 41] [--check]
//   node bench/reversi_endgames.mjs --edax PATH
// --check solves the committed positions again and fails on a different score or a move that
// does not keep it (the file is not rewritten). Solving them all takes minutes.
// --edax runs Edax's exact solver (`PATH -solve endgames.obf -n 1 -l 60`, exact at every
// depth; PATH is its executable in its bin/ folder, its data/ beside bin/;
// github.com/abulmo/edax-reversi, built apart from this project) and compares its score for
// every position with the set's.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

import engine from "../static/js/engines/reversi.js";
import { clearTable, solve } from "../static/js/ai/reversi-solve.js";
import { obf, positions } from "./reversi_positions.mjs";

const DIR = new URL("../tests/vectors/reversi/", import.meta.url);
const USAGE = "usage: node bench/reversi_endgames.mjs [--per 12] [--from 20] [--to 24] [--seed 41] [--check]";

function parseArgs(argv) {
  const options = { per: 12, from: 20, to: 24, seed: 41, check: false, edax: null };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
    if (name === "check") {
      options.check = true;
      continue;
    }
    if (name === "edax" && argv[i + 1]) {
      options.edax = argv[++i];
      continue;
    }
    const value = Number(argv[++i]);
    if (!name || !(name in options) || !Number.isInteger(value) || value <= 0) throw new Error(USAGE);
    options[name] = value;
  }
  return options;
}

function solved(state) {
  clearTable();
  const result = solve(state);
  if (result.stopped || result.move === -1) throw new Error("a position the solver could not answer");
  return result;
}

const options = parseArgs(process.argv.slice(2));
if (options.edax) {
  const { entries } = JSON.parse(readFileSync(new URL("endgames.json", DIR), "utf8"));
  const started = Date.now();
  const output = execFileSync(options.edax, ["-solve", fileURLToPath(new URL("endgames.obf", DIR)), "-n", "1", "-l", "60"], {
    cwd: dirname(dirname(options.edax)), encoding: "utf8", maxBuffer: 1 << 24,
  });
  // one line per position: " 12|   20   -08   0:00.123   1234567  ...  a6 ..."
  const scores = new Map();
  for (const line of output.split("\n")) {
    const found = /^\s*(\d+)\|\s*(\d+)\s+([+-]\d+)/.exec(line);
    if (found) scores.set(Number(found[1]) - 1, { depth: Number(found[2]), score: Number(found[3]) });
  }
  let agree = 0;
  entries.forEach((entry, i) => {
    const edax = scores.get(i);
    const same = edax !== undefined && edax.score === entry.score && edax.depth === entry.empties;
    if (same) agree++;
    else console.log(`position ${i} (${entry.empties} empty, seed ${entry.seed}): ours ${entry.score}, Edax ${edax ? edax.score : "none"}`);
  });
  console.log(`Edax -solve: ${agree} of ${entries.length} exact scores agree (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  process.exit(agree === entries.length ? 0 : 1);
}
if (options.check) {
  const { entries } = JSON.parse(readFileSync(new URL("endgames.json", DIR), "utf8"));
  let bad = 0;
  for (const [i, entry] of entries.entries()) {
    const state = engine.load(entry.position);
    const result = solved(state);
    const kept = -solve(engine.play(state, engine.parseMove(state, entry.best))).score;
    const ok = result.score === entry.score && kept === entry.score;
    if (!ok) bad++;
    console.log(`${i} ${entry.empties} empty: score ${result.score} (file ${entry.score}), ${entry.best} keeps ${kept}`
      + `${ok ? "" : "  MISMATCH"} ${result.ms.toFixed(0)} ms`);
  }
  console.log(`${entries.length - bad} of ${entries.length} agree`);
  process.exit(bad ? 1 : 0);
}

const entries = [];
const lines = [];
for (let empties = options.from; empties <= options.to; empties++) {
  for (const { state, seed } of positions(empties, options.per, options.seed * 100_000 + empties * 1000)) {
    const result = solved(state);
    const best = engine.formatMove(state, result.move);
    entries.push({
      position: engine.dump(state), empties, seed, score: result.score, best, nodes: result.nodes,
    });
    lines.push(obf(state, result.move, result.score));
    console.log(`${empties} empty, seed ${seed}: ${best} ${result.score} (${(result.ms / 1000).toFixed(1)} s, ${result.nodes} nodes)`);
  }
}
const header = {
  game: "reversi",
  generator: `node bench/reversi_endgames.mjs --per ${options.per} --from ${options.from} --to ${options.to} --seed ${options.seed}`,
  scores: "exact final disc difference for the side to move, empty squares to the winner, by static/js/ai/reversi-solve.js; "
    + "best: one move that keeps it; nodes: the solver's count with a cleared table (the test picks the quick ones)",
};
const json = JSON.stringify(header).slice(0, -1) + ', "entries": [\n'
  + entries.map((e) => JSON.stringify(e)).join(",\n") + "\n]}\n";
writeFileSync(new URL("endgames.json", DIR), json);
writeFileSync(new URL("endgames.obf", DIR), lines.join("\n") + "\n");
console.log(`${entries.length} positions written to tests/vectors/reversi/endgames.json and endgames.obf`);
