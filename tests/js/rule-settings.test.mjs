// A game's rule settings (registry `variants`, Gomoku's free-style, exact five and Renju) carried
// through everything that starts a game again from its first position: the session (start,
// again, resume), the saved game, the review in the worker, the statistics; and the board
// facts built for a dense board: the engine's winning points for the threat line.
import assert from "node:assert/strict";
import { test } from "node:test";

import gomoku from "../../static/js/engines/gomoku.js";
import scoreFour from "../../static/js/engines/score-four.js";
import { GAMES } from "../../static/js/games/registry.js";
import { handleMessage } from "../../static/js/ai/worker.js";
import { replay } from "../../static/js/ai/review.js";
import { threatPoints } from "../../static/js/board2d/threats.js";
import { gameFields } from "../../static/js/play/game-reports.js";
import { loadGame, saveGame } from "../../static/js/play/saved-game.js";
import { GameSession } from "../../static/js/play/session.js";
import { PageTracker } from "../../static/js/stats/tracker.js";

class MapStorage {
  constructor() { this.items = new Map(); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
}

const neverAnswers = { search: () => new Promise(() => {}), cancel() {} };
// Black's K8 would be a double three under Renju (tests/e2e/test_gomoku.py plays it too).
const BEFORE_K8 = ["I8", "A1", "J8", "A3", "K10", "A5", "K9", "A7"];

test("the registry lists the rule settings, default first; a game with one rule has none", () => {
  assert.deepEqual(GAMES.gomoku.variants, ["freestyle", "exact-five", "renju"]);
  assert.equal(GAMES["score-four"].variants, undefined);
});

test("a session starts under the chosen rule, keeps it for Again and refuses another game's", () => {
  const session = new GameSession({ engine: gomoku, ai: neverAnswers });
  assert.equal(session.variant, "freestyle");
  assert.equal(session.state.rule, "freestyle");
  session.start({ mode: "local", variant: "renju" });
  assert.equal(session.state.rule, "renju");
  for (const text of BEFORE_K8) session.play(text);
  assert.throws(() => session.play("K8"), (error) => error.code === "renju-double-three");
  session.restart();
  assert.equal(session.state.rule, "renju");
  assert.equal(session.moves.length, 0);
  assert.throws(() => session.start({ mode: "local", variant: "chess" }), (error) => {
    assert.equal(error.code, "bad-variant");
    assert.ok(!error.message.includes("chess"));
    return true;
  });
  assert.equal(session.state.rule, "renju", "a refused start changes nothing");
  session.start({ mode: "local" }); // no choice: the default
  assert.equal(session.variant, "freestyle");
  const plain = new GameSession({ engine: scoreFour, ai: neverAnswers });
  assert.equal(plain.variant, "");
  assert.throws(() => plain.start({ mode: "local", variant: "renju" }), (e) => e.code === "bad-variant");
});

test("a saved game keeps its rule and comes back under it; a rule not the game's is dropped", () => {
  const storage = new MapStorage();
  const session = new GameSession({ engine: gomoku, ai: neverAnswers });
  session.start({ mode: "local", variant: "exact-five" });
  for (const text of ["H8", "A1", "I8"]) session.play(text);
  saveGame(storage, "gomoku", session, 1000);
  const saved = loadGame(storage, gomoku, 2000);
  assert.equal(saved.variant, "exact-five");
  const again = new GameSession({ engine: gomoku, ai: neverAnswers });
  again.resume(saved);
  assert.equal(again.state.rule, "exact-five");
  assert.equal(again.moves.length, 3);
  // Renju's forbidden K8 replayed under Renju: the saved game is unplayable, so forgotten.
  const entry = { v: 1, mode: "local", level: null, humanSide: 0, variant: "renju",
    moves: [...BEFORE_K8, "K8"], savedAt: 1000 };
  storage.setItem("little-table:game:gomoku", JSON.stringify(entry));
  assert.equal(loadGame(storage, gomoku, 2000), null);
  // The same moves under free-style are a game.
  storage.setItem("little-table:game:gomoku", JSON.stringify({ ...entry, variant: "freestyle" }));
  assert.equal(loadGame(storage, gomoku, 2000).variant, "freestyle");
  for (const variant of ["chess", 7, "x".repeat(100)]) {
    storage.setItem("little-table:game:gomoku", JSON.stringify({ ...entry, variant }));
    assert.equal(loadGame(storage, gomoku, 2000), null, String(variant));
  }
  // A game with one rule saved with a rule setting is not this site's record: dropped.
  const four = { v: 1, mode: "local", level: null, humanSide: 0, variant: "renju", moves: ["A1"], savedAt: 1000 };
  storage.setItem("little-table:game:score-four", JSON.stringify(four));
  assert.equal(loadGame(storage, scoreFour, 2000), null);
});

test("the review replays the game under its rule; the worker refuses a rule that is not text", async () => {
  assert.equal(replay(gomoku, [...BEFORE_K8, "K8"]).length, 10); // free-style: K8 is legal
  assert.throws(() => replay(gomoku, [...BEFORE_K8, "K8"], "renju"), (e) => e.code === "renju-double-three");
  assert.equal(replay(gomoku, BEFORE_K8, "renju").at(-1).rule, "renju");
  const refused = await handleMessage({ type: "review", id: 1, slug: "gomoku", moves: [], variant: 3 });
  assert.equal(refused.code, "bad-request");
  const unknown = await handleMessage({ type: "review", id: 2, slug: "gomoku", moves: [], variant: "go" });
  assert.equal(unknown.code, "bad-rule");
  assert.ok(!unknown.message.includes("\"go\""));
});

test("statistics carry the rule of a game that has one, and only a known rule", () => {
  const session = new GameSession({ engine: gomoku, ai: neverAnswers });
  session.start({ mode: "local", variant: "renju" });
  assert.deepEqual(gameFields(session, "gomoku"), { game: "gomoku", mode: "local", rule: "renju" });
  const plain = new GameSession({ engine: scoreFour, ai: neverAnswers });
  plain.start({ mode: "local" });
  assert.deepEqual(gameFields(plain, "score-four"), { game: "score-four", mode: "local" });
  const tracker = new PageTracker({ now: () => 0 });
  const [[, start]] = tracker.gameStart({ game: "gomoku", mode: "local", rule: "renju" });
  assert.equal(start.rule, "renju");
  const [[, end]] = tracker.gameEnd({ game: "gomoku", mode: "local", winner: 0, moves: 9 });
  assert.equal(end.rule, "renju");
  const [[, other]] = tracker.gameStart({ game: "gomoku", mode: "local", rule: "nonsense" });
  assert.equal("rule" in other, false);
});

test("the threat line asks the engine for its winning points, under the game's rule", () => {
  let state = gomoku.initialState("exact-five");
  for (const text of ["H8", "A1", "I8", "A3", "J8", "A5", "K8", "A7", "M8"]) {
    state = gomoku.play(state, gomoku.parseMove(state, text));
  }
  // G8 makes five (G8-K8); L8 would make six, no win under exact five; free-style both.
  assert.deepEqual(threatPoints(gomoku, gomoku.dump(state), 0), ["G8"]);
  const free = gomoku.load({ ...gomoku.dump(state), rule: "freestyle" });
  assert.deepEqual(gomoku.winningPoints(free, 0), ["G8", "L8"]);
  assert.deepEqual(gomoku.winningPoints(free, 1), []);
});
