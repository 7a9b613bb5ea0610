#!/usr/bin/env node
// Score Four: today's advanced AI against a fixed earlier version of itself.
//   node bench/ai_vs_baseline.mjs [--games N] [--time MS] [--seed S] [--baseline COMMIT]
//                                 [--level LEVEL] [--baseline-level LEVEL]
// The baseline AI is read from git (`git archive COMMIT static/js/ai static/js/engines`) into
// a temporary directory, so the match needs nothing outside the repository (a shallow clone
// needs `git fetch --unshallow` first). Default baseline: 5868860, the advanced AI before
// issue 20. Games come in pairs: each pair starts from one two-ply opening (a distinct one up
// to the board's symmetries, in a seeded order) and is played twice, colours swapped. One
// engine thinks at a time, each with the same time per move (default 1500 ms).
// Prints one line per game, then the score (wins + half the draws) overall, as white and as
// black, seen from the current AI, with the time and depth each side used per searched move.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import game from "../static/js/engines/score-four.js";
import * as current from "../static/js/ai/score-four.js";
import { seededRandom } from "../static/js/ai/worker.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "usage: node bench/ai_vs_baseline.mjs [--games N] [--time MS] [--seed S] "
  + "[--baseline COMMIT] [--level LEVEL] [--baseline-level LEVEL]";

function parseArgs(argv) {
  const options = {
    games: 100, time: 1500, seed: 1, baseline: "5868860", level: "advanced",
    "baseline-level": "advanced",
  };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
    if (!name || !(name in options) || argv[i + 1] === undefined) throw new Error(USAGE);
    options[name] = argv[i + 1];
  }
  for (const key of ["games", "time", "seed"]) {
    const value = Number(options[key]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${key} must be a positive integer\n${USAGE}`);
    options[key] = value;
  }
  if (!/^[0-9a-f]{4,40}$/i.test(options.baseline)) throw new Error(`--baseline must be a commit hash\n${USAGE}`);
  for (const key of ["level", "baseline-level"]) {
    if (!current.LEVELS.includes(options[key])) throw new Error(`--${key}: one of ${current.LEVELS.join(", ")}`);
  }
  return options;
}

// The baseline's AI and engine files, written out of git into a fresh directory.
async function loadBaseline(commit) {
  const dir = mkdtempSync(join(tmpdir(), "score-four-baseline-"));
  try {
    const tar = execFileSync("git", ["-C", ROOT, "archive", commit, "static/js/ai", "static/js/engines"],
      { maxBuffer: 1 << 26 });
    execFileSync("tar", ["-x", "-C", dir], { input: tar });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot read commit ${commit} from git (a shallow clone needs `
      + `\`git fetch --unshallow\`): ${String(error.message).split("\n")[0]}`);
  }
  writeFileSync(join(dir, "package.json"), '{"type": "module"}\n'); // the files are ES modules
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

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { ai: baselineAi, dir } = await loadBaseline(options.baseline);
  try {
    console.log(`Score Four: current ${options.level} vs ${options["baseline-level"]} at ${options.baseline}, `
      + `${options.games} games, ${options.time} ms per move, seed ${options.seed}, colours alternating`);
    const list = openings(seededRandom(options.seed));
    const mine = { ai: current, options: { level: options.level, timeLimitMs: options.time } };
    const theirs = { ai: baselineAi, options: { level: options["baseline-level"], timeLimitMs: options.time } };
    const score = { white: [0, 0], black: [0, 0] }; // [points, games] for the current AI
    const tally = { win: 0, loss: 0, draw: 0 };
    const use = { current: { ms: 0, depth: 0, moves: 0, slowest: 0 }, baseline: { ms: 0, depth: 0, moves: 0, slowest: 0 } };
    const started = performance.now();
    for (let g = 0; g < options.games; g++) {
      const opening = list[Math.floor(g / 2) % list.length];
      const mineWhite = g % 2 === 0;
      const players = mineWhite ? [mine, theirs] : [theirs, mine];
      const result = playGame(players, opening, seededRandom(options.seed * 1000003 + g));
      const mySide = mineWhite ? 0 : 1;
      const points = result.winner === null ? 0.5 : result.winner === mySide ? 1 : 0;
      if (points === 1) tally.win++; else if (points === 0) tally.loss++; else tally.draw++;
      const colour = mineWhite ? "white" : "black";
      score[colour][0] += points; score[colour][1]++;
      for (const [who, side] of [["current", mySide], ["baseline", 1 - mySide]]) {
        const u = result.used[side];
        use[who].ms += u.ms; use[who].depth += u.depth; use[who].moves += u.moves;
        use[who].slowest = Math.max(use[who].slowest, u.slowest ?? 0);
      }
      const name = opening.map((p) => game.formatMove(game.initialState(), p)).join(" ");
      console.log(`game ${String(g + 1).padStart(3)}  opening ${name}  current as ${colour}: `
        + `${points === 1 ? "win " : points === 0 ? "loss" : "draw"} in ${result.plies} plies`
        + `  | running score ${pct(score.white[0] + score.black[0], g + 1)}`);
    }
    const total = score.white[0] + score.black[0];
    console.log(`\ncurrent ${options.level}: W ${tally.win} L ${tally.loss} D ${tally.draw} over ${options.games} games`);
    console.log(`score overall ${total}/${options.games} = ${pct(total, options.games)}`);
    console.log(`score as white ${score.white[0]}/${score.white[1]} = ${pct(score.white[0], score.white[1])}`);
    console.log(`score as black ${score.black[0]}/${score.black[1]} = ${pct(score.black[0], score.black[1])}`);
    for (const [who, u] of Object.entries(use)) {
      console.log(`${who.padEnd(8)} searched moves ${u.moves}: mean ${(u.ms / Math.max(1, u.moves)).toFixed(0)} ms, `
        + `mean depth ${(u.depth / Math.max(1, u.moves)).toFixed(1)}, slowest ${u.slowest.toFixed(0)} ms`);
    }
    console.log(`wall time ${((performance.now() - started) / 60000).toFixed(1)} min`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
