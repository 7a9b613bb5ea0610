// Score Four's winning line in words (static/js/score-four/model.js describeLine), for every
// one of the 76 lines the engine knows: each gets exactly one kind, and the counts per kind
// are those of the 4x4x4 cube (16 + 16 on levels, 8 diagonals on levels, 16 pegs, 16 rising,
// 4 through the cube).
import assert from "node:assert/strict";
import { test } from "node:test";

import engine from "../../static/js/engines/score-four.js";
import { describeLine } from "../../static/js/score-four/model.js";

function winOf(texts) {
  let state = engine.initialState();
  for (const text of texts) state = engine.play(state, engine.parseMove(state, text));
  return engine.outcome(state).cells;
}

test("the line of a real game is named with its kind and its ends", () => {
  assert.deepEqual(describeLine(winOf(["A1", "A2", "B1", "B2", "C1", "C2", "D1"])), {
    kind: "level-row", from: "A1", to: "D1", fromLevel: 1, toLevel: 1, level: 1,
  });
  assert.deepEqual(describeLine(winOf(["B3", "C3", "B3", "C3", "B3", "C3", "B3"])), { kind: "peg", peg: "B3" });
  assert.deepEqual(describeLine(["D4/4", "A1/1", "C3/3", "B2/2"]), {
    kind: "cube-diagonal", from: "A1", to: "D4", fromLevel: 1, toLevel: 4,
  });
  assert.deepEqual(describeLine(["A4/1", "B3/2", "C2/3", "D1/4"]), {
    kind: "cube-diagonal", from: "A4", to: "D1", fromLevel: 1, toLevel: 4,
  });
  assert.deepEqual(describeLine(["D1/2", "C2/2", "B3/2", "A4/2"]), {
    kind: "level-diagonal", from: "A4", to: "D1", fromLevel: 2, toLevel: 2, level: 2,
  });
  assert.deepEqual(describeLine(["C1/4", "C2/3", "C3/2", "C4/1"]), {
    kind: "rising", from: "C4", to: "C1", fromLevel: 1, toLevel: 4,
  });
});

test("all 76 lines of the cube fall into the five kinds in the right numbers", () => {
  const names = [];
  const step = [-1, 0, 1];
  const seen = new Set();
  for (const dc of step) for (const dr of step) for (const dl of step) {
    if (!dc && !dr && !dl) continue;
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let l = 0; l < 4; l++) {
      const cells = [0, 1, 2, 3].map((i) => [c + dc * i, r + dr * i, l + dl * i]);
      if (!cells.every((cell) => cell.every((v) => v >= 0 && v < 4))) continue;
      const line = cells.map(([x, y, z]) => `${"ABCD"[x]}${y + 1}/${z + 1}`).sort();
      if (seen.has(line.join())) continue;
      seen.add(line.join());
      names.push(line);
    }
  }
  assert.equal(names.length, 76);
  const counts = {};
  for (const line of names) {
    const { kind } = describeLine(line);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  assert.deepEqual(counts, { "level-row": 32, "level-diagonal": 8, peg: 16, rising: 16, "cube-diagonal": 4 });
});
