// The post-game review (static/js/ai/review.js): on known games it marks exactly the moves that
// decided them; the worker's review and analyse messages; the command-line twin.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { promisify } from "node:util";

import { loadEngine } from "../../static/js/engines/index.js";
import { analysePosition, markFor, reviewGame } from "../../static/js/ai/review.js";
import { handleMessage } from "../../static/js/ai/worker.js";

const run = promisify(execFile);
const load = async (slug) => ({ engine: await loadEngine(slug), ai: await import(`../../static/js/ai/${slug}.js`) });
const words = (text) => text.split(" ");

// White threatens D1 on the first level; black ignores it (6. C4), white misses the win
// (7. D4 instead of D1); later white fails to block black's threat at C2 (15. D2).
const SCORE_FOUR = "A1 A4 B1 B4 C1 C4 D4 D1 D3 D1 C3 B2 D2 B3 D2 C2";
// The first player opens on an edge (b1) instead of the centre: from a won game to a lost one.
const THREE_MENS = "b1 b2 c1 a1 c3 a2 c3-b3 b2-a3";
// Black places b6 instead of blocking white's a1 d1 (g1), and white closes the mill.
const NINE_MENS = "a1 g7 d1 b6 g1xg7 f6";

test("Score Four: the ignored threat, the missed win in one and the missing block are marked", async () => {
  const { engine, ai } = await load("score-four");
  const review = reviewGame({ engine, ai, moves: words(SCORE_FOUR), timeLimitMs: 120 });
  const byPly = (ply) => review.moves[ply - 1];
  // The proven mistakes; the evaluation may also judge white's D2 at ply 13 a positional one
  // (black's B3 then wins the fill-up race), a judgement near the band that depends on depth.
  assert.deepEqual(review.marked.filter((ply) => byPly(ply).mark.exact), [6, 7, 15]);
  assert.ok(review.marked.every((ply) => [6, 7, 13, 15].includes(ply)), `marked ${review.marked}`);
  assert.deepEqual(byPly(6).mark, { kind: "allowed-win", better: "D1", exact: true });
  assert.deepEqual(byPly(7).mark, { kind: "missed-win", better: "D1", exact: true });
  assert.deepEqual(byPly(15).mark, { kind: "allowed-win", better: "C2", exact: true });
  // Before the miss white wins in one move; after it, nothing is proven for white.
  assert.deepEqual([byPly(7).before.kind, byPly(7).before.distance], ["win", 1]);
  assert.equal(byPly(7).after.exact, false);
  assert.equal(byPly(7).player, 0);
  // The last move wins: proven from the mover's side, and not marked.
  assert.deepEqual([byPly(16).after.kind, byPly(16).after.distance, byPly(16).mark], ["win", 0, null]);
  assert.equal(review.positions.length, 17);
});

test("Three Men's Morris: opening away from the centre is the one marked move", async () => {
  const { engine, ai } = await load("three-mens-morris");
  const review = reviewGame({ engine, ai, moves: words(THREE_MENS) });
  assert.deepEqual(review.marked, [1]);
  assert.deepEqual(review.moves[0].mark, { kind: "missed-win", better: "b2", exact: true });
  assert.equal(review.moves[0].before.kind, "win");
  assert.deepEqual([review.moves[0].after.kind, review.moves[0].after.distance], ["loss", 7]);
  // Every position of a solved game is proven.
  assert.ok(review.positions.every((p) => p.exact));
  // A corner opening only throws the win away to a draw: marked too, as a missed win.
  const corner = reviewGame({ engine, ai, moves: words("a1 b2 c1 b1") });
  assert.deepEqual(corner.marked, [1]);
  assert.equal(corner.moves[0].after.kind, "draw");
});

test("Nine Men's Morris: the placement that allowed a mill is the one marked move", async () => {
  const { engine, ai } = await load("nine-mens-morris");
  const review = reviewGame({ engine, ai, moves: words(NINE_MENS), timeLimitMs: 150 });
  assert.deepEqual(review.marked, [4]);
  assert.deepEqual(review.moves[3].mark, { kind: "allowed-win", better: "g1", exact: false });
  assert.equal(review.moves[3].after.kind, "behind");
});

test("the marking rule: a worse outcome, a real fall, and a better move than the one played", async () => {
  const { ai } = await load("nine-mens-morris");
  assert.equal(ai.REVIEW.band, 90, "the band these cases straddle is the game's own");
  const value = (score, outcome, exact = false) => ({ score, outcome, exact });
  const even = value(0, 0);
  // Falling into "behind" by a full band is marked; by less, or with the best move, not.
  assert.equal(markFor(ai, { before: even, after: value(-120, -1), text: "a1", best: "d1" }).kind, "allowed-win");
  assert.equal(markFor(ai, { before: value(100, 1), after: value(20, 0), text: "a1", best: "d1" }), null);
  assert.equal(markFor(ai, { before: even, after: value(-120, -1), text: "d1", best: "d1" }), null);
  // From a proven win to anything else is a missed win, even without a score to compare.
  const missed = markFor(ai, { before: value(1e6, 1, true), after: value(0, 0, true), text: "a1", best: "d1" });
  assert.deepEqual(missed, { kind: "missed-win", better: "d1", exact: true });
  // Holding the outcome is never marked.
  assert.equal(markFor(ai, { before: value(-1e6, -1, true), after: value(-1e6, -1, true), text: "a1", best: "d1" }), null);
  // From "behind" (not proven) into a proven loss is marked: the search saw no such loss.
  const blunder = markFor(ai, { before: value(-200, -1), after: value(-1e6, -1, true), text: "a1", best: "d1" });
  assert.deepEqual(blunder, { kind: "allowed-win", better: "d1", exact: true });
  assert.equal(markFor(ai, { before: value(-200, -1), after: value(-1e6, -1, true), text: "d1", best: "d1" }), null);
  // From "ahead" (not proven) into a proven loss: a missed chance, but no win was proven.
  const thrown = markFor(ai, { before: value(200, 1), after: value(-1e6, -1, true), text: "a1", best: "d1" });
  assert.deepEqual(thrown, { kind: "missed-win", better: "d1", exact: false });
});

test("a forced block takes the value of the position after it", async () => {
  const { engine, ai } = await load("score-four");
  let state = engine.initialState();
  for (const text of words("A1 A2 B1 B2 C1")) state = engine.play(state, engine.parseMove(state, text));
  const value = analysePosition(engine, ai, state, { timeLimitMs: 100 });
  assert.equal(value.best, "D1");
  assert.equal(value.exact, false);
  assert.ok(Number.isFinite(value.score));
});

test("the worker reviews a game with progress messages, and analyses a position", async () => {
  const progress = [];
  const answer = await handleMessage(
    { type: "review", id: 3, slug: "three-mens-morris", moves: words(THREE_MENS) },
    { post: (message) => progress.push(message) },
  );
  assert.equal(answer.type, "review");
  assert.equal(answer.id, 3);
  assert.deepEqual(answer.review.marked, [1]);
  assert.equal(progress.length, 9);
  assert.deepEqual(progress.at(-1), { type: "progress", id: 3, done: 9, total: 9 });
  assert.ok(progress.every((m, i) => m.done === i + 1));

  const ttt = await loadEngine("tic-tac-toe");
  let state = ttt.initialState();
  for (const text of words("a1 b1 a2")) state = ttt.play(state, ttt.parseMove(state, text));
  const analysis = await handleMessage({ type: "analyse", id: 4, slug: "tic-tac-toe", state: ttt.dump(state) });
  assert.equal(analysis.type, "analysis");
  assert.deepEqual([analysis.analysis.kind, analysis.analysis.distance, analysis.analysis.best], ["loss", 4, "a3"]);
});

test("a review of bad moves is refused with the engine's code", async () => {
  const illegal = await handleMessage({ type: "review", id: 5, slug: "score-four", moves: ["A1", "Z9"] });
  assert.deepEqual([illegal.type, illegal.code], ["error", "bad-notation"]);
  const notList = await handleMessage({ type: "review", id: 6, slug: "score-four", moves: "A1 A2" });
  assert.deepEqual([notList.type, notList.code], ["error", "bad-request"]);
  const tooMany = await handleMessage({ type: "review", id: 7, slug: "score-four", moves: Array(401).fill("A1") });
  assert.deepEqual([tooMany.type, tooMany.code], ["error", "bad-request"]);
});

test("node tools/ai.mjs --review prints the evaluations and the marks as JSON", async () => {
  const { stdout } = await run(process.execPath, [
    "tools/ai.mjs", "--review", "--game", "three-mens-morris", "--moves", THREE_MENS,
  ]);
  const review = JSON.parse(stdout);
  assert.deepEqual(review.marked, [1]);
  assert.equal(review.moves.length, 8);
  for (const key of ["before", "after", "best", "mark"]) assert.ok(key in review.moves[0], key);
  await assert.rejects(
    run(process.execPath, ["tools/ai.mjs", "--review", "--game", "three-mens-morris", "--moves", "b1 b1"]),
    (error) => error.code === 2 && /occupied/.test(error.stderr),
  );
});

test("the page's words: distances in the winner's moves, scores without a negative zero", async () => {
  const { evaluationText, markText } = await import("../../static/js/play/review-panel.js");
  const { analysisText } = await import("../../static/js/play/analysis-line.js");
  const t = (key, params = {}) => `${key}${JSON.stringify(params)}`;
  const side = (p) => ["White", "Black"][p];
  assert.equal(evaluationText({ kind: "win", distance: 5 }, t), 'aiReview-eval-win{"n":3}');
  assert.equal(evaluationText({ kind: "loss", distance: 4 }, t), 'aiReview-eval-loss{"n":2}');
  assert.equal(evaluationText({ kind: "loss", distance: 0 }, t), "aiReview-eval-lost{}");
  assert.equal(evaluationText({ kind: "win", distance: null }, t), 'aiReview-eval-wins{"n":null}');
  assert.equal(evaluationText({ kind: "even", score: -4 }, t), 'aiReview-eval-even{"score":"±0.0"}');
  assert.equal(evaluationText({ kind: "behind", score: -260 }, t), 'aiReview-eval-behind{"score":"−2.6"}');
  const move = { player: 0, mark: { kind: "allowed-win", better: "D1", exact: true } };
  assert.equal(markText(move, t, side), 'aiReview-allowed-win{"better":"D1","side":"Black"}');
  // The side to move (black) loses in 4 plies: white wins within 2 of its moves.
  assert.equal(analysisText({ exact: true, outcome: -1, distance: 4 }, 1, t, side), 'analysis-win{"side":"White","n":2}');
  assert.equal(analysisText({ exact: true, outcome: 0, distance: null }, 1, t, side), "analysis-draw{}");
  assert.equal(analysisText({ exact: false, outcome: 1, distance: null }, 1, t, side), "");
});
