#!/usr/bin/env node
// Round robin between the AI levels of every game:
//   node bench/ai_round_robin.mjs [--games N] [--game SLUG] [--time MS] [--seed S]
// N games per pairing (default 100), colours alternating. --time sets every level's search
// time limit in ms (default: each AI's own, 1500 ms for advanced); the limit used is printed.
// Prints wins/losses/draws per pairing, seen from the stronger level, and the share of the
// decisive games the stronger level won, and for each level the share of its moves it chose
// at random (stats.randomMove: the beginner's blunders). Games are seeded, so a run can be
// repeated.
import { SLUGS, loadAi, loadEngine } from "../static/js/engines/index.js";
import { seededRandom as seeded } from "../static/js/ai/random.js";

const LEVELS = ["beginner", "intermediate", "advanced"];
const PAIRINGS = [["beginner", "intermediate"], ["beginner", "advanced"], ["intermediate", "advanced"]];
const USAGE = "usage: node bench/ai_round_robin.mjs [--games N] [--game SLUG] [--time MS] [--seed S]";

function parseArgs(argv) {
  const options = { games: 100, game: null, time: undefined, seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
    if (!name || !(name in options) || argv[i + 1] === undefined) throw new Error(USAGE);
    options[name] = name === "game" ? argv[i + 1] : Number(argv[i + 1]);
  }
  for (const key of ["games", "time", "seed"]) {
    if (options[key] !== undefined && !(Number.isInteger(options[key]) && options[key] >= 0)) {
      throw new Error(`--${key} must be a whole number\n${USAGE}`);
    }
  }
  if (options.games < 1 || options.time === 0) throw new Error(`--games and --time must be positive\n${USAGE}`);
  if (options.game !== null && !SLUGS.includes(options.game)) {
    throw new Error(`unknown game ${options.game}; games: ${SLUGS.join(", ")}`);
  }
  return options;
}

// `moves` counts, per level, [moves, random moves] (from the AI's stats).
function playGame(engine, ai, levels, random, timeLimitMs, moves) {
  let state = engine.initialState();
  let plies = 0;
  let slowest = 0;
  while (!engine.outcome(state)) {
    const options = { level: levels[engine.toMove(state)], random };
    if (timeLimitMs !== undefined) options.timeLimitMs = timeLimitMs;
    const started = performance.now();
    const { move, stats } = ai.chooseMove(state, options);
    const count = moves[options.level];
    count[0]++;
    if (stats?.randomMove) count[1]++;
    slowest = Math.max(slowest, performance.now() - started);
    state = engine.play(state, move);
    plies++;
  }
  return { outcome: engine.outcome(state), plies, slowest };
}

async function benchGame(slug, options) {
  let ai;
  try {
    ai = await loadAi(slug);
  } catch (error) {
    console.log(`${slug}: skipped, its AI does not load (${error.message.split("\n")[0]})`);
    return;
  }
  const engine = await loadEngine(slug);
  console.log(`\n${slug}`);
  for (const [weaker, stronger] of PAIRINGS) {
    const tally = { win: 0, loss: 0, draw: 0 };
    const reasons = {};
    let plies = 0;
    let slowest = 0;
    const moves = { [weaker]: [0, 0], [stronger]: [0, 0] };
    const started = performance.now();
    for (let g = 0; g < options.games; g++) {
      const strongerFirst = g % 2 === 0;
      const levels = strongerFirst ? [stronger, weaker] : [weaker, stronger];
      const result = playGame(engine, ai, levels, seeded(options.seed * 100003 + g), options.time, moves);
      const strongSide = strongerFirst ? 0 : 1;
      const { winner, reason } = result.outcome;
      if (winner === null) tally.draw++;
      else if (winner === strongSide) tally.win++;
      else tally.loss++;
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      plies += result.plies;
      slowest = Math.max(slowest, result.slowest);
    }
    const decisive = tally.win + tally.loss;
    const share = decisive ? `${((100 * tally.win) / decisive).toFixed(1)}%` : "n/a";
    console.log(
      `  ${stronger} vs ${weaker}: W ${tally.win} L ${tally.loss} D ${tally.draw}`
      + ` | stronger won ${share} of ${decisive} decisive`
      + ` | endings ${JSON.stringify(reasons)} | ${(plies / options.games).toFixed(1)} plies/game`
      + ` | slowest move ${slowest.toFixed(0)} ms | ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const randomShare = Object.entries(moves).filter(([, [, random]]) => random > 0)
      .map(([level, [all, random]]) => `${level} ${random}/${all} (${((100 * random) / all).toFixed(0)}%)`);
    if (randomShare.length > 0) console.log(`    moves chosen at random: ${randomShare.join(", ")}`);
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const limit = options.time === undefined ? "each AI's default (advanced 1500 ms)" : `${options.time} ms for every level`;
  console.log(`AI round robin: ${options.games} games per pairing, colours alternating, seed ${options.seed}`);
  console.log(`time limit: ${limit}; levels ${LEVELS.join(" < ")}`);
  for (const slug of options.game ? [options.game] : SLUGS) await benchGame(slug, options);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
