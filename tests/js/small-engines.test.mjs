// Rules of the Tic-tac-toe, Three Men's Morris, Nine Men's Morris and Dara twins: the rules
// page's worked examples, each error code, the draw counters and the dump/load round trip.
// (tests/js/vectors.test.mjs replays the Python engines' games through the same twins.)
import assert from "node:assert/strict";
import { test } from "node:test";
import ttt from "../../static/js/engines/tic-tac-toe.js";
import tmm from "../../static/js/engines/three-mens-morris.js";
import nmm from "../../static/js/engines/nine-mens-morris.js";
import dara from "../../static/js/engines/dara.js";

function playAll(engine, state, texts) {
  for (const text of texts) state = engine.play(state, engine.parseMove(state, text));
  return state;
}
const texts = (engine, state) => engine.legalMoves(state).map((m) => engine.formatMove(state, m)).sort();
function throwsCode(fn, code) {
  assert.throws(fn, (error) => error.name === "EngineError" && error.code === code);
}
const tryText = (engine, state, text) => () => engine.play(state, engine.parseMove(state, text));
const placed = (slug, board, extra = {}) => ({
  game: slug, board, reserve: [0, 0], to_move: 0, quiet: 0, history: [], ...extra,
});

test("tic-tac-toe: the guide's example wins on the top row", () => {
  const start = ttt.initialState();
  const end = playAll(ttt, start, ["a1", "b2", "b1", "a3", "c1"]);
  assert.deepEqual(ttt.outcome(end), { winner: 0, reason: "line", cells: ["a1", "b1", "c1"] });
  assert.deepEqual(ttt.legalMoves(end), []);
  assert.equal(ttt.outcome(start), null, "the start position is untouched");
  assert.deepEqual(ttt.dump(end), { game: "tic-tac-toe", board: "xxx.o.o..", to_move: 1 });
  throwsCode(tryText(ttt, end, "c3"), "game-over");
});

test("tic-tac-toe: a full board without a line is a draw; errors carry codes", () => {
  const end = playAll(ttt, ttt.initialState(), ["a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"]);
  assert.deepEqual(ttt.outcome(end), { winner: null, reason: "full", cells: [] });
  const state = playAll(ttt, ttt.initialState(), ["B2"]);
  throwsCode(tryText(ttt, state, "b2"), "occupied");
  for (const bad of ["d1", "a4", "a1-a2", "a1xb1", "", " a1", "b"]) throwsCode(tryText(ttt, state, bad), "bad-notation");
  throwsCode(() => ttt.load({ game: "tic-tac-toe", board: "xxx......", to_move: 1 }), "bad-state");
  assert.deepEqual(ttt.dump(ttt.load(ttt.dump(state))), ttt.dump(state));
});

test("three men's morris: the guide's example, c2-c1 completes the top row", () => {
  const state = playAll(tmm, tmm.initialState(), ["a1", "a2", "b1", "a3", "c2", "b3"]);
  assert.deepEqual(texts(tmm, state), ["a1-b2", "b1-b2", "b1-c1", "c2-b2", "c2-c1", "c2-c3"]);
  const end = playAll(tmm, state, ["c2-c1"]);
  assert.deepEqual(tmm.outcome(end), { winner: 0, reason: "line", cells: ["a1", "b1", "c1"] });
});

test("three men's morris: diagonal steps only through the centre; phases; no captures", () => {
  const state = playAll(tmm, tmm.initialState(), ["a1", "a2", "b1", "a3", "c2", "b3"]);
  throwsCode(tryText(tmm, state, "b1-a2"), "not-adjacent"); // edge to edge diagonally
  throwsCode(tryText(tmm, state, "c2-a2"), "not-adjacent");
  throwsCode(tryText(tmm, state, "b1-a1"), "occupied");
  throwsCode(tryText(tmm, state, "a2-b2"), "not-your-piece");
  throwsCode(tryText(tmm, state, "b2"), "wrong-phase");
  throwsCode(tryText(tmm, tmm.initialState(), "a1-b2"), "wrong-phase");
  throwsCode(tryText(tmm, state, "c2-c1xa2"), "bad-notation");
});

test("three men's morris: a third occurrence of a position is a draw", () => {
  const shuffle = ["a1-a2", "b1-c1", "a2-a1", "c1-b1"];
  const state = playAll(tmm, tmm.initialState(), ["a1", "b1", "c2", "a3", "b3", "c3", ...shuffle, ...shuffle]);
  assert.deepEqual(tmm.outcome(state), { winner: null, reason: "repetition", cells: [] });
  assert.equal(tmm.dump(state).history.length, 8);
});

test("nine men's morris: the guide's example removes the only man outside a mill", () => {
  const state = playAll(nmm, nmm.initialState(), ["a1", "b6", "c3", "d6", "d1", "f6xc3", "e5", "g7"]);
  // Black holds the mill b6-d6-f6 and g7: g1 closes a1-d1-g1 and may only take g7.
  assert.deepEqual(texts(nmm, state).filter((t) => t.startsWith("g1")), ["g1xg7"]);
  throwsCode(tryText(nmm, state, "g1"), "capture-required");
  throwsCode(tryText(nmm, state, "g1xd6"), "capture-invalid");
  throwsCode(tryText(nmm, state, "g1xa1"), "capture-invalid");
  throwsCode(tryText(nmm, state, "g1xb2"), "capture-invalid");
  throwsCode(tryText(nmm, state, "a7xg7"), "capture-not-allowed");
  const after = playAll(nmm, state, ["g1xg7"]);
  assert.equal(nmm.toMove(after), 1);
  assert.deepEqual(nmm.dump(after).reserve, [4, 5]);
  assert.equal(nmm.dump(after).board.g7, undefined);
});

test("nine men's morris: a man in a mill may go once all are in mills; flying with three", () => {
  const state = nmm.load(placed("nine-mens-morris", {
    a1: "w", d1: "w", g4: "w", f4: "w", b2: "w", d2: "w",
    a7: "b", d7: "b", g7: "b",
  }));
  // g1 closes a1-d1-g1; every black man stands in the mill a7-d7-g7, so any may go.
  const closing = texts(nmm, state).filter((t) => t.startsWith("g4-g1"));
  assert.deepEqual(closing, ["g4-g1xa7", "g4-g1xd7", "g4-g1xg7"]);
  const after = playAll(nmm, state, ["g4-g1xd7"]);
  assert.deepEqual(nmm.outcome(after), { winner: 0, reason: "pieces", cells: [] });
  const flyer = nmm.load(placed("nine-mens-morris", {
    a1: "w", d1: "w", g4: "w", f4: "w",
    a7: "b", d7: "b", c4: "b",
  }, { to_move: 1 }));
  assert.ok(texts(nmm, flyer).includes("c4-g1"), "three men fly to any empty point");
  throwsCode(tryText(nmm, playAll(nmm, nmm.initialState(), ["a1", "d1"]), "a1-a4"), "wrong-phase");
  throwsCode(tryText(nmm, state, "a1-g1"), "not-adjacent");
  throwsCode(tryText(nmm, state, "a7-a4"), "not-your-piece");
  throwsCode(tryText(nmm, state, "a1-d1"), "occupied");
  throwsCode(tryText(nmm, state, "a1-a2"), "bad-notation");
});

test("nine men's morris: 100 moving actions without a capture draw", () => {
  let state = nmm.load(placed("nine-mens-morris", {
    a1: "w", b2: "w", c3: "w", g7: "w", a7: "b", b6: "b", c5: "b", g1: "b",
  }));
  const cycle = ["a1-d1", "a7-d7", "d1-a1", "d7-a7", "g7-g4", "g1-d1", "g4-g7", "d1-g1"];
  let moves = 0;
  while (!nmm.outcome(state)) {
    state = playAll(nmm, state, [cycle[moves % cycle.length]]);
    moves++;
  }
  assert.ok(moves <= 100);
  assert.equal(nmm.outcome(state).winner, null);
  assert.ok(["repetition", "move-limit"].includes(nmm.outcome(state).reason));
});

test("dara: the guide's example, c2-c1 then removing a4 wins on pieces", () => {
  const state = dara.load(placed("dara", { a1: "w", b1: "w", c2: "w", a4: "b", c4: "b", e4: "b" }));
  assert.deepEqual(texts(dara, state).filter((t) => t.startsWith("c2-c1")), ["c2-c1xa4", "c2-c1xc4", "c2-c1xe4"]);
  throwsCode(tryText(dara, state, "c2-c1"), "capture-required");
  throwsCode(tryText(dara, state, "c2-c1xb1"), "capture-invalid");
  throwsCode(tryText(dara, state, "c2-c3xa4"), "capture-not-allowed");
  throwsCode(tryText(dara, state, "c2-d3"), "not-adjacent");
  throwsCode(tryText(dara, state, "a4-a5"), "not-your-piece");
  throwsCode(tryText(dara, state, "d1"), "wrong-phase");
  throwsCode(tryText(dara, state, "c2-g9"), "bad-notation");
  const end = playAll(dara, state, ["c2-c1xa4"]);
  assert.deepEqual(dara.outcome(end), { winner: 0, reason: "pieces", cells: [] });
});

test("dara: three in a row is refused while placing, four always", () => {
  const state = playAll(dara, dara.initialState(), ["a1", "a5", "b1", "b5"]);
  throwsCode(tryText(dara, state, "c1"), "dara-three-in-placement");
  throwsCode(tryText(dara, state, "a1"), "occupied");
  throwsCode(tryText(dara, state, "a1-a2"), "wrong-phase");
  assert.ok(!texts(dara, state).includes("c1"));
  const moving = dara.load(placed("dara", { a1: "w", b1: "w", d1: "w", c2: "w", a5: "b", c5: "b", e5: "b" }));
  throwsCode(tryText(dara, moving, "c2-c1xa5"), "dara-four-line");
  assert.ok(!texts(dara, moving).some((t) => t.startsWith("c2-c1")));
});

test("dump and load round-trip mid-game states of every twin", () => {
  const games = [
    [ttt, ["a1", "b2"]],
    [tmm, ["a1", "a2", "b1", "a3", "c2", "b3", "c2-c3", "a2-b2"]],
    [nmm, ["a1", "b6", "c3", "d6", "d1", "f6xc3", "e5", "g7", "g1xg7"]],
    [dara, ["a1", "a5", "b1", "b5"]],
  ];
  for (const [engine, moves] of games) {
    const state = playAll(engine, engine.initialState(), moves);
    const copy = engine.load(JSON.parse(JSON.stringify(engine.dump(state))));
    assert.deepEqual(engine.dump(copy), engine.dump(state), engine.slug);
    assert.deepEqual(texts(engine, copy), texts(engine, state), engine.slug);
    throwsCode(() => engine.load({ ...engine.dump(state), to_move: 7 }), "bad-state");
    throwsCode(() => engine.load(null), "bad-state");
  }
});
