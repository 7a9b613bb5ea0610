// One place per game: the engine twins and AI modules are found by slug through one table
// (static/js/game-modules.js), each AI module carries its own level and review settings, and
// the code that dispatches on a game names none.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { SLUGS, isSlug, loadAi, loadEngine } from "../../static/js/engines/index.js";
import { LEVELS } from "../../static/js/ai/search.js";
import { handleMessage } from "../../static/js/ai/worker.js";
import { REVIEW_DEFAULTS, analysisMs, reviewGame } from "../../static/js/ai/review.js";

const ROOT = new URL("../../", import.meta.url);

test("an unknown slug is refused with unknown-game, whatever it is, and never repeated", async () => {
  // "constructor" and "__proto__" are keys every object has: they name no game either.
  for (const slug of ["chess", "constructor", "__proto__", "toString", "", "../ai/worker", 7, null, undefined]) {
    assert.equal(isSlug(slug), false, String(slug));
    for (const load of [loadEngine, loadAi]) {
      await assert.rejects(load(slug), (error) => {
        assert.equal(error.code, "unknown-game");
        if (typeof slug === "string" && slug) assert.ok(!error.message.includes(slug), error.message);
        return true;
      });
    }
    const answer = await handleMessage({ type: "search", id: 1, slug, state: {}, level: "advanced" });
    assert.equal(answer.code, "unknown-game");
    if (typeof slug === "string" && slug) assert.ok(!answer.message.includes(slug), answer.message);
  }
});

for (const slug of SLUGS) {
  test(`${slug}: the AI module carries its levels and review settings, and plays the engine's moves`, async () => {
    const engine = await loadEngine(slug);
    const ai = await loadAi(slug);
    assert.equal(engine.slug, slug);
    assert.equal(typeof ai.chooseMove, "function");
    assert.deepEqual(Object.keys(ai.LEVEL_SETTINGS).sort(), [...LEVELS].sort());
    assert.ok(ai.LEVEL_SETTINGS.beginner.randomShare > 0 && ai.LEVEL_SETTINGS.beginner.randomShare < 1);
    assert.ok(ai.LEVEL_SETTINGS.advanced.timeMs > 0);
    for (const name of Object.keys(REVIEW_DEFAULTS)) assert.ok(ai.REVIEW[name] > 0, `${slug} REVIEW.${name}`);
    const state = engine.initialState();
    const { move } = ai.chooseMove(state, { level: "intermediate", random: () => 0.5, timeLimitMs: 200 });
    const texts = engine.legalMoves(state).map((m) => engine.formatMove(state, m));
    assert.ok(texts.includes(engine.formatMove(state, move)));
  });
}

// An AI module that keeps its engine's moves but says how it is reviewed, and records the
// time each search was given.
async function recordingAi(slug, review) {
  const ai = await loadAi(slug);
  const limits = [];
  return {
    limits,
    module: {
      REVIEW: review,
      chooseMove: (state, options) => {
        limits.push(options.timeLimitMs);
        return ai.chooseMove(state, options);
      },
    },
  };
}

test("the review and the analysis take their times from the game's AI module", async () => {
  const slug = "tic-tac-toe";
  const engine = await loadEngine(slug);
  const { module, limits } = await recordingAi(slug, { band: 1, positionMs: 77, analysisMs: 33 });
  const review = reviewGame({ engine, ai: module, moves: ["b2", "a1", "c3"] });
  assert.equal(review.timeLimitMs, 77);
  assert.ok(limits.length > 0 && limits.every((ms) => ms === 77), JSON.stringify(limits));
  limits.length = 0;
  const answer = await handleMessage(
    { type: "analyse", id: 2, slug, state: engine.dump(engine.initialState()) },
    { loadPlayer: async () => module },
  );
  assert.equal(answer.type, "analysis");
  assert.deepEqual(limits, [33]);
  // A module without REVIEW (written before it existed) gets the defaults.
  assert.equal(analysisMs({ chooseMove() {} }), REVIEW_DEFAULTS.analysisMs);
});

test("a game's band decides what a review marks", async () => {
  const slug = "nine-mens-morris";
  const { markFor } = await import("../../static/js/ai/review.js");
  const before = { score: 0, outcome: 0, exact: false };
  const after = { score: -120, outcome: -1, exact: false };
  const move = { before, after, text: "a1", best: "d1" };
  assert.equal(markFor((await recordingAi(slug, { band: 90 })).module, move).kind, "allowed-win");
  // A fall of 120 is less than a band of 200: no mark.
  assert.equal(markFor((await recordingAi(slug, { band: 200 })).module, move), null);
});

// The words of a text, lower case, apostrophes dropped ("Men's" -> "mens").
function words(text) {
  return text.toLowerCase().replaceAll("'", "").replaceAll("’", "").split(/[^a-z]+/).filter(Boolean);
}

function namesGame(text, slug) {
  const parts = slug.split("-");
  const list = words(text);
  return list.some((_, i) => parts.every((part, j) => list[i + j] === part));
}

test("the dispatching code names no game", () => {
  const files = [
    "static/js/ai/worker.js", "static/js/ai/review.js", "static/js/ai/search.js", "static/js/ai/client.js",
    "static/js/engines/index.js", "static/js/engines/morris-common.js", "static/js/play/analysis-line.js",
  ];
  for (const file of files) {
    const text = readFileSync(new URL(file, ROOT), "utf8");
    for (const slug of SLUGS) assert.ok(!namesGame(text, slug), `${file} names ${slug}`);
  }
  // The check itself sees a name written either way.
  assert.ok(namesGame("// Nine Men's Morris", "nine-mens-morris"));
  assert.ok(namesGame('import("./tic-tac-toe.js")', "tic-tac-toe"));
});
