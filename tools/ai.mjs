#!/usr/bin/env node
// Ask a game's AI for a move from the command line:
//   node tools/ai.mjs --game <slug> --level advanced --moves "A1 B2 ..." [--time 1500] [--seed N]
// Prints {"move": ..., "stats": {...}} as JSON. With --review, reviews the whole game instead
// (static/js/ai/review.js; --time is then the time per position) and prints the per-move
// evaluations and the marked moves as JSON. Bad input prints "error: ..." to stderr and
// exits with code 2; an engine error names its code (e.g. "peg-full").
import { SLUGS, loadAi, loadEngine } from "../static/js/engines/index.js";
import { seededRandom } from "../static/js/ai/worker.js";
import { reviewGame } from "../static/js/ai/review.js";

const USAGE = "usage: node tools/ai.mjs --game SLUG [--level beginner|intermediate|advanced] "
  + "[--moves \"M1 M2 ...\"] [--time MS] [--seed N] [--review]";

class UsageError extends Error {}

function parseArgs(argv) {
  const options = { game: null, level: "advanced", moves: "", time: undefined, seed: undefined, review: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--help" || flag === "-h") throw new UsageError(USAGE);
    if (flag === "--review") {
      options.review = true;
      continue;
    }
    const name = flag.startsWith("--") ? flag.slice(2) : null;
    if (!name || !(name in options)) throw new UsageError(`unknown argument ${flag}\n${USAGE}`);
    const value = argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value\n${USAGE}`);
    options[name] = value;
  }
  if (!options.game) throw new UsageError(`--game is required (one of ${SLUGS.join(", ")})\n${USAGE}`);
  if (!SLUGS.includes(options.game)) {
    throw new UsageError(`unknown game ${JSON.stringify(options.game)}; games: ${SLUGS.join(", ")}`);
  }
  for (const key of ["time", "seed"]) {
    if (options[key] === undefined) continue;
    const number = Number(options[key]);
    if (!Number.isInteger(number) || (key === "time" && number <= 0)) {
      throw new UsageError(`--${key} must be ${key === "time" ? "a positive" : "an"} integer`);
    }
    options[key] = number;
  }
  return options;
}

async function main(argv) {
  const options = parseArgs(argv);
  const engine = await loadEngine(options.game);
  const ai = await loadAi(options.game);
  const texts = options.moves.split(/[\s,]+/).filter(Boolean);
  if (options.review) {
    return reviewGame({ engine, ai, moves: texts, timeLimitMs: options.time ?? null, seed: options.seed ?? 1 });
  }
  let state = engine.initialState();
  texts.forEach((text, index) => {
    try {
      state = engine.play(state, engine.parseMove(state, text));
    } catch (error) {
      if (error.code) error.message = `move ${index + 1} (${text}): ${error.code}: ${error.message}`;
      throw error;
    }
  });
  const aiOptions = { level: options.level };
  if (options.time !== undefined) aiOptions.timeLimitMs = options.time;
  if (options.seed !== undefined) aiOptions.random = seededRandom(options.seed);
  const { move, stats } = ai.chooseMove(state, aiOptions);
  return { move: engine.formatMove(state, move), stats };
}

try {
  console.log(JSON.stringify(await main(process.argv.slice(2))));
} catch (error) {
  const known = error instanceof UsageError || typeof error.code === "string";
  if (!known) throw error;
  const prefix = error instanceof UsageError || error.message.includes(error.code) ? "" : `${error.code}: `;
  console.error(`error: ${prefix}${error.message}`);
  process.exit(2);
}
