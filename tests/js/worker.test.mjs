// The AI worker's message protocol (handleMessage, run in node without a browser) and the
// page-side AiClient, driven through a stand-in Worker class.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SLUGS, loadEngine } from "../../static/js/engines/index.js";
import { handleMessage, seededRandom } from "../../static/js/ai/worker.js";
import { AiClient, AiError } from "../../static/js/ai/client.js";

const scoreFour = await loadEngine("score-four");

function request(fields = {}) {
  return {
    type: "search", id: 7, slug: "score-four", level: "intermediate",
    state: scoreFour.dump(scoreFour.initialState()), seed: 1, ...fields,
  };
}

function stateAfter(engine, texts) {
  let state = engine.initialState();
  for (const text of texts) state = engine.play(state, engine.parseMove(state, text));
  return state;
}

test("a search answers with the move in notation, the same id and the stats", async () => {
  const answer = await handleMessage(request());
  assert.equal(answer.type, "result");
  assert.equal(answer.id, 7);
  const state = scoreFour.initialState();
  assert.ok(scoreFour.legalMoves(state).map((m) => scoreFour.formatMove(state, m)).includes(answer.move));
  for (const key of ["depth", "nodes", "ms", "randomMove"]) assert.ok(key in answer.stats, key);
});

test("the worker plays the forced reply from a dumped position", async () => {
  const state = stateAfter(scoreFour, ["A1", "A2", "B1", "B2", "C1"]);
  for (const level of ["intermediate", "advanced"]) {
    const answer = await handleMessage(request({ state: scoreFour.dump(state), level }));
    assert.equal(answer.move, "D1");
  }
});

test("a seed makes the answer repeatable", async () => {
  const answers = [];
  for (let i = 0; i < 2; i++) {
    const moves = [];
    for (let ply = 0; ply < 6; ply++) {
      const answer = await handleMessage(request({ level: "beginner", seed: 40 + ply }));
      moves.push(answer.move);
    }
    answers.push(moves);
  }
  assert.deepEqual(answers[0], answers[1]);
  const random = seededRandom(3);
  const again = seededRandom(3);
  for (let i = 0; i < 5; i++) {
    const value = random();
    assert.ok(value >= 0 && value < 1);
    assert.equal(value, again());
  }
});

test("bad requests answer with an error code and the request id", async () => {
  const over = stateAfter(scoreFour, ["A1", "B1", "A1", "B1", "A1", "B1", "A1"]);
  const cases = [
    [null, "bad-request"],
    ["search", "bad-request"],
    [request({ type: "think" }), "bad-request"],
    [request({ slug: "chess" }), "unknown-game"],
    [request({ slug: undefined }), "unknown-game"],
    [request({ state: { game: "score-four", pegs: [], to_move: 0 } }), "bad-state"],
    [request({ state: undefined }), "bad-state"],
    [request({ level: "grandmaster" }), "bad-level"],
    [request({ seed: 1.5 }), "bad-request"],
    [request({ timeLimitMs: -3 }), "bad-request"],
    [request({ state: scoreFour.dump(over) }), "game-over"],
  ];
  for (const [message, code] of cases) {
    const answer = await handleMessage(message);
    assert.equal(answer.type, "error", JSON.stringify(message));
    assert.equal(answer.code, code, JSON.stringify(message));
    assert.equal(typeof answer.message, "string");
    assert.equal(answer.id, message !== null && typeof message === "object" ? message.id : undefined);
  }
});

test("an AI that throws something unexpected becomes an internal error", async () => {
  const answer = await handleMessage(request(), {
    loadPlayer: async () => ({ chooseMove() { throw new TypeError("boom"); } }),
  });
  assert.deepEqual(answer, { type: "error", id: 7, code: "internal", message: "boom" });
});

test("timeLimitMs reaches the AI", async () => {
  const started = performance.now();
  const answer = await handleMessage(request({ level: "advanced", timeLimitMs: 120 }));
  assert.equal(answer.type, "result");
  assert.ok(performance.now() - started < 600);
});

// Every game's AI answers a search from its initial position.
for (const slug of SLUGS) {
  test(`the worker serves ${slug}`, async () => {
    const engine = await loadEngine(slug);
    const state = engine.initialState();
    const answer = await handleMessage({
      type: "search", id: slug, slug, state: engine.dump(state), level: "beginner", seed: 5,
    });
    assert.equal(answer.type, "result", JSON.stringify(answer));
    assert.ok(engine.legalMoves(state).map((m) => engine.formatMove(state, m)).includes(answer.move));
  });
}

// A stand-in for the browser's Worker: runs handleMessage on the next turn of the event loop,
// and can hold answers back to let a test cancel a search that is still running.
class FakeWorker {
  static created = [];

  constructor(url, options) {
    this.url = url;
    this.options = options;
    this.terminated = false;
    this.hold = false;
    this.held = [];
    FakeWorker.created.push(this);
  }

  postMessage(message) {
    const copy = structuredClone(message);
    setTimeout(async () => {
      const answer = await handleMessage(copy);
      if (this.terminated) return;
      if (this.hold) this.held.push(answer);
      else this.onmessage({ data: answer });
    }, 0);
  }

  terminate() {
    this.terminated = true;
  }
}

test("AiClient resolves a search with the move and stats", async () => {
  FakeWorker.created = [];
  const ai = new AiClient("/static/js/ai/worker.js", { WorkerClass: FakeWorker });
  const { move, stats } = await ai.search(request({ type: undefined, id: undefined }));
  assert.match(move, /^[A-D][1-4]$/);
  assert.equal(typeof stats.nodes, "number");
  assert.equal(FakeWorker.created.length, 1);
  assert.deepEqual(FakeWorker.created[0].options, { type: "module" });
  assert.equal(ai.busy, false);
});

test("AiClient rejects an engine error with its code", async () => {
  const ai = new AiClient("w.js", { WorkerClass: FakeWorker });
  await assert.rejects(ai.search(request({ level: "nope" })), (error) => error instanceof AiError && error.code === "bad-level");
});

test("cancel rejects pending searches with an AbortError and starts a fresh worker next time", async () => {
  FakeWorker.created = [];
  const ai = new AiClient("w.js", { WorkerClass: FakeWorker });
  const first = ai.search(request());
  FakeWorker.created[0].hold = true;
  assert.equal(ai.busy, true);
  ai.cancel();
  await assert.rejects(first, (error) => error.name === "AbortError");
  assert.equal(FakeWorker.created[0].terminated, true);
  assert.equal(ai.busy, false);
  const second = await ai.search(request());
  assert.match(second.move, /^[A-D][1-4]$/);
  assert.equal(FakeWorker.created.length, 2);
});

test("an AbortSignal cancels a search", async () => {
  const ai = new AiClient("w.js", { WorkerClass: FakeWorker });
  const controller = new AbortController();
  const pending = ai.search({ ...request(), signal: controller.signal });
  controller.abort();
  await assert.rejects(pending, (error) => error.name === "AbortError");
  await assert.rejects(ai.search({ ...request(), signal: controller.signal }), (error) => error.name === "AbortError");
});

test("a worker failure rejects pending searches", async () => {
  FakeWorker.created = [];
  const ai = new AiClient("w.js", { WorkerClass: FakeWorker });
  const pending = ai.search(request());
  FakeWorker.created[0].hold = true;
  FakeWorker.created[0].onerror({ message: "module failed to load", preventDefault() {} });
  await assert.rejects(pending, (error) => error.code === "worker-failed");
});

test("aborting after a search finished does not cancel the next one", async () => {
  const ai = new AiClient("w.js", { WorkerClass: FakeWorker });
  const controller = new AbortController();
  await ai.search({ ...request(), signal: controller.signal });
  const next = ai.search(request());
  controller.abort();
  const { move } = await next;
  assert.match(move, /^[A-D][1-4]$/);
});
