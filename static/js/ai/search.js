// Search helpers shared by the small games' AIs: an exact solver for games whose positions
// fit in memory (retrograde analysis, so cycles are handled), and a time-bounded iterative
// deepening alpha-beta over any engine twin.
import { EngineError } from "../engines/errors.js";

export const WIN = 1_000_000;

export const clock = () => (typeof performance !== "undefined" ? performance.now() : Date.now());

export function pickRandom(list, random) {
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))];
}

export function shuffled(list, random) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

// Solve every position reachable from `root` over the engine twin's own moves. The engine
// names positions with positionKey(state) (board and side to move, however reached) and
// gives position(state), the same position without the past that led to it (so repetition
// and the move limit, which depend on the path, never decide a position here: a cycle is a
// draw). Returns Map key -> {value, dist}: value 1 won / 0 drawn / -1 lost for the side to
// move; dist is plies to the end under best play (fastest win, slowest loss).
export function solveGraph(engine, root = engine.initialState()) {
  const keyOf = (state) => engine.positionKey(state);
  const parents = new Map();
  const pending = new Map(); // unresolved children left, per undecided position
  const solved = new Map();
  const queue = [];
  const start = engine.position(root);
  const stack = [start];
  parents.set(keyOf(start), []);
  while (stack.length > 0) {
    const state = stack.pop();
    const key = keyOf(state);
    const result = engine.outcome(state);
    if (result) {
      const value = result.winner === null ? 0 : result.winner === engine.toMove(state) ? 1 : -1;
      solved.set(key, { value, dist: 0 });
      if (value !== 0) queue.push(key);
      continue;
    }
    const children = new Map();
    for (const move of engine.legalMoves(state)) {
      const child = engine.position(engine.play(state, move));
      const childKey = keyOf(child);
      if (!children.has(childKey)) children.set(childKey, child);
    }
    pending.set(key, children.size);
    for (const [childKey, child] of children) {
      if (!parents.has(childKey)) {
        parents.set(childKey, []);
        stack.push(child);
      }
      parents.get(childKey).push(key);
    }
  }
  // Breadth-first from the decided ends: distances come out in order, so a win takes its
  // shortest route and a loss its longest.
  for (let head = 0; head < queue.length; head++) {
    const key = queue[head];
    const { value, dist } = solved.get(key);
    for (const parent of parents.get(key)) {
      if (solved.has(parent)) continue;
      if (value === -1) {
        solved.set(parent, { value: 1, dist: dist + 1 });
        queue.push(parent);
      } else {
        const left = pending.get(parent) - 1;
        pending.set(parent, left);
        if (left === 0) {
          solved.set(parent, { value: -1, dist: dist + 1 });
          queue.push(parent);
        }
      }
    }
  }
  for (const key of parents.keys()) {
    if (!solved.has(key)) solved.set(key, { value: 0, dist: 0 });
  }
  return solved;
}

class Timeout extends Error {}

// Negamax alpha-beta over an engine twin, deepening one ply at a time until `maxDepth`,
// the deadline or `shouldStop`. `evaluate(state)` scores a live position for the side to
// move; `order(state, moves)` puts the likeliest best moves first. The answer is the best
// move of the last depth finished (or of the unfinished one, if its first move was searched).
export function iterativeDeepening({
  engine, state, evaluate, order = (s, moves) => moves, maxDepth = 64, timeLimitMs = 1500,
  shouldStop = () => false, random = Math.random,
}) {
  const started = clock();
  // Leave room to unwind and answer, so the caller gets its move inside the limit.
  // A quarter of short limits (at most 150 ms) absorbs a garbage-collection pause.
  const deadline = started + Math.max(1, timeLimitMs - Math.max(5, Math.min(timeLimitMs * 0.25, 150)));
  let nodes = 0;
  const checkTime = () => {
    if ((nodes & 7) === 0 && (clock() >= deadline || shouldStop())) throw new Timeout();
  };

  const negamax = (s, depth, alpha, beta, ply) => {
    nodes++;
    checkTime();
    const result = engine.outcome(s);
    if (result) {
      if (result.winner === null) return 0;
      return result.winner === engine.toMove(s) ? WIN - ply : -(WIN - ply);
    }
    if (depth === 0) return evaluate(s);
    let best = -Infinity;
    for (const move of order(s, engine.legalMoves(s))) {
      const score = -negamax(engine.play(s, move), depth - 1, -beta, -alpha, ply + 1);
      if (score > best) best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return best;
  };

  let rootMoves = order(state, shuffled(engine.legalMoves(state), random));
  let bestMove = rootMoves[0];
  let bestScore = -Infinity;
  let depthDone = 0;
  for (let depth = 1; depth <= maxDepth && rootMoves.length > 1; depth++) {
    let alpha = -Infinity;
    let iterationBest = null;
    const scores = new Map();
    try {
      for (const move of rootMoves) {
        const score = -negamax(engine.play(state, move), depth - 1, -Infinity, -alpha, 1);
        scores.set(move, score);
        if (score > alpha) {
          alpha = score;
          iterationBest = move;
        }
      }
    } catch (error) {
      if (!(error instanceof Timeout)) throw error;
      // The previous best was searched first: anything that beat it at this depth is better.
      if (iterationBest !== null && scores.has(rootMoves[0])) bestMove = iterationBest;
      break;
    }
    bestMove = iterationBest;
    bestScore = alpha;
    depthDone = depth;
    // Best first next time; moves that failed low keep their relative order.
    rootMoves = [...rootMoves].sort((a, b) => scores.get(b) - scores.get(a));
    if (Math.abs(alpha) >= WIN - 1000) break; // a forced result: deeper search changes nothing
  }
  return {
    move: bestMove,
    score: bestScore,
    stats: { depth: depthDone, nodes, ms: Math.round(clock() - started), randomMove: false },
  };
}

// What every AI's stats say about the position (docs/ENGINES.md, "The AI"): `score`
// for the side to move (null when nothing was searched), `exact` when the result is proven
// (a win or loss the search saw to the end), `distance` the plies to that end.
const UNKNOWN = Object.freeze({ score: null, exact: false, distance: null, forced: null });
const PROVEN = WIN - 1000;

export const LEVELS = Object.freeze(["beginner", "intermediate", "advanced"]);

export function checkLevel(level) {
  if (!LEVELS.includes(level)) {
    const error = new RangeError(`unknown level; use ${LEVELS.join(", ")}`);
    error.code = "bad-level"; // the worker's error code for this
    throw error;
  }
}

// The level logic every searching AI shares. `game` supplies engine, evaluate, order and its
// level settings `levels` (the AI module's LEVEL_SETTINGS):
//   beginner      {randomShare, depth, maxMs}: that share of its moves at random, else a
//                 search `depth` plies deep taking at most maxMs
//   intermediate  {depth, maxMs}: the same search, never at random
//   advanced      {timeMs}: iterative deepening for timeMs unless the caller gives a limit
// `advanced(state, options)` may replace the advanced level's search (the solved games do).
export function chooseByLevel(game, state, options = {}) {
  const { level = "advanced", random = Math.random, shouldStop = () => false } = options;
  checkLevel(level);
  const settings = game.levels[level];
  const started = clock();
  if (game.engine.outcome(state)) throw new EngineError("game-over", "the game has already ended");
  const moves = game.engine.legalMoves(state);
  if (level === "beginner" && random() < settings.randomShare) {
    return {
      move: pickRandom(moves, random),
      stats: { ...UNKNOWN, depth: 0, nodes: 0, ms: Math.round(clock() - started), randomMove: true },
    };
  }
  if (level === "advanced" && game.advanced) return game.advanced(state, { ...options, random });
  if (moves.length === 1) {
    return {
      move: moves[0],
      stats: { ...UNKNOWN, depth: 0, nodes: 0, ms: Math.round(clock() - started), randomMove: false, forced: "only" },
    };
  }
  const limits = level === "advanced"
    ? { maxDepth: 64, timeLimitMs: options.timeLimitMs ?? settings.timeMs }
    : { maxDepth: settings.depth, timeLimitMs: Math.min(options.timeLimitMs ?? Infinity, settings.maxMs) };
  const found = iterativeDeepening({
    engine: game.engine, state, evaluate: game.evaluate, order: game.order, random, shouldStop,
    ...limits,
  });
  return {
    move: found.move,
    stats: { ...found.stats, ...scoreStats(found.score), ms: Math.round(clock() - started) },
  };
}

function scoreStats(score) {
  if (!Number.isFinite(score)) return UNKNOWN;
  const exact = Math.abs(score) >= PROVEN;
  return { score, exact, distance: exact ? WIN - Math.abs(score) : null, forced: null };
}

// Perfect play from a solved table (see solveGraph): take the fastest win, else a draw, else
// the slowest loss; ties are broken at random. The table's keys are the engine's
// positionKey(state); `remaining(state)` is how many plies may still be played before a move-limit
// draw, so a win that would arrive too late counts as a draw.
export function chooseFromTable({ engine, state, table, random = Math.random,
  remaining = () => Infinity }) {
  const started = clock();
  const me = engine.toMove(state);
  const left = remaining(state);
  let best = [];
  let bestRank = -Infinity;
  let deepest = 0;
  for (const move of engine.legalMoves(state)) {
    const child = engine.play(state, move);
    const result = engine.outcome(child);
    let value = 0;
    let dist = 1;
    if (result) {
      value = result.winner === null ? 0 : result.winner === me ? 1 : -1;
    } else {
      const entry = table.get(engine.positionKey(child));
      if (!entry) throw new Error("a position is missing from the solved table");
      value = -entry.value;
      dist = entry.dist + 1;
      if (value === 1 && dist > left) value = 0;
    }
    deepest = Math.max(deepest, dist);
    const rank = value === 1 ? 1000 - dist : value === -1 ? -1000 + dist : 0;
    if (rank > bestRank) {
      bestRank = rank;
      best = [move];
    } else if (rank === bestRank) {
      best.push(move);
    }
  }
  // The table's answer is exact: a win or loss in `distance` plies, or a draw (no distance).
  const value = bestRank > 0 ? 1 : bestRank < 0 ? -1 : 0;
  const distance = value === 1 ? 1000 - bestRank : value === -1 ? 1000 + bestRank : null;
  return {
    move: pickRandom(best, random),
    value,
    stats: {
      depth: deepest, nodes: table.size, ms: Math.round(clock() - started), randomMove: false,
      score: value === 0 ? 0 : value * (WIN - distance), exact: true, distance, forced: null,
    },
  };
}
