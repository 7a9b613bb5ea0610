// An engine twin's refusal stays short whatever it was given: messages that quote the refused
// input are cut at MESSAGE_LIMIT, as in the Python engines (tests/games/test_engine_errors.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import { EngineError, MESSAGE_LIMIT } from "../../static/js/engines/errors.js";
import { SLUGS, loadEngine } from "../../static/js/engines/index.js";

const LONG = "Q".repeat(5000);

function refusals(engine) {
  const state = engine.initialState();
  const dumped = engine.dump(state);
  return [
    () => engine.parseMove(state, LONG),
    () => engine.parseMove(state, `x${LONG}`), // a capture where none exists
    () => engine.parseMove(state, `${LONG}-a1`), // a (from, to) pair
    () => engine.load({ ...dumped, game: LONG }),
    () => engine.load({ ...dumped, board: LONG }),
  ];
}

for (const slug of SLUGS) {
  test(`${slug}: a refusal never grows with the input`, async () => {
    const engine = await loadEngine(slug);
    for (const refuse of refusals(engine)) {
      assert.throws(refuse, (error) => error instanceof EngineError && error.message.length <= MESSAGE_LIMIT);
    }
  });
}

test("a short message is kept whole", () => {
  assert.equal(new EngineError("bad-notation", "not a peg").message, "not a peg");
});
