#!/usr/bin/env node
// Random Gomoku games played by the JavaScript twin, for the Python engine to replay
// (tests/games/test_gomoku_twins.py):
//   node tests/js/gomoku-random-games.mjs [--games N] [--seed S]
// Prints one JSON object: {games: [{rule, moves, steps: [{legal, forbidden, outcome}]}]}, in
// the shape of tests/vectors/gomoku/. Each game picks, with the seeded generator of the AI
// (static/js/ai/random.js), among the legal points next to a stone (within one), and one
// move in eight anywhere; the rules cycle through freestyle, exact-five and renju.
import engine, { RULES, forbiddenPoints } from "../../static/js/engines/gomoku.js";
import { seededRandom } from "../../static/js/ai/random.js";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, word, i, all) => (
  i % 2 === 0 ? [...pairs, [word.replace(/^--/, ""), Number(all[i + 1])]] : pairs), []));
const games = args.games ?? 30;
const seed = args.seed ?? 1;

function near(board, p) {
  const column = p % 15;
  const row = Math.floor(p / 15);
  for (let dc = -1; dc <= 1; dc++) {
    for (let dr = -1; dr <= 1; dr++) {
      const c = column + dc;
      const r = row + dr;
      if (c >= 0 && c < 15 && r >= 0 && r < 15 && board[r * 15 + c] !== ".") return true;
    }
  }
  return false;
}

const step = (state) => ({
  legal: engine.legalMoves(state).length,
  forbidden: Object.entries(forbiddenPoints(state)).map(([p, kind]) => `${p}:${kind}`).join(" "),
  outcome: engine.outcome(state) && { ...engine.outcome(state), cells: [...engine.outcome(state).cells] },
});

const out = [];
for (let i = 0; i < games; i++) {
  const random = seededRandom(seed * 1000 + i);
  const rule = RULES[i % RULES.length];
  let state = engine.initialState(rule);
  const moves = [];
  const steps = [step(state)];
  while (!engine.outcome(state)) {
    const legal = engine.legalMoves(state);
    const close = legal.filter((p) => near(state.board, p));
    const pool = close.length > 0 && random() >= 0.125 ? close : legal;
    const move = pool[Math.floor(random() * pool.length)];
    moves.push(engine.formatMove(state, move));
    state = engine.play(state, move);
    steps.push(step(state));
  }
  out.push({ rule, moves, steps, final: engine.dump(state) });
}
console.log(JSON.stringify({ games: out }));
