#!/usr/bin/env node
// Does a change keep every AI's choices? Plays the same seeded games with today's AIs and
// with those of an earlier commit, with the clock stopped, and compares every move and score.
//   node bench/ai_same_moves.mjs [--baseline COMMIT] [--games N]
// With the clock stopped (performance.now and Date.now answer 0) a search never runs out of
// time, so what a level chooses depends on the code alone, not on the machine's load: the
// answer is exact, not a statistic. Covered: every game's beginner and intermediate levels
// (three pairings, N games each, both levels' searches run to their depth); the advanced
// level of the games it plays from a solved table; and Score Four's advanced search to a
// fixed depth (9 plies, fresh table) from positions of seeded games, compared by move, score
// and node count. Not covered: the advanced level's time management (compare strength with
// bench/ai_vs_baseline.mjs). Prints "same" per game or the first game that differs.
// Default baseline: HEAD (the last commit: what the uncommitted change does differently).
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { ROOT, checkoutTree } from "./baseline.mjs";

const USAGE = "usage: node bench/ai_same_moves.mjs [--baseline COMMIT] [--games N]";
const LEVEL_PAIRS = [["beginner", "beginner"], ["beginner", "intermediate"], ["intermediate", "intermediate"]];
const SOLVED_PAIRS = [["advanced", "beginner"], ["intermediate", "advanced"], ["advanced", "advanced"]];

// Every move (and score) of the seeded games the AIs under `root` play, per game.
async function fingerprint(root, slugs, games) {
  performance.now = () => 0;
  Date.now = () => 0;
  const load = (path) => import(pathToFileURL(join(root, path)).href);
  const { seededRandom } = await load("static/js/ai/random.js");
  const out = {};
  for (const slug of slugs) {
    let engine;
    let ai;
    try {
      engine = (await load(`static/js/engines/${slug}.js`)).default;
      ai = await load(`static/js/ai/${slug}.js`);
    } catch {
      out[slug] = null; // not in this tree
      continue;
    }
    // An AI that solves its game (it exports its table) plays its advanced level from the
    // table, so that level too is exact with the clock stopped.
    const pairs = typeof ai.solvedTable === "function" ? [...LEVEL_PAIRS, ...SOLVED_PAIRS] : LEVEL_PAIRS;
    out[slug] = [];
    pairs.forEach((levels, p) => {
      for (let g = 0; g < games; g++) {
        const random = seededRandom(1000 * p + g + 1);
        let state = engine.initialState();
        const moves = [];
        while (!engine.outcome(state) && moves.length < 300) {
          const level = levels[(moves.length + g) % 2];
          const { move, stats } = ai.chooseMove(state, { level, random, timeLimitMs: 60000 });
          const score = stats.score === null || stats.score === undefined ? "" : `:${stats.score}`;
          moves.push(`${engine.formatMove(state, move)}${score}${stats.exact ? `!${stats.distance}` : ""}`);
          state = engine.play(state, move);
        }
        out[slug].push(`${levels.join("/")} #${g + 1}: ${moves.join(" ")}`);
      }
    });
  }
  if (slugs.includes("score-four")) out["score-four depth 9"] = await scoreFourProbes(load, seededRandom);
  return out;
}

async function scoreFourProbes(load, seededRandom) {
  const engine = (await load("static/js/engines/score-four.js")).default;
  const ai = await load("static/js/ai/score-four.js");
  const board = await load("static/js/ai/score-four-board.js");
  const search = await load("static/js/ai/score-four-search.js");
  const probes = [];
  for (let g = 0; g < 4; g++) {
    const random = seededRandom(77 + g);
    let state = engine.initialState();
    for (let ply = 0; !engine.outcome(state); ply++) {
      if (ply % 6 === 3) {
        board.loadState(state);
        const { cells, forced } = search.rootMoves();
        if (forced === null) {
          search.clearTables();
          const r = search.think(cells, { maxDepth: 9 });
          probes.push(`game ${g + 1} ply ${ply}: cell ${r.cell} score ${r.score} depth ${r.depth} nodes ${r.nodes}`);
        }
      }
      state = engine.play(state, ai.chooseMove(state, { level: "intermediate", random, timeLimitMs: 60000 }).move);
    }
  }
  return probes;
}

function parseArgs(argv) {
  const options = { baseline: "HEAD", games: 6, fingerprint: null, slugs: null }; // the last two: internal
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
    if (!name || !(name in options) || argv[i + 1] === undefined) throw new Error(USAGE);
    options[name] = argv[i + 1];
  }
  options.games = Number(options.games);
  if (!Number.isInteger(options.games) || options.games < 1) throw new Error(`--games must be a positive integer\n${USAGE}`);
  return options;
}

// Each tree in its own process: the stopped clock and the AIs' module state stay apart.
function fingerprintOf(root, slugs, games) {
  const args = [fileURLToPath(import.meta.url), "--fingerprint", root, "--slugs", slugs.join(","), "--games", String(games)];
  return JSON.parse(execFileSync(process.execPath, args, { maxBuffer: 1 << 26, encoding: "utf8" }));
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.fingerprint) {
    console.log(JSON.stringify(await fingerprint(options.fingerprint, options.slugs.split(","), options.games)));
    return;
  }
  const { SLUGS } = await import("../static/js/engines/index.js");
  const commit = options.baseline === "HEAD"
    ? execFileSync("git", ["-C", ROOT, "rev-parse", "HEAD"], { encoding: "utf8" }).trim() : options.baseline;
  const dir = checkoutTree(commit);
  try {
    console.log(`AI choices now vs ${commit.slice(0, 12)}, clock stopped, ${options.games} games per pairing`);
    const before = fingerprintOf(dir, SLUGS, options.games);
    const after = fingerprintOf(ROOT, SLUGS, options.games);
    let differ = 0;
    for (const key of Object.keys(after)) {
      if (before[key] === null || before[key] === undefined) {
        console.log(`${key}: not in the baseline`);
        continue;
      }
      const first = after[key].findIndex((line, i) => line !== before[key][i]);
      if (first < 0 && after[key].length === before[key].length) {
        console.log(`${key}: same (${after[key].length} games or searches)`);
      } else {
        differ++;
        console.log(`${key}: DIFFERS\n  before ${before[key][first]}\n  now    ${after[key][first]}`);
      }
    }
    console.log(differ === 0 ? "every AI chooses as before" : `${differ} differ`);
    process.exitCode = differ === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
