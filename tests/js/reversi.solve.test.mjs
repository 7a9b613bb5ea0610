// The exact Reversi solver (static/js/ai/reversi-solve.js) against the scores the Python solver
// (games/engine/reversi_solve.py) wrote in tests/vectors/reversi/: solve.json (0 to 11 empty
// squares, with every best move up to 8) and solve-known.json (14 to 16 empty squares, solved
// once with `--known`). Each move it names must keep the score: the position after it is worth
// exactly minus the score to the opponent.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import engine, { PASS, flipsOf, lastFlips } from "../../static/js/engines/reversi.js";
import {
  clearTable, flipsInto, lastCount, solve, solveBoard, stableDiscs, tuning,
} from "../../static/js/ai/reversi-solve.js";
import { edgeStable, stableWithEdges } from "../../static/js/ai/reversi-stable.js";

const DIR = new URL("../vectors/reversi/", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));

function checkEntry(entry, where) {
  const state = engine.load(entry.position);
  const result = solve(state);
  assert.equal(result.score, entry.score, `${where}: score`);
  if (engine.outcome(state)) {
    assert.equal(result.move, -1, `${where}: no move once the game is over`);
    return;
  }
  assert.ok(engine.legalMoves(state).includes(result.move), `${where}: a legal move`);
  if (entry.best) assert.ok(entry.best.includes(engine.formatMove(state, result.move)), `${where}: a best move`);
  const after = engine.play(state, result.move);
  assert.equal(0 - solve(after).score, entry.score, `${where}: the move keeps the score`);
}

test("reversi solver: the Python solver's scores and best moves, up to 11 empty squares", () => {
  const entries = read("solve.json").entries;
  assert.ok(entries.length >= 40);
  entries.forEach((entry, i) => {
    if (i % 2) clearTable(); // with and without what earlier searches left in the table
    checkEntry(entry, `entry ${i} (${entry.empties} empty)`);
  });
});

test("reversi solver: the same with the table and mobility down to few squares, or none", () => {
  const saved = { ...tuning };
  try {
    for (const [shallow, etc] of [[3, 4], [12, 99]]) {
      Object.assign(tuning, { shallow, etc });
      read("solve.json").entries.forEach((entry, i) => {
        clearTable();
        checkEntry(entry, `shallow ${shallow}, entry ${i}`);
      });
    }
  } finally {
    Object.assign(tuning, saved);
  }
});

test("reversi solver: known scores from 14 to 16 empty squares", () => {
  const entries = read("solve-known.json").entries;
  assert.ok(entries.length >= 4);
  entries.forEach((entry, i) => {
    clearTable();
    checkEntry(entry, `known ${i} (${entry.empties} empty)`);
  });
});

test("reversi solver: windows give bounds on the right side", () => {
  const entry = read("solve-known.json").entries[0];
  const { bl, bh, wl, wh, toMove } = engine.load(entry.position);
  const [pl, ph, ol, oh] = toMove ? [wl, wh, bl, bh] : [bl, bh, wl, wh];
  const s = entry.score;
  clearTable();
  assert.equal(solveBoard(pl, ph, ol, oh, { alpha: s - 1, beta: s + 1 }).score, s);
  assert.ok(solveBoard(pl, ph, ol, oh, { alpha: s, beta: s + 1 }).score <= s);
  assert.ok(solveBoard(pl, ph, ol, oh, { alpha: s - 1, beta: s }).score >= s);
});

test("reversi solver: a forced pass, and stopping", () => {
  // The position before black's pass in the third edge case (positions.json).
  const position = read("positions.json").positions.find((p) => p.name === "forced pass").position;
  const state = engine.load(position);
  const result = solve(state);
  assert.equal(result.move, PASS);
  assert.equal(0 - solve(engine.play(state, PASS)).score, result.score);
  const entry = read("solve-known.json").entries.at(-1);
  clearTable();
  const stopped = solve(engine.load(entry.position), { shouldStop: () => true });
  assert.equal(stopped.stopped, true);
  assert.equal(solve(engine.load(entry.position), { deadline: performance.now() - 1 }).stopped, true);
});

test("reversi solver: stable discs", () => {
  const full = -1;
  assert.equal(stableDiscs(full, full, full, full), 64); // a full board: nothing can turn
  const centreLo = (1 << 27) | (1 << 28);
  const centreHi = (1 << 3) | (1 << 4);
  assert.equal(stableDiscs(1, 0, 1 | centreLo, centreHi), 1); // a corner
  assert.equal(stableDiscs(0xff, 0, 0xff | centreLo, centreHi), 8); // a full edge row
  assert.equal(stableDiscs(centreLo, centreHi, centreLo, centreHi), 0); // the centre alone
});

test("reversi solver: its flips by lines and its last-square count agree with the twin's", () => {
  let seed = 17;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const want = new Int32Array(2);
  const got = new Int32Array(2);
  for (let trial = 0; trial < 40000; trial++) {
    const s = Math.floor(random() * 64);
    const fill = random(); // from a nearly empty board to a full one
    const mine = random();
    let [pl, ph, ol, oh] = [0, 0, 0, 0];
    for (let t = 0; t < 64; t++) {
      if (t === s || random() >= fill) continue;
      const bit = t < 32 ? 1 << t : 1 << (t - 32);
      if (random() < mine) {
        if (t < 32) pl |= bit;
        else ph |= bit;
      } else if (t < 32) ol |= bit;
      else oh |= bit;
    }
    flipsOf(pl, ph, ol, oh, s, want);
    flipsInto(pl, ph, ol, oh, s, got);
    assert.deepEqual([got[0], got[1]], [want[0], want[1]], `flips at ${s}, trial ${trial}`);
    const fullOl = ~pl & ~(s < 32 ? 1 << s : 0);
    const fullOh = ~ph & ~(s < 32 ? 0 : 1 << (s - 32));
    assert.equal(lastCount(pl, ph, s), lastFlips(pl, ph, s), `last count at ${s}, trial ${trial}`);
    flipsOf(pl, ph, fullOl, fullOh, s, want);
    flipsInto(pl, ph, fullOl, fullOh, s, got);
    assert.deepEqual([got[0], got[1]], [want[0], want[1]], `flips on a full board at ${s}, trial ${trial}`);
  }
});

test("reversi solver: the edges' safe discs, against every game played out on the edge", () => {
  // One row's eight squares (the top edge, nothing else on the board): a disc of either side
  // may go on any empty square in any order; a disc of x's is safe unless some order turns it.
  const turned = (p, o, at) => {
    let f = 0;
    for (const step of [1, -1]) {
      let run = 0;
      let j = at + step;
      for (; j >= 0 && j < 8 && (o >> j) & 1; j += step) run |= 1 << j;
      if (run && j >= 0 && j < 8 && (p >> j) & 1) f |= run;
    }
    return f;
  };
  const memo = new Map();
  const everTurned = (x, y) => { // x's discs some order of play turns
    const key = x * 256 + y;
    if (memo.has(key)) return memo.get(key);
    let lost = 0;
    for (let at = 0; at < 8; at++) {
      if (((x | y) >> at) & 1) continue;
      const fx = turned(x, y, at);
      lost |= everTurned(x | fx | (1 << at), y & ~fx) & x;
      const fy = turned(y, x, at);
      lost |= fy | (everTurned(x & ~fy, y | fy | (1 << at)) & x);
    }
    memo.set(key, lost);
    return lost;
  };
  let seed = 3;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let trial = 0; trial < 3000; trial++) {
    let x = 0;
    let y = 0;
    for (let t = 0; t < 8; t++) {
      const u = random();
      if (u < 0.4) x |= 1 << t;
      else if (u < 0.8) y |= 1 << t;
    }
    let count = 0;
    for (let t = 0; t < 8; t++) if (((x & ~everTurned(x, y)) >> t) & 1) count++;
    assert.equal(edgeStable(x, 0, y, 0), count, `edge ${x}/${y}`);
    // the same edge as the left column (a1 to a8) and the bottom row
    const col = (bits) => {
      let [lo, hi] = [0, 0];
      for (let t = 0; t < 8; t++) {
        if (!((bits >> t) & 1)) continue;
        if (t < 4) lo |= 1 << (8 * t);
        else hi |= 1 << (8 * (t - 4));
      }
      return [lo, hi];
    };
    const [xl, xh] = col(x);
    const [yl, yh] = col(y);
    assert.equal(edgeStable(xl, xh, yl, yh), count, `left column ${x}/${y}`);
    assert.equal(edgeStable(0, x << 24, 0, y << 24), count, `bottom row ${x}/${y}`);
    // what the solver's cut-off counts: never fewer than stableDiscs, and the edge's safe discs
    const occLo = x | y;
    const withEdges = stableWithEdges(x, 0, occLo, 0);
    assert.ok(withEdges >= stableDiscs(x, 0, occLo, 0) && withEdges >= count);
  }
});
