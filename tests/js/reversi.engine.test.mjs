// The Reversi twin (static/js/engines/reversi.js) against the vectors the Python engine wrote
// (tests/vectors/reversi/, `python -m tests.games.reversi_vectors`): at every step of every
// game the sorted legal moves and the outcome, the final dump; the hand-worked positions, the
// texts that are no move and the data load refuses; and perft from the start (perft.json).
// tests/games/test_reversi_twins.py plays the other way round.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import engine, { PASS, discs, flipsOf, lastFlips, movesOf, popcount } from "../../static/js/engines/reversi.js";

const DIR = new URL("../vectors/reversi/", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const plain = (o) => (o === null ? null : { winner: o.winner, reason: o.reason, cells: [...o.cells] });
const legalText = (state) => engine.legalMoves(state).map((m) => engine.formatMove(state, m)).sort().join(" ");

function checkStep(state, expected, where) {
  assert.equal(legalText(state), expected.legal, `legal moves ${where}`);
  assert.deepEqual(plain(engine.outcome(state)), expected.outcome, `outcome ${where}`);
}

test("reversi: the twin replays every vector game", () => {
  const data = read("games.json");
  assert.ok(data.games.length >= 205);
  data.games.forEach((entry, index) => {
    const name = `game ${index} (${entry.kind})`;
    let state = engine.initialState();
    checkStep(state, entry.steps[0], `${name} at the start`);
    entry.moves.forEach((text, ply) => {
      const move = engine.parseMove(state, text);
      assert.equal(engine.formatMove(state, move), text);
      assert.equal(engine.parseMove(state, text.toUpperCase()), move);
      const mover = engine.toMove(state);
      state = engine.play(state, move);
      assert.equal(engine.toMove(state), 1 - mover);
      checkStep(state, entry.steps[ply + 1], `${name} after ${ply + 1} (${text})`);
    });
    assert.deepEqual(engine.dump(state), entry.final, `${name}: final dump`);
    const loaded = engine.load(entry.final);
    assert.deepEqual(engine.dump(loaded), entry.final, `${name}: load then dump`);
    checkStep(loaded, entry.steps.at(-1), `${name}: the loaded final position`);
  });
});

test("reversi: the hand-worked positions", () => {
  const data = read("positions.json");
  assert.ok(data.positions.length >= 6);
  for (const entry of data.positions) {
    const state = engine.load(entry.position);
    assert.deepEqual(engine.dump(state), entry.position, entry.name);
    assert.equal(legalText(state), entry.legal, entry.name);
    assert.deepEqual(plain(engine.outcome(state)), entry.outcome, entry.name);
    for (const play of entry.plays) {
      const where = `${entry.name}: ${play.move}`;
      if (play.refused) {
        assert.throws(() => engine.play(state, engine.parseMove(state, play.move)),
          (error) => error.code === play.refused, where);
        assert.deepEqual(engine.dump(state), entry.position, `${where}: the refusal changed nothing`);
        continue;
      }
      const move = engine.parseMove(state, play.move);
      const after = engine.play(state, move);
      const mover = engine.toMove(state);
      assert.equal(discs(after)[mover] - discs(state)[mover] - (move === PASS ? 0 : 1), play.turned, where);
      assert.deepEqual(engine.dump(after), play.after, where);
      assert.equal(legalText(after), play.legal, where);
      assert.deepEqual(plain(engine.outcome(after)), play.outcome, where);
    }
  }
});

test("reversi: texts that are no move, and data load refuses", () => {
  const data = read("positions.json");
  const state = engine.initialState();
  for (const text of [...data.bad_texts, "z".repeat(10000)]) {
    assert.throws(() => engine.parseMove(state, text),
      (error) => error.code === "bad-notation" && error.message.length < 80, JSON.stringify(text));
  }
  for (const entry of data.bad_states) {
    assert.throws(() => engine.load(entry.data), (error) => error.code === "bad-state" && error.message.length < 90,
      entry.name);
  }
  for (const bad of [-1, 65, 1.5, "d3", null]) {
    assert.throws(() => engine.play(state, bad), (error) => error.code === "bad-notation");
    assert.throws(() => engine.formatMove(state, bad), (error) => error.code === "bad-notation");
  }
});

test("reversi: moves and flips on random boards agree with a square-by-square walk", () => {
  // An independent, slow reading of the rules: walk each direction one square at a time.
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const out = new Int32Array(2);
  for (let trial = 0; trial < 3000; trial++) {
    const cells = Array.from({ length: 64 }, () => { const x = random(); return x < 0.3 ? 1 : x < 0.7 ? 2 : 0; });
    const halves = (c) => {
      let lo = 0;
      let hi = 0;
      cells.forEach((v, s) => { if (v === c) { if (s < 32) lo |= 1 << s; else hi |= 1 << (s - 32); } });
      return [lo, hi];
    };
    const [pl, ph] = halves(1);
    const [ol, oh] = halves(2);
    movesOf(pl, ph, ol, oh, out);
    const moves = [out[0], out[1]];
    for (let s = 0; s < 64; s++) {
      const turned = [];
      if (cells[s] === 0) {
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            if (!dr && !dc) continue;
            const run = [];
            let r = (s >> 3) + dr;
            let c = (s & 7) + dc;
            while (r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r * 8 + c] === 2) {
              run.push(r * 8 + c);
              r += dr;
              c += dc;
            }
            if (run.length && r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r * 8 + c] === 1) turned.push(...run);
          }
        }
        flipsOf(pl, ph, ol, oh, s, out);
        const got = [];
        for (let t = 0; t < 64; t++) if (t < 32 ? (out[0] >>> t) & 1 : (out[1] >>> (t - 32)) & 1) got.push(t);
        assert.deepEqual(got, turned.sort((a, b) => a - b), `flips at ${s}`);
      }
      const legal = s < 32 ? (moves[0] >>> s) & 1 : (moves[1] >>> (s - 32)) & 1;
      assert.equal(legal, turned.length > 0 ? 1 : 0, `move at ${s}`);
    }
  }
});

test("reversi: lastFlips counts what flipsOf turns on a board full but for one square", () => {
  let seed = 11;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const out = new Int32Array(2);
  for (let trial = 0; trial < 20000; trial++) {
    const s = Math.floor(random() * 64);
    let pl = 0;
    let ph = 0;
    const p = random(); // from few discs of the player's to many
    for (let t = 0; t < 64; t++) {
      if (t !== s && random() < p) {
        if (t < 32) pl |= 1 << t;
        else ph |= 1 << (t - 32);
      }
    }
    const ol = ~pl & ~(s < 32 ? 1 << s : 0);
    const oh = ~ph & ~(s < 32 ? 0 : 1 << (s - 32));
    flipsOf(pl, ph, ol, oh, s, out);
    assert.equal(lastFlips(pl, ph, s), popcount(out[0]) + popcount(out[1]), `square ${s}`);
  }
});

test("reversi: perft from the start, passes counted (perft.json, to depth 9)", () => {
  const expected = read("perft.json").counts;
  const counts = Array(expected.length).fill(0);
  const last = expected.length - 1;
  function walk(state, ply) {
    counts[ply]++;
    if (ply === last || engine.outcome(state)) return;
    const moves = engine.legalMoves(state);
    if (ply + 1 === last) {
      counts[last] += moves.length;
      return;
    }
    for (const move of moves) walk(engine.play(state, move), ply + 1);
  }
  walk(engine.initialState(), 0);
  assert.deepEqual(counts, expected);
});
