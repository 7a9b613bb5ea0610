// The Gomoku twin (static/js/engines/gomoku.js) against the vectors the Python engine wrote
// (tests/vectors/gomoku/, `python -m tests.games.gomoku_vectors`): at every step of every game
// the legal moves, black's forbidden points under Renju and the outcome; the final dump; the
// hand-worked Renju positions. tests/games/test_gomoku_twins.py plays the other way round.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import engine, { RULES, forbiddenPoints } from "../../static/js/engines/gomoku.js";

const DIR = new URL("../vectors/gomoku/", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const forbiddenText = (state) => Object.entries(forbiddenPoints(state)).map(([p, kind]) => `${p}:${kind}`).join(" ");
const plain = (o) => (o === null ? null : { winner: o.winner, reason: o.reason, cells: [...o.cells] });

function checkStep(state, expected, where) {
  const legal = engine.legalMoves(state);
  assert.equal(legal.length, expected.legal, `legal count ${where}`);
  assert.equal(forbiddenText(state), expected.forbidden, `forbidden points ${where}`);
  assert.deepEqual(plain(engine.outcome(state)), expected.outcome, `outcome ${where}`);
  if (!expected.outcome) {
    const forbidden = new Set(Object.keys(forbiddenPoints(state)));
    const empties = [...state.board].flatMap((c, p) => (c === "." ? [p] : []));
    const expectLegal = empties.filter((p) => !forbidden.has(engine.formatMove(state, p)));
    assert.deepEqual(legal, expectLegal, `legal = empty minus forbidden ${where}`);
  }
}

for (const rule of RULES) {
  test(`gomoku ${rule}: the twin replays every vector game`, () => {
    const data = read(`${rule}.json`);
    assert.ok(data.entries.length >= 60);
    data.entries.forEach((entry, index) => {
      const name = `${rule} game ${index} (${entry.kind})`;
      let state = engine.initialState(entry.rule);
      checkStep(state, entry.steps[0], `${name} at the start`);
      entry.moves.forEach((text, ply) => {
        const move = engine.parseMove(state, text);
        assert.equal(engine.formatMove(state, move), text);
        state = engine.play(state, move);
        checkStep(state, entry.steps[ply + 1], `${name} after ${ply + 1} (${text})`);
      });
      assert.deepEqual(engine.dump(state), entry.final, `${name}: final dump`);
      const loaded = engine.load(entry.final);
      assert.deepEqual(plain(engine.outcome(loaded)), entry.steps.at(-1).outcome, `${name}: loaded outcome`);
    });
  });
}

test("gomoku renju: the hand-worked positions", () => {
  const data = read("renju-positions.json");
  assert.ok(data.entries.length >= 15);
  for (const entry of data.entries) {
    const state = engine.load(entry.position);
    const forbidden = forbiddenPoints(state);
    assert.equal(forbiddenText(state), entry.forbidden, entry.name);
    for (const [point, kind] of Object.entries(entry.expect)) {
      assert.equal(forbidden[point] ?? null, kind, `${entry.name} at ${point}`);
    }
    if (!entry.play) continue;
    const move = engine.parseMove(state, entry.play.move);
    if (entry.play.refused) {
      assert.throws(() => engine.play(state, move), (error) => error.code === entry.play.refused, entry.name);
      assert.deepEqual(engine.dump(state), entry.position, `${entry.name}: the refusal changed nothing`);
    } else {
      assert.deepEqual(plain(engine.outcome(engine.play(state, move))), entry.play.outcome, entry.name);
    }
  }
});

test("gomoku: notation, bad input and bad states", () => {
  const state = engine.initialState();
  assert.equal(engine.parseMove(state, "h8"), 112);
  assert.equal(engine.formatMove(state, 8), "I1");
  for (const bad of ["P1", "A0", "A16", "", "H 8", 7]) {
    assert.throws(() => engine.parseMove(state, bad), (e) => e.code === "bad-notation");
  }
  assert.throws(() => engine.initialState("pro"), (e) => e.code === "bad-rule");
  assert.throws(() => engine.play(state, 225), (e) => e.code === "bad-notation");
  const base = engine.dump(engine.initialState("renju"));
  for (const data of [{ ...base, rule: "pro" }, { ...base, to_move: 1 }, { ...base, board: "b".repeat(225) }, null]) {
    assert.throws(() => engine.load(data), (e) => e.code === "bad-state");
  }
});
