// The pure parts of the 2D play page: building a move point by point from the engines' legal
// moves (static/js/board2d/intents.js), the status facts read from dump()
// (static/js/board2d/status.js) and the keyboard geometry (static/js/board2d/geometry.js);
// board2d-view.test.mjs has the shared view (view.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import dara from "../../static/js/engines/dara.js";
import nineMensMorris from "../../static/js/engines/nine-mens-morris.js";
import threeMensMorris from "../../static/js/engines/three-mens-morris.js";
import ticTacToe from "../../static/js/engines/tic-tac-toe.js";
import { layoutFor, neighbourInDirection } from "../../static/js/board2d/geometry.js";
import { IDLE, back, choose, highlights, splitMove, stageOf } from "../../static/js/board2d/intents.js";
import { describe, gameInfo, occupancy } from "../../static/js/board2d/status.js";

function playAll(engine, texts, state = engine.initialState()) {
  for (const text of texts) state = engine.play(state, engine.parseMove(state, text));
  return state;
}

// The context choose() needs, built from an engine position the way page.js builds it.
function contextOf(engine, state) {
  const dump = engine.dump(state);
  const owners = occupancy(engine.slug, dump);
  return {
    moves: engine.legalMoves(state).map((m) => engine.formatMove(state, m)),
    placing: describe(engine.slug, dump).phase === "placing",
    owner: (p) => (owners.has(p) ? owners.get(p) : null),
    player: engine.toMove(state),
    movement: gameInfo(engine.slug).movement,
  };
}

// Clicks points in order from IDLE; returns every result.
function clicks(engine, state, points) {
  const ctx = contextOf(engine, state);
  let pending = IDLE;
  return points.map((point) => {
    const result = choose(ctx, pending, point);
    if (result.kind !== "play") pending = result.pending;
    return result;
  });
}

function refusalCode(engine, state, attempt) {
  try {
    engine.play(state, engine.parseMove(state, attempt));
  } catch (error) {
    return error.code;
  }
  return null;
}

test("splitMove reads placements, steps and captures", () => {
  assert.deepEqual(splitMove("b2"), { from: null, to: "b2", capture: null });
  assert.deepEqual(splitMove("a1-a4xg7"), { from: "a1", to: "a4", capture: "g7" });
  assert.deepEqual(splitMove("b2xd7"), { from: null, to: "b2", capture: "d7" });
  assert.throws(() => splitMove("a1-"), /not a board move/);
});

test("a Tic-tac-toe placement is one click; a taken square is refused as occupied", () => {
  const state = playAll(ticTacToe, ["a1"]);
  const [played] = clicks(ticTacToe, state, ["b2"]);
  assert.deepEqual(played, { kind: "play", move: "b2" });
  const [refused] = clicks(ticTacToe, state, ["a1"]);
  assert.equal(refused.kind, "refuse");
  assert.equal(refusalCode(ticTacToe, state, refused.attempt), "occupied");
});

test("Three Men's Morris: select, see the destinations, move; a corner diagonal is not-adjacent", () => {
  const state = playAll(threeMensMorris, ["a1", "a2", "b1", "a3", "c2", "b3"]);
  const start = highlights(contextOf(threeMensMorris, state).moves, IDLE);
  assert.deepEqual([...start.selectable].sort(), ["a1", "b1", "c2"]);
  const [selected, moved] = clicks(threeMensMorris, state, ["c2", "c1"]);
  assert.deepEqual(selected, { kind: "pending", pending: { from: "c2", to: null } });
  assert.deepEqual(moved, { kind: "play", move: "c2-c1" });
  const marks = highlights(contextOf(threeMensMorris, state).moves, selected.pending);
  assert.deepEqual([...marks.destinations].sort(), ["b2", "c1", "c3"]);
  // Choosing another own piece moves the selection instead of refusing.
  const [, reselected] = clicks(threeMensMorris, state, ["c2", "b1"]);
  assert.deepEqual(reselected, { kind: "pending", pending: { from: "b1", to: null } });
  // A diagonal step that touches the centre is a move; one between two edge points is not.
  const corner = playAll(threeMensMorris, ["b1", "a2", "c2", "a3", "c3", "b3"]);
  assert.deepEqual(clicks(threeMensMorris, corner, ["c3", "b2"])[1], { kind: "play", move: "c3-b2" });
  const moving = playAll(threeMensMorris, ["a1", "c1", "a2", "c2", "c3", "b3"]);
  const [, far] = clicks(threeMensMorris, moving, ["a2", "b1"]);
  assert.equal(far.kind, "refuse");
  assert.equal(far.attempt, "a2-b1");
  assert.equal(refusalCode(threeMensMorris, moving, far.attempt), "not-adjacent");
});

test("moving during placement and placing during movement are wrong-phase", () => {
  const placing = playAll(threeMensMorris, ["a1", "a2"]);
  const [ownPiece] = clicks(threeMensMorris, placing, ["a1"]);
  assert.equal(ownPiece.kind, "refuse");
  assert.equal(refusalCode(threeMensMorris, placing, ownPiece.attempt), "wrong-phase");
  const moving = playAll(threeMensMorris, ["a1", "a2", "b1", "a3", "c2", "b3"]);
  const [emptyPoint] = clicks(threeMensMorris, moving, ["c3"]);
  assert.equal(refusalCode(threeMensMorris, moving, emptyPoint.attempt), "wrong-phase");
  const [enemy] = clicks(threeMensMorris, moving, ["a2"]);
  assert.equal(refusalCode(threeMensMorris, moving, enemy.attempt), "not-your-piece");
});

test("Nine Men's Morris: a mill waits for the capture; a protected piece is refused", () => {
  // The rules page's example: white a1, d1; black c5 d5 e5 (a mill) and g7.
  const state = nineMensMorris.load({
    game: "nine-mens-morris",
    board: { a1: "w", d1: "w", c5: "b", d5: "b", e5: "b", g7: "b" },
    reserve: [5, 5], to_move: 0, quiet: 0, history: [],
  });
  const ctx = contextOf(nineMensMorris, state);
  const placed = choose(ctx, IDLE, "g1");
  assert.deepEqual(placed, { kind: "pending", pending: { from: null, to: "g1" } });
  assert.equal(stageOf(placed.pending), "capture");
  const marks = highlights(ctx.moves, placed.pending);
  assert.deepEqual([...marks.removable], ["g7"]);
  const protectedChoice = choose(ctx, placed.pending, "d5");
  assert.equal(protectedChoice.kind, "refuse");
  assert.equal(protectedChoice.attempt, "g1xd5");
  assert.equal(refusalCode(nineMensMorris, state, protectedChoice.attempt), "capture-invalid");
  const own = choose(ctx, placed.pending, "a1");
  assert.equal(refusalCode(nineMensMorris, state, own.attempt), "capture-invalid");
  assert.deepEqual(choose(ctx, placed.pending, "g7"), { kind: "play", move: "g1xg7" });
  // Choosing the pending point again steps back; so does Escape.
  assert.deepEqual(choose(ctx, placed.pending, "g1"), { kind: "pending", pending: IDLE });
  assert.deepEqual(back(placed.pending), IDLE);
  assert.deepEqual(back({ from: "a1", to: "a4" }), { from: "a1", to: null });
});

test("Nine Men's Morris flying lights up every empty point", () => {
  const state = nineMensMorris.load({
    game: "nine-mens-morris",
    board: { a1: "w", d1: "w", b2: "w", c3: "b", d3: "b", e4: "b", f6: "b" },
    reserve: [0, 0], to_move: 0, quiet: 0, history: [],
  });
  assert.equal(describe("nine-mens-morris", nineMensMorris.dump(state)).phase, "flying");
  const ctx = contextOf(nineMensMorris, state);
  const marks = highlights(ctx.moves, { from: "b2", to: null });
  assert.equal(marks.destinations.size, 24 - 7);
});

test("Dara: a three while placing is refused; a line while moving waits for any enemy stone", () => {
  const placing = playAll(dara, ["a1", "f5", "b1", "f4"]);
  const [three] = clicks(dara, placing, ["c1"]);
  assert.equal(three.kind, "refuse");
  assert.equal(refusalCode(dara, placing, three.attempt), "dara-three-in-placement");
  const state = dara.load({
    game: "dara",
    board: { a1: "w", b1: "w", c2: "w", a4: "b", c4: "b", e4: "b" },
    reserve: [0, 0], to_move: 0, quiet: 0, history: [],
  });
  const [selected, moved] = clicks(dara, state, ["c2", "c1"]);
  assert.equal(selected.kind, "pending");
  assert.deepEqual(moved, { kind: "pending", pending: { from: "c2", to: "c1" } });
  const marks = highlights(contextOf(dara, state).moves, moved.pending);
  assert.deepEqual([...marks.removable].sort(), ["a4", "c4", "e4"]);
  assert.deepEqual(choose(contextOf(dara, state), moved.pending, "a4"), { kind: "play", move: "c2-c1xa4" });
});

test("Dara four in a row is refused with dara-four-line", () => {
  const state = dara.load({
    game: "dara",
    board: { a1: "w", b1: "w", c1: "w", e1: "w", a4: "b", c4: "b", e4: "b" },
    reserve: [0, 0], to_move: 0, quiet: 0, history: [],
  });
  const [, result] = clicks(dara, state, ["e1", "d1"]);
  assert.equal(result.kind, "refuse");
  assert.equal(refusalCode(dara, state, result.attempt), "dara-four-line");
});

test("the status facts: reserves, pieces on the board, the draw counters", () => {
  const nmm = describe("nine-mens-morris", nineMensMorris.dump(playAll(nineMensMorris, ["a1", "d1"])));
  assert.deepEqual(nmm.reserve, [8, 8]);
  assert.deepEqual(nmm.onBoard, [1, 1]);
  assert.deepEqual(nmm.counter, { kind: "quiet", value: 0, limit: 100 });
  const tmm = describe("three-mens-morris",
    threeMensMorris.dump(playAll(threeMensMorris, ["a1", "a2", "b1", "a3", "c2", "b3", "c2-c3"])));
  assert.equal(tmm.phase, "moving");
  assert.deepEqual(tmm.reserve, [0, 0]);
  assert.deepEqual(tmm.counter, { kind: "moving", value: 1, limit: 120 });
  const ttt = describe("tic-tac-toe", ticTacToe.dump(playAll(ticTacToe, ["a1", "b2"])));
  assert.deepEqual(ttt, { toMove: 0, phase: "placing", reserve: [4, 3], onBoard: [1, 1], counter: null, occurrences: 1 });
});

test("repetition is counted as the engines count it", () => {
  const shuffle = ["a1-a4", "g1-g4", "a4-a1", "g4-g1"];
  let state = nineMensMorris.load({
    game: "nine-mens-morris",
    board: { a1: "w", d2: "w", d6: "w", f4: "w", g1: "b", b4: "b", d3: "b", e5: "b" },
    reserve: [0, 0], to_move: 0, quiet: 0, history: [],
  });
  assert.equal(describe("nine-mens-morris", nineMensMorris.dump(state)).occurrences, 1);
  state = playAll(nineMensMorris, shuffle, state);
  assert.equal(describe("nine-mens-morris", nineMensMorris.dump(state)).occurrences, 2);
  state = playAll(nineMensMorris, shuffle, state);
  assert.equal(nineMensMorris.outcome(state)?.reason, "repetition");
  assert.equal(describe("nine-mens-morris", nineMensMorris.dump(state)).occurrences, 3);
});

test("over random games the count reaches 3 exactly when the engine calls a repetition", () => {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (const engine of [threeMensMorris, nineMensMorris, dara]) {
    let repetitions = 0;
    for (let game = 0; game < 40; game++) {
      let state = engine.initialState();
      while (!engine.outcome(state)) {
        const moves = engine.legalMoves(state);
        state = engine.play(state, moves[Math.floor(random() * moves.length)]);
        const seen = describe(engine.slug, engine.dump(state)).occurrences;
        if (engine.outcome(state)?.reason === "repetition") {
          assert.equal(seen, 3, engine.slug);
          repetitions++;
        } else {
          assert.ok(seen <= 2, `${engine.slug}: ${seen} occurrences without a draw`);
        }
      }
    }
    // Random Nine Men's Morris and Dara games rarely repeat; the test above covers them.
    if (engine === threeMensMorris) assert.ok(repetitions > 0, `${engine.slug}: no repetition in 40 random games`);
  }
});

test("arrow keys walk rows and columns, skipping the Nine Men's Morris gaps", () => {
  const nmm = layoutFor("nine-mens-morris");
  assert.equal(neighbourInDirection(nmm, "a1", 1, 0), "d1");
  assert.equal(neighbourInDirection(nmm, "c4", 1, 0), "e4");
  assert.equal(neighbourInDirection(nmm, "d3", 0, 1), "d5");
  assert.equal(neighbourInDirection(nmm, "c3", 0, -1), "c3", "nothing straight above c3");
  // Every point is reachable from a1 with arrows alone.
  for (const slug of ["tic-tac-toe", "three-mens-morris", "nine-mens-morris", "dara"]) {
    const layout = layoutFor(slug);
    const seen = new Set(["a1"]);
    const queue = ["a1"];
    while (queue.length) {
      const point = queue.shift();
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const next = neighbourInDirection(layout, point, dx, dy);
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    assert.equal(seen.size, gameInfo(slug).points.length, slug);
  }
  assert.equal(neighbourInDirection(layoutFor("dara"), "f5", 1, 0), "f5");
});
