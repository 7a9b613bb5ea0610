#!/usr/bin/env node
// The Gomoku AI's tactics bench: for each level, how many positions it solves and how long
// it takes.
//   node bench/gomoku_tactics.mjs [--per N] [--seed S]
// Positions (bench/gomoku_puzzles.mjs, seeded): "vcf", the side to move has a win by
// continuous fours of two fours or more (solved: the move starts one, proved by a 20-four
// VCF search after the forced answer); "block", the opponent has such a win and a defence
// exists (solved: the move leaves the opponent no VCF). N of each kind per rule setting
// (default 20). Each level runs with its own time limit (LEVEL_SETTINGS); the beginner's
// random moves are included, as in play.
import engine from "../static/js/engines/gomoku.js";
import { LEVELS, LEVEL_SETTINGS, chooseMove } from "../static/js/ai/gomoku.js";
import { seededRandom } from "../static/js/ai/random.js";
import { findPuzzles, startsVcf, vcfAfter } from "./gomoku_puzzles.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const per = option("per", 20);
const seed = option("seed", 11);

const started = performance.now();
const puzzles = findPuzzles({ perKind: per, seed });
console.log(`${puzzles.length} positions (${per} per kind and rule asked) found in ${Math.round(performance.now() - started)} ms`);
const kinds = ["vcf", "block"];
for (const level of LEVELS) {
  const random = seededRandom(seed);
  const row = { vcf: [0, 0], block: [0, 0] };
  let worstMs = 0;
  let totalMs = 0;
  let cpuMs = 0;
  for (const puzzle of puzzles) {
    let state = engine.initialState(puzzle.rule);
    for (const text of puzzle.moves) state = engine.play(state, engine.parseMove(state, text));
    const cpu = process.cpuUsage();
    const t = performance.now();
    const { move } = chooseMove(state, { level, random });
    const ms = performance.now() - t;
    cpuMs += process.cpuUsage(cpu).user / 1000;
    worstMs = Math.max(worstMs, ms);
    totalMs += ms;
    const solved = puzzle.kind === "vcf" ? startsVcf(state, move) : vcfAfter(state, move)?.length === 0;
    row[puzzle.kind][0] += solved ? 1 : 0;
    row[puzzle.kind][1] += 1;
  }
  const parts = kinds.map((k) => `${k} ${row[k][0]}/${row[k][1]}`).join(", ");
  console.log(`${level.padEnd(12)} ${parts}; mean ${Math.round(totalMs / puzzles.length)} ms, slowest ${Math.round(worstMs)} ms `
    + `(limit ${LEVEL_SETTINGS[level].timeMs} ms), CPU ${Math.round(cpuMs / puzzles.length)} ms a move`);
}
