// Gomoku tactics positions, found the same way every run (seeded): positions of fast,
// loose self-play games where the side to move has a win by continuous fours (VCF) of at
// least two fours ("vcf"), or has none while the opponent has one and a defence exists
// ("block"). Used by bench/gomoku_tactics.mjs; each position is {kind, rule, moves}.
import engine from "../static/js/engines/gomoku.js";
import { Board } from "../static/js/ai/gomoku-board.js";
import { findVcf, makeLimits } from "../static/js/ai/gomoku-threats.js";
import { chooseMove } from "../static/js/ai/gomoku.js";
import { seededRandom } from "../static/js/ai/random.js";

export const PROOF_DEPTH = 20;
const proofLimits = () => makeLimits({ nodes: 200_000 });

// The opponent's VCF after `me` plays m: [] when m stops it.
export function vcfAfter(state, move) {
  const after = engine.play(state, move);
  if (engine.outcome(after)) return [];
  const board = new Board(after);
  return findVcf(board, board.toMove, PROOF_DEPTH, proofLimits());
}

// Whether `move` starts a win by fours for the side to move: a five, an unstoppable
// four, or a four whose forced answer leaves a VCF.
export function startsVcf(state, move) {
  const after = engine.play(state, move);
  if (engine.outcome(after)) return engine.outcome(after).winner === engine.toMove(state);
  const board = new Board(after);
  const attacker = 3 - board.toMove;
  const wins = board.winPoints(attacker);
  if (wins.length === 0) return false;
  if (wins.length >= 2 || !board.legal(wins[0], board.toMove)) return true;
  const answered = engine.play(after, wins[0]);
  if (engine.outcome(answered)) return false;
  const line = findVcf(new Board(answered), attacker, PROOF_DEPTH, proofLimits());
  return line !== null && line.length > 0;
}

function classify(state) {
  const board = new Board(state);
  const me = board.toMove;
  if (board.winPoints(me).length > 0 || board.winPoints(3 - me).length > 0) return null;
  const mine = findVcf(board, me, PROOF_DEPTH, proofLimits());
  if (mine === null) return null;
  if (mine.length >= 3) return "vcf";
  if (mine.length > 0) return null;
  const theirs = findVcf(board, 3 - me, PROOF_DEPTH, proofLimits());
  if (theirs === null || theirs.length < 3) return null;
  const defended = engine.legalMoves(state).some((m) => {
    const near = board.nearPoints(2).includes(m);
    return near && vcfAfter(state, m)?.length === 0;
  });
  return defended ? "block" : null;
}

export function findPuzzles({ perKind = 20, rules = ["freestyle", "exact-five", "renju"], seed = 11 } = {}) {
  const found = [];
  for (const [index, rule] of rules.entries()) {
    const counts = { vcf: 0, block: 0 };
    for (let game = 0; game < 400 && (counts.vcf < perKind || counts.block < perKind); game++) {
      const random = seededRandom(seed * 7919 + index * 100_003 + game);
      let state = engine.initialState(rule);
      const moves = [];
      while (!engine.outcome(state)) {
        const kind = moves.length >= 8 ? classify(state) : null;
        if (kind && counts[kind] < perKind) {
          counts[kind]++;
          found.push({ kind, rule, moves: [...moves] });
          break; // one position per game, so the positions differ
        }
        const { move } = chooseMove(state, { level: "beginner", random, timeLimitMs: 50 });
        moves.push(engine.formatMove(state, move));
        state = engine.play(state, move);
      }
    }
  }
  return found;
}
