// Replays every shared vector file (tests/vectors/<slug>.json, written from the Python
// engines by `python -m tools.gen_vectors`) through the JavaScript twin
// static/js/engines/<slug>.js: at every step the sorted legal moves and the outcome must
// match, every move must format back to its canonical text, and the final position's dump()
// must equal Python's and survive load().
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { loadEngine } from "../../static/js/engines/index.js";

const VECTORS = new URL("../vectors/", import.meta.url);
const files = existsSync(VECTORS) ? readdirSync(VECTORS).filter((f) => f.endsWith(".json")).sort() : [];

function plainOutcome(outcome) {
  return outcome === null ? null : { winner: outcome.winner, reason: outcome.reason, cells: [...outcome.cells] };
}

function checkStep(engine, state, expected, where) {
  const legal = engine.legalMoves(state).map((move) => engine.formatMove(state, move)).sort();
  assert.equal(legal.join(" "), expected.legal, `legal moves ${where}`);
  assert.deepEqual(plainOutcome(engine.outcome(state)), expected.outcome, `outcome ${where}`);
}

test("there are vector files to replay", () => {
  assert.ok(files.length > 0, "tests/vectors/*.json is empty: run python -m tools.gen_vectors");
});

for (const file of files) {
  const slug = file.slice(0, -".json".length);
  test(`${slug}: the JavaScript twin replays every vector game`, async () => {
    const data = JSON.parse(readFileSync(new URL(file, VECTORS), "utf8"));
    assert.equal(data.game, slug);
    assert.ok(data.games.length > 0);
    const engine = await loadEngine(slug);
    data.games.forEach((entry, index) => {
      const name = `${slug} game ${index} (${entry.kind})`;
      assert.equal(entry.steps.length, entry.moves.length + 1, `${name}: one step per position`);
      let state = engine.initialState();
      checkStep(engine, state, entry.steps[0], `${name} at the start`);
      entry.moves.forEach((text, ply) => {
        const where = `${name} after move ${ply + 1} (${text})`;
        const move = engine.parseMove(state, text);
        assert.equal(engine.formatMove(state, move), text, `canonical text ${where}`);
        state = engine.play(state, move);
        checkStep(engine, state, entry.steps[ply + 1], where);
      });
      if ("final" in entry) {
        assert.deepEqual(engine.dump(state), entry.final, `${name}: dump of the final position`);
        const loaded = engine.load(entry.final);
        assert.deepEqual(engine.dump(loaded), entry.final, `${name}: load then dump`);
        checkStep(engine, loaded, entry.steps.at(-1), `${name}: the loaded final position`);
      }
    });
  });
}
