#!/usr/bin/env node
// Random Reversi games played by the JavaScript twin, for the Python engine to replay, and the
// JavaScript solver's scores along them for the Python solver to check
// (tests/games/test_reversi_twins.py):
//   node tests/js/reversi-random-games.mjs [--games N] [--seed S] [--solve-from E]
// Prints one JSON object: {games: [{moves, steps: [{legal, outcome}], final, solved}]}, in the
// shape of tests/vectors/reversi/games.json; `solved` maps each ply whose position has at most
// E empty squares (default 10) to {score, move} from static/js/ai/reversi-solve.js. Each game
// picks among the legal moves with the seeded generator of the AI (static/js/ai/random.js).
import engine, { discs } from "../../static/js/engines/reversi.js";
import { solve } from "../../static/js/ai/reversi-solve.js";
import { seededRandom } from "../../static/js/ai/random.js";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, word, i, all) => (
  i % 2 === 0 ? [...pairs, [word.replace(/^--/, ""), Number(all[i + 1])]] : pairs), []));
const games = args.games ?? 30;
const seed = args.seed ?? 1;
const solveFrom = args["solve-from"] ?? 10;

const step = (state) => {
  const outcome = engine.outcome(state);
  return {
    legal: engine.legalMoves(state).map((m) => engine.formatMove(state, m)).sort().join(" "),
    outcome: outcome && { winner: outcome.winner, reason: outcome.reason, cells: [...outcome.cells] },
  };
};

const out = [];
for (let g = 0; g < games; g++) {
  const random = seededRandom(seed * 100003 + g);
  let state = engine.initialState();
  const moves = [];
  const steps = [step(state)];
  const solved = {};
  for (;;) {
    const [black, white] = discs(state);
    if (64 - black - white <= solveFrom) {
      const { score, move } = solve(state);
      solved[moves.length] = { score, move: move === -1 ? null : engine.formatMove(state, move) };
    }
    if (engine.outcome(state)) break;
    const legal = engine.legalMoves(state);
    const move = legal[Math.floor(random() * legal.length)];
    moves.push(engine.formatMove(state, move));
    state = engine.play(state, move);
    steps.push(step(state));
  }
  out.push({ moves, steps, final: engine.dump(state), solved });
}
console.log(JSON.stringify({ games: out }));
