// Rules of the Score Four browser twin (static/js/engines/score-four.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import game, { CELL_LINES, LINES } from "../../static/js/engines/score-four.js";
import { EngineError } from "../../static/js/engines/errors.js";

function playAll(texts, state = game.initialState()) {
  for (const text of texts.split(" ").filter(Boolean)) state = game.play(state, game.parseMove(state, text));
  return state;
}

// A dump from 64 characters by cell index ("." empty, "0" white, "1" black).
function dumpOf(board, toMove = null) {
  const pegs = [];
  for (let peg = 0; peg < 16; peg++) {
    let balls = "";
    for (let level = 0; level < 4; level++) {
      const ch = board[level * 16 + peg];
      if (ch !== ".") balls += ch === "0" ? "w" : "b";
    }
    pegs.push(balls);
  }
  const filled = board.replace(/\./g, "").length;
  return { game: "score-four", pegs, to_move: toMove ?? filled % 2 };
}

function expectError(code, fn) {
  assert.throws(fn, (error) => error instanceof EngineError && error.code === code);
}

test("geometry: 76 lines, 7 through the 16 special cells and 4 through the rest", () => {
  assert.equal(LINES.length, 76);
  const counts = CELL_LINES.map((lines) => lines.length);
  assert.equal(counts.filter((n) => n === 7).length, 16);
  assert.equal(counts.filter((n) => n === 4).length, 48);
  // Corners of levels 1 and 4, centre pegs of levels 2 and 3 (the seed's "7-line cells").
  for (const cell of [0, 3, 12, 15, 48, 51, 60, 63, 21, 22, 25, 26, 37, 38, 41, 42]) {
    assert.equal(counts[cell], 7, `cell ${cell}`);
  }
  const distinct = new Set(LINES.map((line) => [...line].sort((a, b) => a - b).join(",")));
  assert.equal(distinct.size, 76);
});

test("the initial position offers all 16 pegs to white", () => {
  const state = game.initialState();
  assert.equal(game.toMove(state), 0);
  assert.deepEqual(game.legalMoves(state), [...Array(16).keys()]);
  assert.equal(game.outcome(state), null);
});

test("balls drop to the lowest free level and players alternate", () => {
  const state = playAll("B2 B2 B2 C1");
  assert.equal(game.toMove(state), 0);
  const { pegs } = game.dump(state);
  assert.equal(pegs[5], "wbw");
  assert.equal(pegs[2], "b");
  assert.equal(pegs.join(""), "bwbw");
});

test("a full peg refuses a fifth ball and leaves the state unchanged", () => {
  const state = playAll("C3 C3 C3 C3");
  assert.ok(!game.legalMoves(state).includes(10));
  const before = game.dump(state);
  expectError("peg-full", () => game.play(state, game.parseMove(state, "C3")));
  assert.deepEqual(game.dump(state), before);
});

test("notation: case-insensitive pegs A1-D4, canonical upper case", () => {
  const state = game.initialState();
  assert.equal(game.parseMove(state, "a1"), 0);
  assert.equal(game.parseMove(state, "d4"), 15);
  assert.equal(game.parseMove(state, "B3"), 9);
  assert.equal(game.formatMove(state, 9), "B3");
  for (const text of ["E1", "A5", "A0", "A", "A1/2", "", "11", " D4"]) {
    expectError("bad-notation", () => game.parseMove(state, text));
  }
  expectError("bad-notation", () => game.parseMove(state, 3));
  expectError("bad-notation", () => game.play(state, 16));
  expectError("bad-notation", () => game.play(state, "A1"));
});

const WINS = [
  ["vertical on one peg", "A1 B1 A1 B1 A1 B1 A1", ["A1/1", "A1/2", "A1/3", "A1/4"]],
  ["a row across a level", "A1 A2 B1 B2 C1 C2 D1", ["A1/1", "B1/1", "C1/1", "D1/1"]],
  ["a column front to back", "A1 B1 A2 B2 A3 B3 A4", ["A1/1", "A2/1", "A3/1", "A4/1"]],
  ["a level diagonal", "A1 B1 B2 C2 C3 D3 D4", ["A1/1", "B2/1", "C3/1", "D4/1"]],
  // Rising one level per peg along row 1: A1/1, B1/2, C1/3, D1/4.
  ["a diagonal across levels", "A1 B1 B1 C1 C1 D1 C1 D1 D1 A2 D1",
    ["A1/1", "B1/2", "C1/3", "D1/4"]],
  // The cube diagonal from A1/1 to D4/4.
  ["a cube diagonal", "A1 B2 B2 C3 C3 D4 C3 D4 D4 A2 D4",
    ["A1/1", "B2/2", "C3/3", "D4/4"]],
];

for (const [name, moves, cells] of WINS) {
  test(`a win by ${name}`, () => {
    const state = playAll(moves);
    assert.deepEqual(game.outcome(state), { winner: 0, reason: "line", cells });
    assert.deepEqual(game.legalMoves(state), []);
    expectError("game-over", () => game.play(state, 5));
  });
}

test("black wins too", () => {
  const state = playAll("A1 B1 A2 B1 A3 B1 C4 B1");
  assert.deepEqual(game.outcome(state), {
    winner: 1, reason: "line", cells: ["B1/1", "B1/2", "B1/3", "B1/4"],
  });
});

// A full board with no line anywhere (32 balls each; found by a local search, checked by
// the engine itself in the tests below).
const DRAWN = "1001010000011011101101101010100001101001011011100111111001000010";
function drawnBoard() {
  return { board: DRAWN };
}

test("a full board without a line is a draw", () => {
  const { board } = drawnBoard();
  const state = game.load(dumpOf(board));
  assert.deepEqual(game.outcome(state), { winner: null, reason: "full", cells: [] });
  assert.deepEqual(game.legalMoves(state), []);
});

test("black's last ball can fill the board for a draw", () => {
  const { board } = drawnBoard();
  const last = board.lastIndexOf("1"); // a top-level cell holding black
  assert.ok(last >= 48);
  const state = game.load(dumpOf(`${board.slice(0, last)}.${board.slice(last + 1)}`));
  assert.equal(game.toMove(state), 1);
  assert.deepEqual(game.legalMoves(state), [last - 48]);
  const after = game.play(state, last - 48);
  assert.deepEqual(game.outcome(after), { winner: null, reason: "full", cells: [] });
});

test("play never changes the state it is given", () => {
  const state = playAll("A1 B2 C3");
  const before = JSON.stringify(game.dump(state));
  game.play(state, 0);
  assert.equal(JSON.stringify(game.dump(state)), before);
  assert.ok(Object.isFrozen(state) && Object.isFrozen(state.heights));
});

test("dump and load round-trip and validate", () => {
  const state = playAll("A1 B2 C3 D4 B2 B2");
  const data = game.dump(state);
  const pegs = Array(16).fill("");
  Object.assign(pegs, { 0: "w", 5: "bwb", 10: "w", 15: "b" });
  assert.deepEqual(data, { game: "score-four", pegs, to_move: 0 });
  const loaded = game.load(data);
  assert.deepEqual(game.dump(loaded), data);
  assert.deepEqual(game.legalMoves(loaded), game.legalMoves(state));
  const won = playAll(WINS[0][1]);
  assert.deepEqual(game.outcome(game.load(game.dump(won))), game.outcome(won));

  const empty = Array(16).fill("");
  const bad = [
    null, [], {}, "x", { game: "score-four", pegs: empty }, // to_move missing
    { game: "score-four", pegs: empty, to_move: 0, extra: 1 },
    { game: "dara", pegs: empty, to_move: 0 },
    { game: "score-four", pegs: empty.slice(1), to_move: 0 },
    { game: "score-four", pegs: ["wwbwb", ...empty.slice(1)], to_move: 1 },
    { game: "score-four", pegs: ["x", ...empty.slice(1)], to_move: 1 },
    { game: "score-four", pegs: empty, to_move: 2 },
    dumpOf("11".padEnd(64, "."), 0), // black ahead
    dumpOf("000".padEnd(64, "."), 1), // white two balls ahead
    dumpOf("0".padEnd(64, "."), 0), // wrong side to move
    dumpOf("1111000".padEnd(64, ".").replace("1111000", "0001111")), // 3 white, 4 black
  ];
  for (const data of bad) expectError("bad-state", () => game.load(data));
});

test("load rejects a line held by the side to move", () => {
  // White has the bottom row A1-D1, black four balls elsewhere: white to move again.
  const board = "0000111.1".padEnd(64, ".");
  expectError("bad-state", () => game.load(dumpOf(board)));
});

test("load rejects two separate lines no single last ball could make", () => {
  // White holds rows A1-D1 and A4-D4 on level 1; black has seven balls elsewhere.
  const cells = Array(64).fill(".");
  for (const c of [0, 1, 2, 3, 12, 13, 14, 15]) cells[c] = "0";
  for (const c of [4, 5, 6, 8, 9, 10, 7]) cells[c] = "1";
  expectError("bad-state", () => game.load(dumpOf(cells.join(""))));
});

test("an outcome names one line, the first in line order, when a ball makes two", () => {
  // White's A1 completes both row A1-D1 and column A1-A4 on level 1.
  const state = playAll("B1 B2 C1 C2 D1 C3 A2 D2 A3 D3 A4 B3 A1");
  assert.deepEqual(game.outcome(state).cells, ["A1/1", "B1/1", "C1/1", "D1/1"]);
  const loaded = game.load(game.dump(state));
  assert.deepEqual(game.outcome(loaded), game.outcome(state));
});

test("load accepts a won position and names its line", () => {
  const state = game.load(dumpOf("0000111".padEnd(64, ".")));
  assert.deepEqual(game.outcome(state), {
    winner: 0, reason: "line", cells: ["A1/1", "B1/1", "C1/1", "D1/1"],
  });
});
