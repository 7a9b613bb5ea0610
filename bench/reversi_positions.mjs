// Reversi positions for the benches and the endgame test set: a game from the start played
// to `empties` empty squares, its first `randomPlies` moves drawn uniformly among the legal
// ones (static/js/ai/random.js, seeded) and the rest by a 2-ply search of the AI's evaluation
// (static/js/ai/reversi-search.js) with its ties broken by the same generator, so the
// positions look like games rather than random scatter; or, with randomPlies >= 60, a
// wholly random game (bench/reversi_solve.mjs's positions). null when the game ends first.
import engine, { discs } from "../static/js/engines/reversi.js";
import { search } from "../static/js/ai/reversi-search.js";
import { seededRandom } from "../static/js/ai/random.js";

export function playout(empties, seed, randomPlies = 10) {
  const random = seededRandom(seed);
  let state = engine.initialState();
  for (let ply = 0; ; ply++) {
    if (engine.outcome(state)) return null;
    const [black, white] = discs(state);
    if (64 - black - white <= empties) return state;
    const moves = engine.legalMoves(state);
    let move = moves[Math.floor(random() * moves.length)];
    if (ply >= randomPlies && moves.length > 1) {
      const { bl, bh, wl, wh, toMove } = state;
      const [pl, ph, ol, oh] = toMove ? [wl, wh, bl, bh] : [bl, bh, wl, wh];
      move = search(pl, ph, ol, oh, { maxDepth: 2, random }).move;
    }
    state = engine.play(state, move);
  }
}

// `count` positions at `empties` empty squares where the side to move has a choice (two
// legal squares or more), from seeds seed, seed+1, ...
export function positions(empties, count, seed = 1, randomPlies = 10) {
  const out = [];
  for (let s = seed; out.length < count; s++) {
    const state = playout(empties, s, randomPlies);
    if (state !== null && engine.legalMoves(state).length >= 2) out.push({ state, seed: s });
  }
  return out;
}

// A position in the .obf form Edax reads: the 64 squares a1 b1 ... h8 (X black, O white,
// - empty), the side to move, then optionally `; move:score;`.
export function obf(state, move = null, score = null) {
  const board = [...engine.dump(state).board].map((c) => (c === "b" ? "X" : c === "w" ? "O" : "-")).join("");
  let line = `${board} ${engine.toMove(state) ? "O" : "X"};`;
  if (move !== null) {
    const text = engine.formatMove(state, move).toUpperCase().replace("PASS", "PS");
    line += ` ${text}:${score > 0 ? "+" : ""}${score};`;
  }
  return line;
}
