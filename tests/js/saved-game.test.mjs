// A local game kept in the browser (static/js/play/saved-game.js) and picked up again with
// GameSession.resume: real engines, real sessions, and a Storage kept in a Map (Node has no
// localStorage) that can also refuse writes like a browser with storage switched off.
import assert from "node:assert/strict";
import { test } from "node:test";

import dara from "../../static/js/engines/dara.js";
import scoreFour from "../../static/js/engines/score-four.js";
import { GameSession } from "../../static/js/play/session.js";
import { KEEP_DAYS, forgetGame, loadGame, saveGame } from "../../static/js/play/saved-game.js";

class MapStorage {
  constructor({ refuse = false } = {}) {
    this.items = new Map();
    this.refuse = refuse;
  }

  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) {
    if (this.refuse) throw new Error("QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key) { this.items.delete(key); }
}

const KEY = "little-table:game:score-four";
const neverAnswers = { search: () => new Promise(() => {}), cancel() {} };

function localGame(moves, engine = scoreFour) {
  const session = new GameSession({ engine, ai: neverAnswers });
  session.start({ mode: "local" });
  for (const text of moves) session.play(text);
  return session;
}

test("a local game survives: saved after a move, loaded, resumed to the same position", () => {
  const storage = new MapStorage();
  const session = localGame(["A1", "b2", "A1"]);
  saveGame(storage, "score-four", session, 1000);
  const saved = loadGame(storage, scoreFour, 2000);
  assert.deepEqual(saved, { mode: "local", level: null, humanSide: 0, moves: ["A1", "B2", "A1"], savedAt: 1000 });
  const again = new GameSession({ engine: scoreFour });
  const causes = [];
  again.addEventListener("change", (event) => causes.push(event.detail.cause));
  again.resume(saved);
  assert.deepEqual(again.moves, session.moves);
  assert.deepEqual(scoreFour.dump(again.state), scoreFour.dump(session.state));
  assert.equal(again.mode, "local");
  assert.deepEqual(causes, ["resume"]);
  again.undo(); // the resumed history is a real one
  assert.equal(again.moves.length, 2);
});

test("a game against the AI keeps its level and side, and the AI answers on resume", () => {
  const storage = new MapStorage();
  const asked = [];
  const ai = { search: (request) => { asked.push(request); return new Promise(() => {}); }, cancel() {} };
  const session = new GameSession({ engine: scoreFour, ai });
  session.start({ mode: "ai", level: "advanced", humanSide: 1 }); // the AI opens
  assert.equal(asked.length, 1);
  saveGame(storage, "score-four", session);
  assert.equal(storage.getItem(KEY), null, "nothing to keep before the first move");
  const resumed = new GameSession({ engine: scoreFour, ai });
  resumed.resume({ mode: "ai", level: "advanced", humanSide: 1, moves: ["C3"] });
  assert.equal(resumed.canPlay(), true, "the human (black) is to move after white's C3");
  saveGame(storage, "score-four", resumed);
  const saved = loadGame(storage, scoreFour);
  assert.equal(saved.level, "advanced");
  assert.equal(saved.humanSide, 1);
  const third = new GameSession({ engine: scoreFour, ai });
  third.resume({ ...saved, moves: ["C3", "C3"] });
  assert.equal(third.thinking, true, "white (the AI) is to move: it is asked at once");
  assert.equal(asked.length, 2);
});

test("finished, abandoned, stale, tampered or illegal games are forgotten", () => {
  const storage = new MapStorage();
  const win = localGame(["A1", "A2", "B1", "B2", "C1", "C2", "D1"]);
  saveGame(storage, "score-four", localGame(["A1"]));
  saveGame(storage, "score-four", win);
  assert.equal(storage.getItem(KEY), null, "a finished game is not kept");
  const stopped = localGame(["A1"]);
  saveGame(storage, "score-four", stopped);
  stopped.stop();
  saveGame(storage, "score-four", stopped);
  assert.equal(storage.getItem(KEY), null, "choosing another mode abandons the game");

  saveGame(storage, "score-four", localGame(["A1"]), 0);
  assert.equal(loadGame(storage, scoreFour, (KEEP_DAYS + 1) * 86_400_000), null);
  assert.equal(storage.getItem(KEY), null, "a stale game is removed");

  const entry = (fields) => JSON.stringify({ v: 1, mode: "local", moves: ["A1"], savedAt: 5, ...fields });
  for (const bad of [
    "{not json", "null", entry({ v: 2 }), entry({ mode: "friend" }), entry({ moves: [] }),
    entry({ moves: ["A1", "Z9"] }), entry({ moves: "A1" }), entry({ moves: [7] }),
    entry({ mode: "ai", level: "expert", humanSide: 0 }), entry({ mode: "ai", level: "beginner", humanSide: 2 }),
    entry({ moves: ["A1", "A2", "B1", "B2", "C1", "C2", "D1"] }), entry({ savedAt: "5" }),
    entry({ moves: ["A1".repeat(20)] }),
  ]) {
    storage.setItem(KEY, bad);
    assert.equal(loadGame(storage, scoreFour, 10), null, bad);
    assert.equal(storage.getItem(KEY), null, `forgotten: ${bad}`);
  }
});

test("resume refuses an illegal move list and leaves the session as it was", () => {
  const session = localGame(["B2"]);
  const before = session.state;
  assert.throws(() => session.resume({ mode: "local", moves: ["A1", "A1", "A1", "A1", "A1"] }), { code: "peg-full" });
  assert.throws(() => session.resume({ mode: "online", moves: [] }), { code: "bad-mode" });
  assert.equal(session.state, before);
  assert.deepEqual(session.moves.map((m) => m.text), ["B2"]);
});

test("each game has its own entry; storage that refuses writes breaks nothing", () => {
  const storage = new MapStorage();
  const daraGame = localGame(["a1", "f5"], dara);
  saveGame(storage, "dara", daraGame);
  saveGame(storage, "score-four", localGame(["D4"]));
  assert.deepEqual(loadGame(storage, dara).moves, ["a1", "f5"]);
  assert.deepEqual(loadGame(storage, scoreFour).moves, ["D4"]);
  forgetGame(storage, "dara");
  assert.equal(loadGame(storage, dara), null);
  const refusing = new MapStorage({ refuse: true });
  saveGame(refusing, "dara", daraGame);
  assert.equal(loadGame(refusing, dara), null);
  assert.equal(loadGame(null, dara), null);
  saveGame(undefined, "dara", daraGame);
});
