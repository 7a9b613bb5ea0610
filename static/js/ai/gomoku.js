// The Gomoku AI at three levels (contract: docs/ENGINES.md, "The AI"), for every rule
// setting: it plays only legal points (black's forbidden points under Renju never), and as
// white its forcing searches count a four whose completion black may not take as won.
//   beginner      about 40% of its moves at random among the points near the stones;
//                 otherwise it wins at once, blocks a four, else takes the point its
//                 windows value most, with noise.
//   intermediate  wins, blocks, then its own VCF (continuous fours) within LEVEL_SETTINGS'
//                 depth, then stops the opponent's VCF (every move it keeps leaves the
//                 opponent none), then a shallow alpha-beta over the best-valued points.
//   advanced      the same with deeper VCF, its own VCT (continuous threes) and the
//                 defence against the opponent's, and iterative deepening until its time.
import engine from "../engines/gomoku.js";
import { EngineError } from "../engines/errors.js";
import { Board } from "./gomoku-board.js";
import { findVcf, findVct, makeLimits } from "./gomoku-threats.js";
import { LEVELS, checkLevel } from "./search.js";

export { LEVELS };
// Every level's knobs, for the page and the benches to read (times in ms: `timeMs`, the
// level's own time when the caller gives no `timeLimitMs`).
export const LEVEL_SETTINGS = Object.freeze({
  beginner: Object.freeze({
    randomShare: 0.4, vcfDepth: 0, defendVcf: false, vctDepth: 0, searchDepth: 0, width: 0,
    noise: 0.5, timeMs: 300,
  }),
  intermediate: Object.freeze({
    randomShare: 0, vcfDepth: 10, defendVcf: true, vctDepth: 0, searchDepth: 2, width: 8,
    noise: 0.1, timeMs: 800,
  }),
  advanced: Object.freeze({
    randomShare: 0, vcfDepth: 16, defendVcf: true, vctDepth: 4, searchDepth: 12, width: 10,
    noise: 0.02, timeMs: 1500,
  }),
});
// How the review reads this game's scores (static/js/ai/review.js): the evaluation counts
// windows of five (gomoku-board.js WINDOW_WORTH: 90 for three stones in one, 900 for four),
// so a side is ahead by about one four's window more than the other.
export const REVIEW = Object.freeze({ band: 900, positionMs: 250, analysisMs: 800 });
export const WIN = 10_000_000;
const PROVEN = WIN - 1000;
const REACH = 2; // candidate points lie within two of a stone

class OutOfTime extends Error {}
const now = () => performance.now();

function checkOptions(state, level) {
  checkLevel(level); // the message never quotes the level given
  if (!state || typeof state.board !== "string" || state.board.length !== 225) {
    throw new EngineError("bad-state", "chooseMove needs a Gomoku engine state");
  }
  if (state.result) throw new EngineError("game-over", "the game has already ended");
}

const pick = (list, random) => list[Math.min(list.length - 1, Math.floor(random() * list.length))];

// The best `width` legal points for `color`, by how much each adds for it and spoils for
// the opponent.
function candidates(board, color, width) {
  const scored = board.nearPoints(REACH).map((p) => [p, board.pointValue(p, color)]);
  scored.sort((a, b) => b[1] - a[1]);
  const out = [];
  for (const [p] of scored) {
    if (board.legal(p, color)) out.push(p);
    if (out.length >= width) break;
  }
  return out;
}

// Scored for the side to move; its own windows weigh a little more (it moves next).
function evaluate(board) {
  const me = board.toMove;
  return 1.2 * board.score[me] - board.score[3 - me];
}

function alphaBeta(board, rootMoves, depth, width, clock) {
  const negamax = (d, alpha, beta, ply) => {
    clock.nodes++;
    if ((clock.nodes & 31) === 0 && (now() >= clock.deadline || clock.shouldStop())) throw new OutOfTime();
    const me = board.toMove;
    if (board.winPoints(me).length > 0) return WIN - ply;
    const theirs = board.winPoints(3 - me);
    let moves;
    if (theirs.length >= 2) return -(WIN - ply - 1);
    if (theirs.length === 1) {
      if (!board.legal(theirs[0], me)) return -(WIN - ply - 1);
      moves = theirs; // the one block, searched even past the depth
    } else if (d <= 0) {
      return evaluate(board);
    } else {
      moves = candidates(board, me, width);
      if (moves.length === 0) return 0;
    }
    let best = -Infinity;
    for (const m of moves) {
      board.place(m, me);
      const score = -negamax(d - 1, -beta, -alpha, ply + 1);
      board.lift(m);
      if (score > best) best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return best;
  };
  const me = board.toMove;
  const scores = new Map();
  const count = board.placed.length;
  let alpha = -Infinity;
  for (const m of rootMoves) {
    board.place(m, me);
    let score;
    try {
      score = -negamax(depth - 1, -Infinity, -alpha, 1);
    } finally {
      board.undoTo(count); // also when the clock stopped the search deep in the tree
    }
    scores.set(m, score);
    if (score > alpha) alpha = score;
  }
  return scores;
}

function settleStats(stats, score) {
  stats.score = score;
  stats.exact = Math.abs(score) >= PROVEN;
  stats.distance = stats.exact ? WIN - Math.abs(score) : null;
}

// The points that leave `opponent` no VCF, among `pool`, within the clock; null if the
// clock ran out before any answer.
function vcfDefences(board, me, opponent, pool, depth, clock) {
  const good = [];
  for (const m of pool) {
    if (now() >= clock.deadline) break;
    board.place(m, me);
    const line = findVcf(board, opponent, depth, makeLimits({ deadline: clock.deadline, shouldStop: clock.shouldStop }));
    board.lift(m);
    if (line !== null && line.length === 0) good.push(m);
  }
  return good;
}

export function chooseMove(state, options = {}) {
  const { level = "advanced", random = Math.random, shouldStop = () => false } = options;
  checkOptions(state, level);
  const settings = LEVEL_SETTINGS[level];
  const started = now();
  const timeLimitMs = options.timeLimitMs ?? settings.timeMs;
  // Leave a quarter of the time (at most 400 ms) to unwind and answer: on a busy device the
  // worker's turn on the processor can come late (seen: 340 ms past the deadline under a
  // load of 17 processes on 2 cores).
  const deadline = started + Math.max(1, timeLimitMs - Math.max(20, Math.min(400, timeLimitMs * 0.25)));
  const stats = {
    depth: 0, nodes: 0, ms: 0, randomMove: false, score: null, exact: false, distance: null, forced: null,
  };
  const finish = (move) => {
    stats.ms = Math.round(now() - started);
    return { move, stats };
  };
  const board = new Board(state);
  const me = board.toMove;
  const opponent = 3 - me;
  // Each phase may run until this share of the whole budget has gone (counted from the
  // start, so a slow phase shortens the next ones, never the answer's time).
  const until = (part) => started + (deadline - started) * part;

  if (random() < settings.randomShare) {
    const near = board.nearPoints(REACH).filter((p) => board.legal(p, me));
    stats.randomMove = true;
    return finish(near.length > 0 ? pick(near, random) : pick(engine.legalMoves(state), random));
  }

  const mine = board.winPoints(me);
  if (mine.length > 0) {
    Object.assign(stats, { forced: "win", score: WIN - 1, exact: true, distance: 1 });
    return finish(mine[0]);
  }
  const theirs = board.winPoints(opponent).filter((p) => board.legal(p, me));
  if (board.winPoints(opponent).length > 0) {
    const lost = board.winPoints(opponent).length > theirs.length || theirs.length >= 2;
    if (lost) Object.assign(stats, { forced: "lost", score: -(WIN - 2), exact: true, distance: 2 });
    else stats.forced = "block";
    if (theirs.length > 0) return finish(theirs[0]);
  }

  const clock = { deadline, nodes: 0, shouldStop };
  let pool = null; // the moves the search may choose from (null: the best-valued points)
  if (settings.vcfDepth > 0 && !stats.forced) {
    const limits = makeLimits({ deadline: until(0.3), shouldStop });
    const line = findVcf(board, me, settings.vcfDepth, limits);
    stats.nodes += limits.used;
    if (line && line.length > 0) {
      Object.assign(stats, { forced: "win", exact: true, distance: 2 * Math.ceil(line.length / 2) - 1 });
      stats.score = WIN - stats.distance;
      return finish(line[0]);
    }
  }
  if (settings.defendVcf && !stats.forced) {
    const limits = makeLimits({ deadline: until(0.45), shouldStop });
    const threat = findVcf(board, opponent, settings.vcfDepth, limits);
    stats.nodes += limits.used;
    if (threat && threat.length > 0) {
      const near = candidates(board, me, 40);
      const first = [...new Set([...threat, ...board.fourMoves(me).map(([p]) => p), ...near])]
        .filter((p) => board.legal(p, me));
      const defences = vcfDefences(board, me, opponent, first, settings.vcfDepth, { deadline: until(0.75), shouldStop });
      if (defences.length > 0) pool = defences;
      else Object.assign(stats, { forced: "lost" });
    }
  }
  if (settings.vctDepth > 0 && !stats.forced && pool === null) {
    const limits = makeLimits({ deadline: until(0.6), shouldStop });
    const line = findVct(board, me, settings.vctDepth, Math.min(10, settings.vcfDepth), limits);
    stats.nodes += limits.used;
    if (line && line.length > 0) {
      Object.assign(stats, { forced: "win", exact: true });
      return finish(line[0]);
    }
    const theirsVct = findVct(board, opponent, settings.vctDepth - 1, 8, makeLimits({ deadline: until(0.7), shouldStop }));
    if (theirsVct && theirsVct.length > 0) {
      // Prefer the moves after which the opponent's threats no longer win (checked within
      // the time left for it; the search below picks among them).
      const keep = [];
      for (const m of candidates(board, me, 12)) {
        if (now() >= until(0.8)) break;
        board.place(m, me);
        const again = findVct(board, opponent, settings.vctDepth - 1, 8, makeLimits({ deadline: until(0.8), shouldStop }));
        board.lift(m);
        if (again !== null && again.length === 0) keep.push(m);
      }
      if (keep.length > 0) pool = keep;
    }
  }

  let rootMoves = pool ?? candidates(board, me, Math.max(settings.width, 4));
  if (rootMoves.length === 0) rootMoves = engine.legalMoves(state).slice(0, 1);
  if (settings.searchDepth === 0 || rootMoves.length === 1) {
    const valued = rootMoves.map((p) => [p, board.pointValue(p, me) * (1 + settings.noise * (random() - 0.5) * 2)]);
    valued.sort((a, b) => b[1] - a[1]);
    return finish(valued[0][0]);
  }
  // Opening variety: the first stones come from the best few points.
  if (board.stones < 4 && pool === null) return finish(pick(rootMoves.slice(0, 3), random));

  let best = rootMoves[0];
  const maxDepth = settings.searchDepth;
  const step = level === "advanced" ? 1 : maxDepth;
  for (let depth = level === "advanced" ? 2 : maxDepth; depth <= maxDepth; depth += step) {
    let scores;
    try {
      scores = alphaBeta(board, rootMoves, depth, settings.width, clock);
    } catch (error) {
      if (!(error instanceof OutOfTime)) throw error;
      break;
    }
    const jittered = new Map(rootMoves.map((m) => {
      const score = scores.get(m);
      return [m, score + (Math.abs(score) < PROVEN ? settings.noise * 40 * random() : 0)];
    }));
    rootMoves = [...rootMoves].sort((a, b) => jittered.get(b) - jittered.get(a));
    best = rootMoves[0];
    stats.depth = depth;
    settleStats(stats, scores.get(best));
    if (stats.exact) break;
  }
  stats.nodes += clock.nodes;
  return finish(best);
}

// The forcing searches, for the tests and the benches: a VCF line (or [] / null) for the
// side to move of an engine state.
export function vcfOf(state, depth = LEVEL_SETTINGS.advanced.vcfDepth, limits = makeLimits()) {
  const board = new Board(state);
  return findVcf(board, board.toMove, depth, limits);
}
