#!/usr/bin/env node
// Score Four AI speed: nodes per second at a fixed depth, and the depth the advanced level
// reaches within its 1.5 s from the opening, a middle game and an end game with 20 empty
// cells; then a short sample of games between levels.
//   node bench/ai_score_four_speed.mjs [--games N] [--match-ms MS] [--skip-matches]
// --games (default 4) games per pairing, colours alternating; --match-ms (default 300) the
// advanced level's time per move in the matches (the real game uses 1500).
import game from "../static/js/engines/score-four.js";
import { chooseMove } from "../static/js/ai/score-four.js";
import { loadState } from "../static/js/ai/score-four-board.js";
import { clearTables, rootMoves, think } from "../static/js/ai/score-four-search.js";
import { seededRandom } from "../static/js/ai/worker.js";

const POSITIONS = {
  opening: "",
  "middle game (20 balls)": "B3 C4 C3 D4 D1 C2 A3 D3 A1 A2 C2 C3 B1 C1 C2 D2 B2 B4 A4 B2",
  // Reached by intermediate self-play; both exact: white wins, and a drawn ending.
  "end game (20 empty, won)": "B3 C4 C3 D4 D1 C2 A3 D3 A1 A2 C2 C3 B1 C1 C2 D2 B2 B4 A4 B2 "
    + "B3 B3 B2 D4 A1 A4 A1 A1 D4 C3 A4 D2 D1 C4 B4 C4 C4 A4 B4 D2 D2 C1 C1 D3",
  "end game (20 empty, drawn)": "D4 A1 A4 D1 B4 C4 B4 B1 C1 A1 B4 B4 A4 D4 A4 A4 D4 B1 D1 B1 "
    + "B1 C1 D1 D1 C1 C3 C3 D4 C3 D2 D2 A2 D2 A2 A2 C2 B2 C2 A2 C2 C2 D2 B2 B2",
};

function parseArgs(argv) {
  const options = { games: 4, matchMs: 300, skipMatches: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--games") options.games = Number(argv[++i]);
    else if (argv[i] === "--match-ms") options.matchMs = Number(argv[++i]);
    else if (argv[i] === "--skip-matches") options.skipMatches = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return options;
}

function position(texts) {
  let state = game.initialState();
  for (const text of texts.split(" ").filter(Boolean)) state = game.play(state, game.parseMove(state, text));
  return state;
}

function fixedDepth(state, depth) {
  loadState(state);
  clearTables();
  const { cells } = rootMoves();
  const started = performance.now();
  const result = think(cells, { maxDepth: depth });
  const ms = performance.now() - started;
  return { ...result, ms };
}

function speed() {
  fixedDepth(position(POSITIONS["middle game (20 balls)"]), 8); // warm the JIT up first
  console.log("nodes per second, fixed-depth search (transposition table cleared first):");
  for (const [name, texts] of Object.entries(POSITIONS)) {
    const state = position(texts);
    const depth = name.startsWith("opening") ? 9 : name.startsWith("middle") ? 9 : 40;
    const r = fixedDepth(state, depth);
    const nps = Math.round(r.nodes / (r.ms / 1000));
    console.log(`  ${name.padEnd(28)} depth ${String(r.depth).padStart(2)}  ${String(r.nodes).padStart(9)} nodes`
      + `  ${r.ms.toFixed(0).padStart(5)} ms  ${(nps / 1e6).toFixed(2)} M nodes/s`);
  }
}

function depthIn15() {
  console.log("advanced level, 1500 ms per move:");
  for (const [name, texts] of Object.entries(POSITIONS)) {
    const state = position(texts);
    const started = performance.now();
    const { move, stats } = chooseMove(state, { level: "advanced", timeLimitMs: 1500, random: seededRandom(1) });
    const wall = performance.now() - started;
    console.log(`  ${name.padEnd(28)} ${game.formatMove(state, move)}  depth ${String(stats.depth).padStart(2)}`
      + `  ${String(stats.nodes).padStart(9)} nodes  ${wall.toFixed(0).padStart(5)} ms wall`
      + `  score ${stats.score}${stats.exact ? " (exact)" : ""}`);
  }
}

function playGame(white, black, seed) {
  const random = seededRandom(seed);
  let state = game.initialState();
  const players = [white, black];
  while (!game.outcome(state)) {
    const player = players[game.toMove(state)];
    const { move } = chooseMove(state, { ...player, random });
    state = game.play(state, move);
  }
  return { winner: game.outcome(state).winner, plies: state.filled };
}

function match(nameA, a, nameB, b, games) {
  const score = { [nameA]: 0, [nameB]: 0, draws: 0 };
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    const aWhite = g % 2 === 0;
    const { winner } = playGame(aWhite ? a : b, aWhite ? b : a, 1000 + g);
    if (winner === null) score.draws++;
    else score[(winner === 0) === aWhite ? nameA : nameB]++;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`  ${nameA} vs ${nameB}: ${JSON.stringify(score)} in ${games} games (${seconds} s)`);
}

const options = parseArgs(process.argv.slice(2));
speed();
depthIn15();
if (!options.skipMatches) {
  console.log(`matches (advanced at ${options.matchMs} ms per move, colours alternate):`);
  const advanced = { level: "advanced", timeLimitMs: options.matchMs };
  match("advanced", advanced, "intermediate", { level: "intermediate" }, options.games);
  match("intermediate", { level: "intermediate" }, "beginner", { level: "beginner" }, options.games);
}
