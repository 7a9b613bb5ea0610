// The Reversi AI at three levels (contract: docs/ENGINES.md, "The AI"), over the engine twin's
// own rules (static/js/engines/reversi.js); every move it names is one of the twin's legal
// moves, `pass` when that is the only one.
//   beginner      40% of its moves at random; otherwise a corner when one is offered, else
//                 the square its table of worths likes best with some noise (so it keeps
//                 off the squares next to an empty corner).
//   intermediate  a 4-ply alpha-beta search with the positional evaluation of
//                 reversi-search.js (mobility, corners, X- and C-squares, frontier, stable
//                 discs).
//   advanced      iterative deepening with the same evaluation until its time; from
//                 `solveFrom` empty squares the exact endgame solver (reversi-solve.js) with
//                 all of the time, which names a perfect move (the best final disc
//                 difference) when it finishes in time; when it cannot, the best move it
//                 proved so far, else a short midgame search's.
// Every level stops at its time: the searches read the clock (and `shouldStop`) as they go.
import engine, { SQUARES, discs } from "../engines/reversi.js";
import { EngineError } from "../engines/errors.js";
import { LEVELS, checkLevel, clock } from "./search.js";
import { solve } from "./reversi-solve.js";
import { helperPool, solveParallel } from "./reversi-parallel.js";
import { CORNERS, SQUARE_WORTH, WIN, clearSearchTable, search } from "./reversi-search.js";

export { LEVELS };
// Each level's settings (times in ms; `maxMs` and `timeMs` hold unless the caller gives a
// shorter `timeLimitMs`, which also bounds every level):
//   beginner      randomShare, noise (added to a square's worth, which runs -7 to 20), maxMs
//   intermediate  depth (plies), maxMs
//   advanced      timeMs (its own time when the caller gives none), solveFrom (the empty
//                 squares from which it solves the endgame exactly, with all of its time),
//                 tryFrom and tryShare (from tryFrom empty squares down to solveFrom the
//                 midgame search has tryShare of the time and the solver tries the rest: it
//                 finishes now and then, and what it proved speeds up the next move's solve),
//                 helpers (the workers chooseMoveAsync solves on from solveFrom; none below
//                 two cores)
export const LEVEL_SETTINGS = Object.freeze({
  beginner: Object.freeze({ randomShare: 0.4, noise: 12, maxMs: 100 }),
  intermediate: Object.freeze({ depth: 4, maxMs: 1000 }),
  advanced: Object.freeze({ timeMs: 1500, solveFrom: 20, tryFrom: 24, tryShare: 0.5, helpers: 2 }),
});
// How the review reads the scores (static/js/ai/review.js): a midgame score is in the
// evaluation's units (reversi-search.js WEIGHTS: a corner 40, a move of mobility 9), so a side
// is ahead from about a corner and a half; an exact one is the final disc difference.
// "Show analysis" gets a second, enough to solve most positions of 18 empty squares.
export const REVIEW = Object.freeze({ band: 60, positionMs: 250, analysisMs: 1000 });

// The time kept back from a search so the answer arrives within the limit: a fifth of it,
// at least 10 ms and at most 250 ms (the searches read the clock every few milliseconds).
const margin = (limitMs) => Math.max(10, Math.min(250, limitMs * 0.2));
// A midgame score times this is about the final disc difference (the solver's first guess;
// fitted on positions of 19 empty squares, reversi-solve.js tuning.guessScale).
const GUESS_SCALE = 0.12;

function checkState(state) {
  if (!state || typeof state !== "object" || !Number.isInteger(state.bl) || typeof state.toMove !== "number") {
    throw new EngineError("bad-state", "chooseMove needs a Reversi engine state");
  }
  if (engine.outcome(state)) throw new EngineError("game-over", "the game has already ended");
}

const pick = (list, random) => list[Math.min(list.length - 1, Math.floor(random() * list.length))];

// The player's and the opponent's halves, from the side to move.
const sides = ({ bl, bh, wl, wh, toMove }) => (toMove ? [wl, wh, bl, bh] : [bl, bh, wl, wh]);

const occupied = (state, s) => (s < 32 ? ((state.bl | state.wl) >>> s) & 1 : ((state.bh | state.wh) >>> (s - 32)) & 1);

// The corner an X-square or C-square stands next to, or -1.
const CORNER_OF = new Int8Array(SQUARES).fill(-1);
for (const corner of CORNERS) {
  const r = corner >> 3;
  const c = corner & 7;
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1]]) {
    const rr = r === 0 ? r + dr : r - dr;
    const cc = c === 0 ? c + dc : c - dc;
    CORNER_OF[rr * 8 + cc] = corner;
  }
}

// The beginner's sense: a corner when it can, else the square worth most (plus noise); the
// squares next to a corner are worth little only while that corner is empty.
function sensibleMove(state, moves, settings, random) {
  const corners = moves.filter((m) => CORNERS.includes(m));
  if (corners.length > 0) return pick(corners, random);
  let best = moves[0];
  let bestWorth = -Infinity;
  for (const m of moves) {
    const corner = CORNER_OF[m];
    const worth = (corner >= 0 && occupied(state, corner) ? 4 : SQUARE_WORTH[m]) + random() * settings.noise;
    if (worth > bestWorth) {
      bestWorth = worth;
      best = m;
    }
  }
  return best;
}

// The turn as a generator: it yields once, {deadline, shouldStop}, where the exact solve
// from solveFrom empty squares is wanted, and is sent that solve's answer (solveBoard's);
// chooseMove solves in this thread, chooseMoveAsync on helper workers when it can.
function* turn(state, options) {
  const { level = "advanced", random = Math.random, shouldStop = () => false } = options;
  checkLevel(level); // the message never quotes the level given
  checkState(state);
  const settings = LEVEL_SETTINGS[level];
  const started = clock();
  const limitMs = Math.min(options.timeLimitMs ?? Infinity, settings.timeMs ?? settings.maxMs);
  const deadline = started + Math.max(1, limitMs - margin(limitMs));
  const stats = {
    depth: 0, nodes: 0, ms: 0, randomMove: false, score: null, exact: false, distance: null, forced: null,
  };
  const finish = (move) => {
    stats.ms = Math.round(clock() - started);
    return { move, stats };
  };
  const moves = engine.legalMoves(state);
  if (level === "beginner" && random() < settings.randomShare) {
    stats.randomMove = true;
    return finish(pick(moves, random));
  }
  if (moves.length === 1) {
    stats.forced = "only"; // a pass, or the one square: the review follows it
    return finish(moves[0]);
  }
  if (level === "beginner") return finish(sensibleMove(state, moves, settings, random));

  const [pl, ph, ol, oh] = sides(state);
  const [black, white] = discs(state);
  const empties = SQUARES - black - white;
  const midgame = (until, maxDepth = 60) => {
    clearSearchTable(); // the same position and seed give the same move
    const found = search(pl, ph, ol, oh, { maxDepth, deadline: until, shouldStop, random });
    stats.depth = found.depth;
    stats.nodes += found.nodes;
    if (found.score !== null) {
      if (found.complete || found.proven) {
        // a finished game's score: WIN plus the disc difference (a bound unless complete)
        const d = found.score === 0 ? 0 : found.score - Math.sign(found.score) * WIN;
        Object.assign(stats, { score: d, exact: true, distance: empties });
      } else stats.score = found.score;
    }
    return found.move;
  };
  if (level === "intermediate") return finish(midgame(deadline, settings.depth));

  if (empties > settings.tryFrom) return finish(midgame(deadline));
  const exact = (solved) => {
    stats.nodes += solved.nodes;
    if (solved.helpers) stats.helpers = solved.helpers;
    if (solved.stopped || solved.move === -1) return false;
    Object.assign(stats, { depth: empties, score: solved.score, exact: true, distance: empties, solved: true });
    return true;
  };
  if (empties <= settings.solveFrom) {
    // The whole time goes to the exact solve: a midgame search first, for a move to fall back
    // on, took time the solve needed. When the solve runs out, a 4-ply search (a few
    // milliseconds, inside the time kept back) gives the score, and the move is the one the
    // solver's finished null-window searches proved best so far, else that search's.
    const solved = yield { deadline, shouldStop };
    if (exact(solved)) return finish(solved.move);
    stats.solved = false;
    const fallback = midgame(Math.max(deadline, clock() + 1), 4);
    return finish(solved.move >= 0 ? solved.move : fallback);
  }
  // Above solveFrom the solve is a try after the midgame search: when it runs out of time,
  // what it proved stays in its table for the next move. A first look, a twentieth of the
  // time, is enough when the table holds the last move's proof.
  const quick = solve(state, { deadline: Math.min(deadline, started + (deadline - started) * 0.05), shouldStop });
  if (exact(quick)) return finish(quick.move);
  const fallback = midgame(started + (deadline - started) * settings.tryShare);
  let guess = null;
  if (stats.score !== null && !stats.exact) guess = Math.max(-62, Math.min(62, Math.round(GUESS_SCALE * stats.score / 2) * 2));
  const solved = solve(state, { deadline, shouldStop, guess });
  if (exact(solved)) return finish(solved.move);
  stats.solved = false;
  return finish(fallback);
}

export function chooseMove(state, options = {}) {
  const steps = turn(state, options);
  let step = steps.next();
  while (!step.done) step = steps.next(solve(state, step.value));
  return step.value;
}

// chooseMove for the AI worker (static/js/ai/worker.js), which can wait: the advanced level's
// exact solve goes to helper workers (reversi-parallel.js) when there are two cores or more
// and workers can be made, else as chooseMove. options.helpers: {spawn, size} for the pool
// (node's benches and tests; the browser's Worker by default).
export async function chooseMoveAsync(state, options = {}) {
  const helpers = () => helperPool(options.helpers ?? { size: LEVEL_SETTINGS.advanced.helpers });
  if ((options.level ?? "advanced") === "advanced") helpers(); // started early: loaded by the endgame
  const steps = turn(state, options);
  let step = steps.next();
  while (!step.done) {
    const pool = helpers();
    let solved = pool ? await solveState(pool, state, step.value) : { failed: true };
    if (solved.failed) solved = solve(state, step.value); // no helpers: alone, in the time left
    step = steps.next(solved);
  }
  return step.value;
}

const solveState = (pool, { bl, bh, wl, wh, toMove }, options) => (toMove
  ? solveParallel(pool, wl, wh, bl, bh, options) : solveParallel(pool, bl, bh, wl, wh, options));
