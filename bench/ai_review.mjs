#!/usr/bin/env node
// How long the post-game review of a 40-move Score Four game takes, through the worker's own
// message handler (static/js/ai/worker.js, the code a page runs), with the progress messages
// timed: the longest gap between two is how long the page's progress bar can stand still.
//   node bench/ai_review.mjs [--time MS] [--runs N] [--moves "A1 B2 ..."] [--game SLUG]
// Without --time the review picks its own budget per position (static/js/ai/review.js).
import { handleMessage } from "../static/js/ai/worker.js";

// Intermediate against intermediate (seeded), black wins with its 40th ply: B1 filled up.
const GAME_40 = "C3 C2 D4 A1 D3 A2 A4 A1 D1 D2 B2 B4 D3 B2 D3 D3 A3 B3 D4 D1 A3 B3 C2 B3 B3 B2 D1 B1 "
  + "D4 D4 A3 A3 D2 D2 D1 B1 B4 B1 B4 B1";

function parse(argv) {
  const options = { time: undefined, runs: 1, moves: GAME_40, game: "score-four" };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, "");
    if (!(name in options) || argv[i + 1] === undefined) {
      throw new Error(`usage: node bench/ai_review.mjs [--time MS] [--runs N] [--moves "..."] [--game SLUG]`);
    }
    options[name] = ["time", "runs"].includes(name) ? Number(argv[i + 1]) : argv[i + 1];
  }
  return options;
}

const options = parse(process.argv.slice(2));
const moves = options.moves.split(/\s+/).filter(Boolean);
console.log(`${options.game}: reviewing ${moves.length} moves, ${options.runs} run(s)`);
for (let run = 1; run <= options.runs; run++) {
  const started = performance.now();
  let last = started;
  let longestGap = 0;
  let updates = 0;
  const answer = await handleMessage(
    { type: "review", id: run, slug: options.game, moves, timeLimitMs: options.time },
    {
      post: () => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
        updates++;
      },
    },
  );
  if (answer.type !== "review") throw new Error(`${answer.code}: ${answer.message}`);
  const seconds = (performance.now() - started) / 1000;
  const review = answer.review;
  const proven = review.positions.filter((p) => p.exact).length;
  console.log(
    `run ${run}: ${seconds.toFixed(1)} s in all (${review.timeLimitMs} ms a position at most), `
    + `${updates} progress updates, longest gap ${(longestGap / 1000).toFixed(2)} s; `
    + `${proven}/${review.positions.length} positions proven; marked plies: ${review.marked.join(", ") || "none"}`,
  );
}
