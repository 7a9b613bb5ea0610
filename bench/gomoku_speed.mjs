#!/usr/bin/env node
// Gomoku speed: nodes per second of the AI's searches and forbidden-point checks per
// second of the engine twin, per processor second (the clock is printed too: on a busy
// machine the two differ).
//   node bench/gomoku_speed.mjs [--positions N]
// Positions: the first N (default 12) of bench/gomoku_puzzles.mjs's seeded positions for the
// whole move; every position of the games leading to them for the VCF and forbidden points.
import engine, { forbiddenPoints } from "../static/js/engines/gomoku.js";
import { chooseMove } from "../static/js/ai/gomoku.js";
import { Board } from "../static/js/ai/gomoku-board.js";
import { findVcf, makeLimits } from "../static/js/ai/gomoku-threats.js";
import { seededRandom } from "../static/js/ai/random.js";
import { findPuzzles } from "./gomoku_puzzles.mjs";

const at = process.argv.indexOf("--positions");
const count = at >= 0 ? Number(process.argv[at + 1]) : 12;
const puzzles = findPuzzles({ perKind: Math.ceil(count / 6), seed: 5 }).slice(0, count);
const replay = (rule, moves) => moves.reduce((s, t) => engine.play(s, engine.parseMove(s, t)), engine.initialState(rule));
const states = puzzles.map(({ rule, moves }) => replay(rule, moves));
// Every position on the way to them, for the cheaper measures.
const prefixes = puzzles.flatMap(({ rule, moves }) => moves.map((_, i) => replay(rule, moves.slice(0, i + 1))))
  .filter((s) => !engine.outcome(s));

function measure(label, unit, body) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const work = body();
  const cpuMs = process.cpuUsage(cpu).user / 1000;
  const wallMs = performance.now() - t;
  console.log(`${label}: ${Math.round(work / (cpuMs / 1000)).toLocaleString("en")} ${unit} per processor second `
    + `(${work.toLocaleString("en")} in ${Math.round(cpuMs)} ms processor, ${Math.round(wallMs)} ms clock)`);
}

measure("advanced level, whole move (VCF, VCT, alpha-beta)", "nodes", () => states.reduce((sum, state) =>
  sum + chooseMove(state, { level: "advanced", random: seededRandom(1) }).stats.nodes, 0));
measure("VCF search for each side, 20 fours deep, at most 20,000 nodes each", "nodes", () => prefixes.reduce((sum, state) => {
  const board = new Board(state);
  for (const attacker of [1, 2]) {
    const limits = makeLimits({ nodes: 20_000 });
    findVcf(board, attacker, 20, limits);
    sum += Math.min(limits.used, 20_000);
  }
  return sum;
}, 0));
measure("Renju forbidden points, whole board (twin)", "boards", () => {
  let boards = 0;
  for (const state of prefixes.filter((s) => s.rule === "renju" && s.toMove === 0)) {
    for (let i = 0; i < 5; i++) forbiddenPoints(state);
    boards += 5;
  }
  return boards;
});
