#!/usr/bin/env node
// The exact solver (static/js/ai/reversi-solve.js) on the endgame test set's positions of
// some counts of empty squares (tests/vectors/reversi/endgames.json), each solved once with a
// cleared table: its score checked against the set's, its nodes, wall clock and processor
// time. For work on the solver: nodes do not depend on the machine's load, times do.
//   node bench/reversi_solve_set.mjs [--empties 20] [--repeat 1] [--reach 0]
// --reach N: instead of the set, the N positions per count that `bench/reversi_ai.mjs reach`
// uses (seed 1), checked against the scores of the first such run kept in the system's
// temporary folder (reversi-reach-scores.json) if it holds them, else recorded there.
// --empties takes one count or a range (20-21); --repeat solves the whole list that many
// times and reports the fastest time of each position (less noise on a shared machine).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import engine from "../static/js/engines/reversi.js";
import { clearTable, solve } from "../static/js/ai/reversi-solve.js";
import { positions } from "./reversi_positions.mjs";

const USAGE = "usage: node bench/reversi_solve_set.mjs [--empties 20|20-21] [--repeat 1] [--reach 0]";
const options = { empties: "20", repeat: 1, reach: 0 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
  if (!name || !(name in options) || argv[i + 1] === undefined) throw new Error(USAGE);
  options[name] = name === "empties" ? argv[i + 1] : Number(argv[i + 1]);
}
const [from, to = from] = options.empties.split("-").map(Number);
const { entries } = JSON.parse(readFileSync(new URL("../tests/vectors/reversi/endgames.json", import.meta.url), "utf8"));
let chosen = entries.filter((e) => e.empties >= from && e.empties <= to);
const KNOWN = join(tmpdir(), "reversi-reach-scores.json");
const known = existsSync(KNOWN) ? JSON.parse(readFileSync(KNOWN, "utf8")) : {};
if (options.reach) {
  chosen = [];
  for (let e = from; e <= to; e++) {
    positions(e, options.reach, 10_000 + e * 100).forEach(({ state, seed }) => {
      chosen.push({ position: engine.dump(state), empties: e, seed, score: known[seed] ?? null });
    });
  }
}
const best = chosen.map(() => ({ ms: Infinity, cpu: Infinity }));
let nodes = 0;
let bad = 0;
for (let r = 0; r < options.repeat; r++) {
  chosen.forEach((entry, i) => {
    clearTable();
    const state = engine.load(entry.position);
    const cpu0 = process.cpuUsage();
    const result = solve(state);
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (entry.score === null) known[entry.seed] = entry.score = result.score;
    if (result.score !== entry.score) bad++;
    if (r === 0) {
      nodes += result.nodes;
      console.log(`${String(i).padStart(2)} ${entry.empties} empty, seed ${entry.seed}: score ${result.score} (set ${entry.score})`
        + `${result.score === entry.score ? "" : "  MISMATCH"}  ${String(result.nodes).padStart(9)} nodes`
        + `  ${result.ms.toFixed(0).padStart(5)} ms  cpu ${cpuMs.toFixed(0).padStart(5)} ms`);
    }
    best[i].ms = Math.min(best[i].ms, result.ms);
    best[i].cpu = Math.min(best[i].cpu, cpuMs);
  });
}
if (options.reach) writeFileSync(KNOWN, JSON.stringify(known));
const n = chosen.length;
const ms = best.reduce((a, b) => a + b.ms, 0) / n;
const cpu = best.reduce((a, b) => a + b.cpu, 0) / n;
const max = Math.max(...best.map((b) => b.ms));
console.log(`${n} positions (${options.empties} empty), best of ${options.repeat}: mean ${(nodes / n / 1e6).toFixed(2)} M nodes,`
  + ` mean ${ms.toFixed(0)} ms (max ${max.toFixed(0)}), cpu ${cpu.toFixed(0)} ms, ${(nodes / n / cpu).toFixed(0)} knodes/cpu-s;`
  + ` ${bad ? `${bad} MISMATCH` : "all scores agree"}`);
process.exit(bad ? 1 : 0);
