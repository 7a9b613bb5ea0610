// GameSession (static/js/play/session.js) with the real Score Four engine and the real AI,
// answered in-process through the worker's handleMessage with a seed, so games repeat.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadEngine } from "../../static/js/engines/index.js";
import { handleMessage } from "../../static/js/ai/worker.js";
import { GameSession } from "../../static/js/play/session.js";

const engine = await loadEngine("score-four");

// The AiClient interface (search, cancel) without a Worker. `hold` keeps answers back until
// release(), to test what happens while the AI is thinking.
class InProcessAi {
  constructor({ hold = false, fail = null } = {}) {
    this.hold = hold;
    this.fail = fail;
    this.cancels = 0;
    this.requests = [];
    this.waiting = [];
  }

  search(request) {
    this.requests.push(request);
    if (this.fail) return Promise.reject(this.fail);
    const answer = () => handleMessage({ type: "search", id: 1, ...request }).then((reply) => {
      if (reply.type !== "result") throw new Error(reply.message);
      return { move: reply.move, stats: reply.stats };
    });
    if (!this.hold) return answer();
    return new Promise((resolve, reject) => {
      this.waiting.push(() => answer().then(resolve, reject));
    });
  }

  release() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const go of waiting) go();
  }

  cancel() {
    this.cancels += 1;
  }
}

function session(aiOptions) {
  const ai = new InProcessAi(aiOptions);
  const s = new GameSession({ engine, slug: "score-four", ai, seed: (ply) => 1000 + ply });
  const changes = [];
  s.addEventListener("change", (event) => changes.push(event.detail));
  return { s, ai, changes };
}

// Resolves once the AI has answered (the session is no longer thinking).
function aiAnswered(s) {
  return new Promise((resolve) => {
    const check = () => {
      if (!s.thinking) {
        s.removeEventListener("change", check);
        resolve();
      }
    };
    s.addEventListener("change", check);
  });
}

test("two players on one device alternate and undo takes back one move", () => {
  const { s, changes } = session();
  s.start({ mode: "local" });
  assert.equal(s.mode, "local");
  assert.ok(s.canPlay());
  s.play("b2");
  s.play("B2");
  assert.deepEqual(s.moves, [{ text: "B2", player: 0 }, { text: "B2", player: 1 }]);
  assert.deepEqual(engine.dump(s.state).pegs[5], "wb");
  s.undo();
  assert.deepEqual(s.moves, [{ text: "B2", player: 0 }]);
  assert.equal(engine.toMove(s.state), 1);
  assert.deepEqual(changes.map((c) => c.cause), ["start", "play", "play", "undo"]);
  assert.deepEqual(changes.at(-1).lastMove, { text: "B2", player: 0 });
});

test("a local game ends in a win; play after the end is refused and nothing changes", () => {
  const { s, changes } = session();
  s.start({ mode: "local" });
  for (const text of ["A1", "A2", "B1", "B2", "C1", "C2", "D1"]) s.play(text);
  assert.equal(s.outcome.winner, 0);
  assert.deepEqual(s.outcome.cells, ["A1/1", "B1/1", "C1/1", "D1/1"]);
  assert.equal(changes.at(-1).outcome.reason, "line");
  assert.equal(s.canPlay(), false);
  const before = s.state;
  assert.throws(() => s.play("D2"), { code: "game-over" });
  assert.equal(s.state, before);
  s.undo(); // a finished local game can still be taken back
  assert.equal(s.outcome, null);
  assert.equal(s.moves.length, 6);
});

test("engine errors keep the state and the move list", () => {
  const { s, changes } = session();
  s.start({ mode: "local" });
  for (let i = 0; i < 4; i++) s.play("C3");
  const before = s.state;
  const count = changes.length;
  assert.throws(() => s.play("C3"), { name: "EngineError", code: "peg-full" });
  assert.throws(() => s.play("E9"), { name: "EngineError", code: "bad-notation" });
  assert.equal(s.state, before);
  assert.equal(s.moves.length, 4);
  assert.equal(changes.length, count, "no change event for a refused move");
});

test("session errors: no game, bad mode or level, nothing to undo", () => {
  const { s } = session();
  assert.throws(() => s.play("A1"), { code: "no-game" });
  assert.throws(() => s.undo(), { code: "no-game" });
  assert.throws(() => s.start({ mode: "online" }), { code: "bad-mode" });
  assert.throws(() => s.start({ mode: "ai", level: "expert" }), { code: "bad-level" });
  assert.throws(() => s.start({ mode: "ai", level: "beginner", humanSide: 2 }), { code: "bad-side" });
  assert.equal(s.mode, null);
  s.start({ mode: "local" });
  assert.throws(() => s.undo(), { code: "nothing-to-undo" });
  const noAi = new GameSession({ engine });
  assert.throws(() => noAi.start({ mode: "ai", level: "beginner" }), { code: "no-ai" });
});

test("against the AI, the AI answers each human move with a legal move of its own", async () => {
  const { s, ai } = session();
  s.start({ mode: "ai", level: "beginner", humanSide: 0 });
  assert.ok(s.canPlay());
  s.play("A1");
  assert.equal(s.thinking, true);
  assert.equal(s.canPlay(), false);
  assert.throws(() => s.play("B1"), { code: "not-your-turn" });
  await aiAnswered(s);
  assert.equal(s.moves.length, 2);
  assert.equal(s.moves[1].player, 1);
  assert.equal(engine.toMove(s.state), 0);
  assert.deepEqual(ai.requests[0], {
    slug: "score-four", state: engine.dump(s.history[1]), level: "beginner", seed: 1001,
  });
});

test("a seeded AI repeats its game", async () => {
  const games = [];
  for (let i = 0; i < 2; i++) {
    const { s } = session();
    s.start({ mode: "ai", level: "beginner", humanSide: 0 });
    for (const text of ["A1", "B2", "C3"]) {
      s.play(text);
      await aiAnswered(s);
    }
    games.push(s.moves.map((m) => m.text).join(" "));
  }
  assert.equal(games[0], games[1]);
});

test("undo against the AI goes back to the human's previous turn", async () => {
  const { s } = session();
  s.start({ mode: "ai", level: "beginner", humanSide: 0 });
  s.play("A1");
  await aiAnswered(s);
  s.play("B1");
  await aiAnswered(s);
  assert.equal(s.moves.length, 4);
  s.undo();
  assert.equal(s.moves.length, 2);
  assert.equal(engine.toMove(s.state), 0);
  assert.ok(s.canPlay());
  s.undo();
  assert.equal(s.moves.length, 0);
  assert.equal(s.canUndo(), false);
});

test("undo while the AI thinks cancels the search and ignores its late answer", async () => {
  const { s, ai } = session({ hold: true });
  s.start({ mode: "ai", level: "beginner", humanSide: 0 });
  s.play("A1");
  assert.equal(s.thinking, true);
  s.undo();
  assert.equal(ai.cancels, 1);
  assert.equal(s.thinking, false);
  assert.equal(s.moves.length, 0);
  ai.release();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(s.moves.length, 0, "the cancelled answer was not played");
  assert.ok(s.canPlay());
});

test("starting as black: the AI moves first, and undo keeps its opening move", async () => {
  const { s } = session();
  s.start({ mode: "ai", level: "intermediate", humanSide: 1 });
  assert.equal(s.thinking, true);
  assert.equal(s.canUndo(), false);
  await aiAnswered(s);
  assert.equal(s.moves.length, 1);
  assert.equal(s.moves[0].player, 0);
  const opening = s.moves[0].text;
  s.play(opening === "A1" ? "D4" : "A1");
  await aiAnswered(s);
  s.undo();
  assert.deepEqual(s.moves.map((m) => m.text), [opening]);
  assert.ok(s.canPlay());
});

test("restart keeps the mode and starts again; stop cancels and clears the mode", async () => {
  const { s, ai, changes } = session({ hold: true });
  s.start({ mode: "ai", level: "intermediate", humanSide: 0 });
  s.play("B2");
  s.restart();
  assert.equal(ai.cancels, 1);
  assert.equal(s.moves.length, 0);
  assert.equal(s.mode, "ai");
  assert.equal(s.level, "intermediate");
  assert.ok(s.canPlay());
  s.play("C2");
  s.stop();
  assert.equal(ai.cancels, 2);
  assert.equal(s.mode, null);
  assert.equal(s.canPlay(), false);
  assert.equal(changes.at(-1).cause, "stop");
  ai.release();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(s.moves.length, 0);
});

test("an AI failure is an error event; the state stays and the AI can be asked again", async () => {
  const failure = Object.assign(new Error("worker died"), { code: "worker-failed" });
  const { s, ai } = session({ fail: failure });
  const errors = [];
  s.addEventListener("error", (event) => errors.push(event.detail.error));
  s.start({ mode: "ai", level: "beginner", humanSide: 0 });
  s.play("A1");
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(errors, [failure]);
  assert.equal(s.thinking, false);
  assert.equal(s.moves.length, 1);
  ai.fail = null;
  s.retryAi();
  await aiAnswered(s);
  assert.equal(s.moves.length, 2);
});
