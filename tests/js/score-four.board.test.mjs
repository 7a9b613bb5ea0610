// The Score Four AI board's fill-up race (score-four-board.js, fillUpRace): who runs out of
// safe cells first, on threats laid out by hand over a board whose pegs have given heights.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";

import game from "../../static/js/engines/score-four.js";
import * as board from "../../static/js/ai/score-four-board.js";
import { playAll } from "./score-four-fixtures.mjs";

const cell = (peg, level) => (level - 1) * 16 + peg; // level 1 is the bottom
const PEG = 5;
const OTHER = 10;

// The race on `state` with white's and black's threat cells given as lists.
function race(state, white, black) {
  board.loadState(state);
  const halves = (cells) => [
    cells.reduce((lo, c) => (c < 32 ? lo | (1 << c) : lo), 0),
    cells.reduce((hi, c) => (c >= 32 ? hi | (1 << (c - 32)) : hi), 0),
  ];
  const [wLo, wHi] = halves(white);
  const [kLo, kHi] = halves(black);
  return board.fillUpRace(wLo, wHi, kLo, kHi);
}

const empty = game.initialState();

test("with no threats nobody wins the race", () => {
  assert.equal(race(empty, [], []), 0);
});

test("white's threat on an odd level wins the race, on an even level it does not", () => {
  assert.equal(race(empty, [cell(PEG, 3)], []), 1);
  assert.equal(race(empty, [cell(PEG, 2)], []), 0);
  assert.equal(race(empty, [cell(PEG, 4)], []), 0);
});

test("black's threat on an even level wins the race, on an odd level it does not", () => {
  assert.equal(race(empty, [], [cell(PEG, 2)]), -1);
  assert.equal(race(empty, [], [cell(PEG, 4)]), -1);
  assert.equal(race(empty, [], [cell(PEG, 3)]), 0);
});

test("who wins turns on whose move it is and on the balls already played", () => {
  // One ball in another peg changes nothing: the count of safe cells and of balls played
  // move together.
  const oneBall = playAll("A1");
  assert.equal(race(oneBall, [cell(PEG, 3)], []), 1);
  assert.equal(race(oneBall, [], [cell(PEG, 2)]), -1);
  // A ball in the threat's own peg moves the cells under the threat: still white's.
  const underIt = game.play(empty, PEG);
  assert.equal(race(underIt, [cell(PEG, 3)], []), 1);
});

test("a threat right above another of the same colour wins whatever its level", () => {
  assert.equal(race(empty, [cell(PEG, 2), cell(PEG, 3)], []), 1);
  assert.equal(race(empty, [], [cell(PEG, 3), cell(PEG, 4)]), -1);
});

test("white's odd threat beats black's even threat in another peg", () => {
  // Black runs out first and must open its own gate; after white blocks it, two safe cells
  // are left above and black runs out again, with only the cell under white's threat.
  assert.equal(race(empty, [cell(PEG, 3)], [cell(OTHER, 2)]), 1);
  assert.equal(race(empty, [cell(PEG, 3)], [cell(OTHER, 4)]), 1);
});

test("nobody opens a gate under a cell both colours threaten", () => {
  // White and black both threaten the same cell on level 2: whoever plays under it loses,
  // and with nothing else the side that runs out of safe cells is white.
  assert.equal(race(empty, [cell(PEG, 2)], [cell(PEG, 2)]), -1);
});

test("under a threat of one colour, the other's threat right above is met by a forced block", () => {
  // White threatens level 2 and black level 3 of the same peg. White runs out first, plays
  // level 1, black blocks level 2 and now threatens level 3: white blocks it, and the one
  // cell left above is safe. Nobody wins.
  assert.equal(race(empty, [cell(PEG, 2)], [cell(PEG, 3)]), 0);
});

test("a race with many gates stops at its step budget instead of trying every order", () => {
  // A white gate under level 2 in every peg: each one opened leaves an even run above, so
  // white faces the gates again and again, and every order of the sixteen leads to nobody
  // winning. Tried in full that is 16! orders; the budget ends it undecided at once. In a
  // child process, so that a search without the budget fails on the timeout instead of
  // holding the test runner (a synchronous loop cannot be interrupted).
  const boardUrl = new URL("../../static/js/ai/score-four-board.js", import.meta.url).href;
  const script = `import * as board from ${JSON.stringify(boardUrl)};
    board.reset();
    console.log(board.fillUpRace(${0xffff0000 | 0}, 0, 0, 0));`; // level 2 of every peg
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    timeout: 10_000, encoding: "utf8",
  });
  assert.equal(out.trim(), "0");
});
