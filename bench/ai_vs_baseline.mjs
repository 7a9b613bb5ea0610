#!/usr/bin/env node
// Score Four: today's advanced AI against a fixed earlier version of itself.
//   node bench/ai_vs_baseline.mjs [--games N] [--time MS] [--seed S] [--baseline COMMIT]
//                                 [--level LEVEL] [--baseline-level LEVEL] [--jobs J]
//                                 [--eval JSON] [--tuning JSON]
// The baseline AI is read from git (`git archive COMMIT static/js/ai static/js/engines`) into
// a temporary directory, so the match needs nothing outside the repository (a shallow clone
// needs `git fetch --unshallow` first). Default baseline: 5868860, the advanced AI before
// issue 20. Games come in pairs: each pair starts from one two-ply opening (a distinct one up
// to the board's symmetries, in a seeded order) and is played twice, colours swapped. One
// engine thinks at a time, each with the same time per move (default 1500 ms).
// Prints one line per game, then the score (wins + half the draws) overall, as white and as
// black, seen from the current AI, with the time and depth each side used per searched move.
// --jobs J splits the games over J processes (the same games, openings and seeds as one
// process plays; the clock is wall time, so give each process a core of its own).
// --eval '{"good": 80}' and --tuning '{"nextShare": 0.1}' change the current AI's evaluation
// weights (EVAL in score-four-board.js) or search numbers (tuning in score-four-search.js)
// for the match: how variants are screened before a default changes. Both are values the
// shipped AI reads anyway; an experiment needing new code belongs on a branch.
// --baseline with the commit before a change plays the change against it: with the same
// search on both sides, about 50% is "no change".
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { checkoutTree } from "./baseline.mjs";

import game from "../static/js/engines/score-four.js";
import * as current from "../static/js/ai/score-four.js";
import { EVAL, setEval } from "../static/js/ai/score-four-board.js";
import { tuning } from "../static/js/ai/score-four-search.js";
import { seededRandom } from "../static/js/ai/worker.js";

const USAGE = "usage: node bench/ai_vs_baseline.mjs [--games N] [--time MS] [--seed S] "
  + "[--baseline COMMIT] [--level LEVEL] [--baseline-level LEVEL] [--jobs J] [--eval JSON] [--tuning JSON]";

function parseArgs(argv) {
  const options = {
    games: 100, time: 1500, seed: 1, baseline: "5868860", level: "advanced",
    "baseline-level": "advanced", jobs: 1, first: 1, // --first: internal, for --jobs
    eval: "{}", tuning: "{}",
  };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
    if (!name || !(name in options) || argv[i + 1] === undefined) throw new Error(USAGE);
    options[name] = argv[i + 1];
  }
  for (const key of ["games", "time", "seed", "jobs", "first"]) {
    const value = Number(options[key]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${key} must be a positive integer\n${USAGE}`);
    options[key] = value;
  }
  if (!/^[0-9a-f]{4,40}$/i.test(options.baseline)) throw new Error(`--baseline must be a commit hash\n${USAGE}`);
  for (const key of ["level", "baseline-level"]) {
    if (!current.LEVELS.includes(options[key])) throw new Error(`--${key}: one of ${current.LEVELS.join(", ")}`);
  }
  for (const [key, target] of [["eval", EVAL], ["tuning", tuning]]) {
    let value;
    try { value = JSON.parse(options[key]); } catch { value = null; }
    const known = value !== null && typeof value === "object" && !Array.isArray(value)
      && Object.entries(value).every(([name, v]) => typeof v === typeof target[name]);
    if (!known) throw new Error(`--${key} must be a JSON object of ${Object.keys(target).join(", ")}\n${USAGE}`);
    options[key] = value;
  }
  return options;
}

// The baseline's AI and engine files, written out of git into a fresh directory.
async function loadBaseline(commit) {
  const dir = checkoutTree(commit, ["static/js/ai", "static/js/engines"]);
  const ai = await import(pathToFileURL(join(dir, "static/js/ai/score-four.js")).href);
  return { ai, dir };
}

// The 8 symmetries of the square of pegs, as peg maps.
const SYMMETRIES = [
  (x, y) => [x, y], (x, y) => [3 - y, x], (x, y) => [3 - x, 3 - y], (x, y) => [y, 3 - x],
  (x, y) => [3 - x, y], (x, y) => [x, 3 - y], (x, y) => [y, x], (x, y) => [3 - y, 3 - x],
].map((f) => Array.from({ length: 16 }, (_, p) => { const [x, y] = f(p & 3, p >>> 2); return y * 4 + x; }));

// One two-ply opening (white's peg, black's peg) of each class the symmetries make equal,
// in an order shuffled by `random`.
function openings(random) {
  const seen = new Set();
  const list = [];
  for (let w = 0; w < 16; w++) {
    for (let k = 0; k < 16; k++) {
      const key = Math.min(...SYMMETRIES.map((s) => s[w] * 16 + s[k]));
      if (seen.has(key)) continue;
      seen.add(key);
      list.push([w, k]);
    }
  }
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

function playGame(players, opening, random) {
  let state = game.initialState();
  for (const peg of opening) state = game.play(state, peg);
  const used = [{ ms: 0, depth: 0, moves: 0 }, { ms: 0, depth: 0, moves: 0 }];
  while (!game.outcome(state)) {
    const side = game.toMove(state);
    const { ai, options } = players[side];
    const started = performance.now();
    const { move, stats } = ai.chooseMove(state, { ...options, random });
    const ms = performance.now() - started;
    if (stats.forced === null || stats.forced === undefined) {
      used[side].ms += ms; used[side].depth += stats.depth; used[side].moves++;
      used[side].slowest = Math.max(used[side].slowest ?? 0, ms);
    }
    state = game.play(state, move);
  }
  return { winner: game.outcome(state).winner, plies: state.filled, used };
}

const pct = (points, games) => (games ? `${((100 * points) / games).toFixed(1)}%` : "n/a");

function emptyTally() {
  const use = () => ({ ms: 0, depth: 0, moves: 0, slowest: 0 });
  return { white: [0, 0], black: [0, 0], win: 0, loss: 0, draw: 0, use: { current: use(), baseline: use() } };
}

// Play games first..first+count-1 (numbered from 1), printing a line for each.
async function playRange(options, first, count) {
  const { ai: baselineAi, dir } = await loadBaseline(options.baseline);
  try {
    const list = openings(seededRandom(options.seed));
    const mine = { ai: current, options: { level: options.level, timeLimitMs: options.time } };
    const theirs = { ai: baselineAi, options: { level: options["baseline-level"], timeLimitMs: options.time } };
    const tally = emptyTally(); // points and games as [points, games], seen from the current AI
    for (let g = first - 1; g < first - 1 + count; g++) {
      const opening = list[Math.floor(g / 2) % list.length];
      const mineWhite = g % 2 === 0;
      const players = mineWhite ? [mine, theirs] : [theirs, mine];
      const result = playGame(players, opening, seededRandom(options.seed * 1000003 + g));
      const mySide = mineWhite ? 0 : 1;
      const points = result.winner === null ? 0.5 : result.winner === mySide ? 1 : 0;
      if (points === 1) tally.win++; else if (points === 0) tally.loss++; else tally.draw++;
      const colour = mineWhite ? "white" : "black";
      tally[colour][0] += points; tally[colour][1]++;
      for (const [who, side] of [["current", mySide], ["baseline", 1 - mySide]]) {
        const u = result.used[side];
        const into = tally.use[who];
        into.ms += u.ms; into.depth += u.depth; into.moves += u.moves;
        into.slowest = Math.max(into.slowest, u.slowest ?? 0);
      }
      const name = opening.map((p) => game.formatMove(game.initialState(), p)).join(" ");
      console.log(`game ${String(g + 1).padStart(3)}  opening ${name}  current as ${colour}: `
        + `${points === 1 ? "win " : points === 0 ? "loss" : "draw"} in ${result.plies} plies`);
    }
    return tally;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run the games in `jobs` child processes and add up what they report.
async function playInJobs(options) {
  const per = Math.ceil(options.games / options.jobs);
  const runs = [];
  for (let first = 1; first <= options.games; first += per) {
    const count = Math.min(per, options.games - first + 1);
    const args = [fileURLToPath(import.meta.url), "--games", String(count), "--first", String(first)];
    for (const key of ["time", "seed", "baseline", "level", "baseline-level"]) args.push(`--${key}`, String(options[key]));
    for (const key of ["eval", "tuning"]) args.push(`--${key}`, JSON.stringify(options[key]));
    runs.push(new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
      let buffer = "";
      let tally = null;
      child.stdout.on("data", (chunk) => {
        buffer += chunk;
        let newline;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line.startsWith("TALLY ")) tally = JSON.parse(line.slice(6));
          else if (line.startsWith("game ")) console.log(line);
        }
      });
      child.on("close", (code) => (code === 0 && tally ? resolve(tally) : reject(new Error(`a job failed (${code})`))));
    }));
  }
  const total = emptyTally();
  for (const part of await Promise.all(runs)) {
    for (const key of ["win", "loss", "draw"]) total[key] += part[key];
    for (const colour of ["white", "black"]) for (const i of [0, 1]) total[colour][i] += part[colour][i];
    for (const who of ["current", "baseline"]) {
      for (const key of ["ms", "depth", "moves"]) total.use[who][key] += part.use[who][key];
      total.use[who].slowest = Math.max(total.use[who].slowest, part.use[who].slowest);
    }
  }
  return total;
}

function printSummary(options, tally, minutes) {
  const total = tally.white[0] + tally.black[0];
  console.log(`\ncurrent ${options.level}: W ${tally.win} L ${tally.loss} D ${tally.draw} over ${options.games} games`);
  console.log(`score overall ${total}/${options.games} = ${pct(total, options.games)}`);
  console.log(`score as white ${tally.white[0]}/${tally.white[1]} = ${pct(tally.white[0], tally.white[1])}`);
  console.log(`score as black ${tally.black[0]}/${tally.black[1]} = ${pct(tally.black[0], tally.black[1])}`);
  for (const [who, u] of Object.entries(tally.use)) {
    console.log(`${who.padEnd(8)} searched moves ${u.moves}: mean ${(u.ms / Math.max(1, u.moves)).toFixed(0)} ms, `
      + `mean depth ${(u.depth / Math.max(1, u.moves)).toFixed(1)}, slowest ${u.slowest.toFixed(0)} ms`);
  }
  console.log(`wall time ${minutes.toFixed(1)} min`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  setEval(options.eval);
  Object.assign(tuning, options.tuning);
  const child = process.argv.includes("--first");
  const started = performance.now();
  if (!child) {
    console.log(`Score Four: current ${options.level} vs ${options["baseline-level"]} at ${options.baseline}, `
      + `${options.games} games, ${options.time} ms per move, seed ${options.seed}, colours alternating, `
      + `${options.jobs} job(s)`);
    for (const key of ["eval", "tuning"]) {
      if (Object.keys(options[key]).length > 0) console.log(`--${key} ${JSON.stringify(options[key])}`);
    }
  }
  const tally = options.jobs > 1 && !child
    ? await playInJobs(options)
    : await playRange(options, options.first, options.games);
  if (child) console.log(`TALLY ${JSON.stringify(tally)}`);
  else printSummary(options, tally, (performance.now() - started) / 60000);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
