// The post-game review and the exact endings shown while playing (docs/AI.md, "The review").
// Pure: the caller hands in the engine twin and the game's AI module (static/js/ai/<slug>.js),
// so the worker, the command line (tools/ai.mjs --review) and node tests share it.
//
//   analysePosition(engine, ai, state, {timeLimitMs, random})
//     -> {score, exact, distance, best, outcome, kind}   for the side to move
//   reviewGame({engine, ai, moves, timeLimitMs?, seed?, onProgress?})
//     -> {game, ms, positions: [...], moves: [{ply, text, player, before, after, best, mark}],
//         marked: [plies]}
//
// Each position is classed by its outcome for the side to move: proven (the solver or the
// search saw the end: win, draw or loss) or else by the search's score against the game's
// band (ahead at BAND or more, behind at -BAND or less, even between). A move is marked when
// the mover's outcome after it is worse than before it, and either side of it is proven or
// the score fell by at least the band; and the better move (the AI's choice before it) is not
// the move that was played. Marks: "missed-win" (the mover was winning, or ahead, before the
// move), "allowed-win" (the mover was drawing, or even, and now the opponent wins, or is
// ahead).

import { seededRandom as seeded } from "./random.js";

// Each game's AI module says how its review reads scores (REVIEW in static/js/ai/<slug>.js):
//   band        a score at least this far from even counts as a side being ahead (the game's
//               evaluation units; a game whose every position is proven needs none)
//   positionMs  how long the review searches each position (before the total below caps it)
//   analysisMs  how long "show analysis" searches the current position
// A module without REVIEW (or without one of them) gets these.
export const REVIEW_DEFAULTS = Object.freeze({ band: 1, positionMs: 250, analysisMs: 300 });
const reviewSetting = (ai, name) => ai?.REVIEW?.[name] ?? REVIEW_DEFAULTS[name];
export const analysisMs = (ai) => reviewSetting(ai, "analysisMs");

// The whole review's budget: positionMs shrinks so a long game fits (bench/ai_review.mjs).
export const REVIEW_TOTAL_MS = 24000;
export const MAX_REVIEW_MOVES = 400;
const MAX_FOLLOW = 6; // forced moves followed in a row to value a position
const PROVEN_SCORE = 1e6; // the score of a proven win in the review's output

const OUTCOME_WORDS = { exact: ["loss", "draw", "win"], heuristic: ["behind", "even", "ahead"] };

// A value {score, exact, distance} for the side to move, with its outcome (-1, 0, 1) and kind.
function classed(band, { score, exact, distance }) {
  const outcome = exact ? Math.sign(score) : score >= band ? 1 : score <= -band ? -1 : 0;
  const kind = OUTCOME_WORDS[exact ? "exact" : "heuristic"][outcome + 1];
  // A proven result's size is its distance; the score says only who wins.
  return {
    score: exact ? outcome * PROVEN_SCORE : score, exact, distance: exact && outcome !== 0 ? distance : null,
    outcome, kind,
  };
}

// The same value seen by the other side (one ply earlier or later).
function flipped(value, plies = 0) {
  const distance = value.distance === null ? null : value.distance + plies;
  return {
    score: -value.score, exact: value.exact, distance, outcome: -value.outcome,
    kind: OUTCOME_WORDS[value.exact ? "exact" : "heuristic"][1 - value.outcome],
  };
}

function terminalValue(engine, state, result) {
  if (result.winner === null) return classed(1, { score: 0, exact: true, distance: 0 });
  const sign = result.winner === engine.toMove(state) ? 1 : -1;
  return classed(1, { score: sign, exact: true, distance: 0 });
}

// Values the position for the side to move; `best` is the AI's move in notation (null at the
// end of the game). A move played without search (a forced win, block or only move the AI's
// stats name in `forced`, a single legal move) is followed, and the position takes the value of what follows.
export function analysePosition(engine, ai, state, { timeLimitMs, random = seeded(1), follow = MAX_FOLLOW,
  known = () => null } = {}) {
  const result = engine.outcome(state);
  if (result) return { ...terminalValue(engine, state, result), best: null };
  const { move, stats } = ai.chooseMove(state, { level: "advanced", timeLimitMs, random });
  const best = engine.formatMove(state, move);
  const forced = stats.forced;
  const band = reviewSetting(ai, "band");
  if (forced === "win") return { ...classed(band, { score: 1, exact: true, distance: 1 }), best };
  if (forced === "lost") {
    // Two enemy threats to block, or every move drops under one: the opponent wins next.
    return { ...classed(band, { score: -1, exact: true, distance: 2 }), best };
  }
  if ((forced || stats.score === null || stats.score === undefined) && follow > 0) {
    const child = engine.play(state, move);
    const after = known(best) ?? analysePosition(engine, ai, child, {
      timeLimitMs, random, follow: follow - 1,
    });
    return { ...flipped(after, 1), best };
  }
  const score = stats.score ?? 0;
  return { ...classed(band, { score, exact: Boolean(stats.exact), distance: stats.distance }), best };
}

// The mark for one move, or null (the rule in the header and docs/AI.md); `ai` is the game's
// AI module, whose band it reads.
export function markFor(ai, { before, after, text, best }) {
  if (best === null || best === text) return null;
  // A move into a proven loss from a position the search could not prove lost is a blunder
  // even when the evaluation already had the mover behind (the same step as a loss).
  const intoProvenLoss = after.exact && after.outcome === -1 && !before.exact;
  if (after.outcome >= before.outcome && !intoProvenLoss) return null;
  const band = reviewSetting(ai, "band");
  if (!before.exact && !after.exact && before.score - after.score < band) return null;
  const kind = before.outcome === 1 ? "missed-win" : "allowed-win";
  const exact = kind === "missed-win" ? before.exact : after.exact;
  return { kind, better: best, exact };
}

// The positions of a game: the start (under `variant`, the game's rule setting, when it has
// several) and after each move.
export function replay(engine, moves, variant = "") {
  if (!Array.isArray(moves) || moves.length > MAX_REVIEW_MOVES) {
    const error = new RangeError(`moves must be a list of at most ${MAX_REVIEW_MOVES} moves`);
    error.code = "bad-request";
    throw error;
  }
  const states = [variant ? engine.initialState(variant) : engine.initialState()];
  moves.forEach((text, index) => {
    const state = states[index];
    if (typeof text !== "string") {
      const error = new TypeError(`move ${index + 1} is not text`);
      error.code = "bad-notation";
      throw error;
    }
    try {
      states.push(engine.play(state, engine.parseMove(state, text)));
    } catch (error) {
      if (error.code) error.message = `move ${index + 1}: ${error.code}`;
      throw error;
    }
  });
  return states;
}

// Reviews a whole game (moves in notation). Positions are searched from the last to the
// first: the late, provable positions go first and their proofs stay in an AI's table (one
// kept between searches) for the earlier ones. onProgress(done, total) after each position.
export function reviewGame({
  engine, ai, moves, variant = "", timeLimitMs = null, seed = 1, onProgress = () => {},
}) {
  const started = Date.now();
  const states = replay(engine, moves, variant);
  const live = states.filter((s) => !engine.outcome(s)).length;
  const budget = timeLimitMs ?? Math.max(40, Math.min(reviewSetting(ai, "positionMs"),
    Math.floor(REVIEW_TOTAL_MS / Math.max(1, live))));
  const values = new Array(states.length);
  const texts = moves.map((text, i) => engine.formatMove(states[i], engine.parseMove(states[i], text)));
  for (let i = states.length - 1; i >= 0; i--) {
    // The played move's result is known already: a forced move needs no second search.
    const known = (best) => (i < moves.length && best === texts[i] ? values[i + 1] : null);
    values[i] = analysePosition(engine, ai, states[i], { timeLimitMs: budget, random: seeded(seed + i), known });
    onProgress(states.length - i, states.length);
  }
  const reviewed = texts.map((text, i) => {
    const before = values[i];
    const after = flipped(values[i + 1]);
    const mark = markFor(ai, { before, after, text, best: before.best });
    return {
      ply: i + 1, text, player: engine.toMove(states[i]),
      before: plain(before), after: plain(after), best: before.best, mark,
    };
  });
  return {
    game: engine.slug,
    ms: Date.now() - started,
    timeLimitMs: budget,
    positions: values.map((value, ply) => ({ ply, toMove: engine.toMove(states[ply]), ...plain(value), best: value.best })),
    moves: reviewed,
    marked: reviewed.filter((move) => move.mark).map((move) => move.ply),
  };
}

function plain({ score, exact, distance, outcome, kind }) {
  return { score, exact, distance, outcome, kind };
}
