// The parallel endgame solve (static/js/ai/reversi-parallel.js) on real helper threads
// (bench/reversi_helpers.mjs, node's stand-in for the browser's workers): the same exact scores
// as the one-thread solve and a move that keeps them, a solve past its deadline terminates
// its busy helpers (and the pool starts fresh ones), and without helpers the advanced level
// solves alone.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, test } from "node:test";

import engine from "../../static/js/engines/reversi.js";
import { chooseMoveAsync } from "../../static/js/ai/reversi.js";
import { clearTable, solve } from "../../static/js/ai/reversi-solve.js";
import { HelperPool, closeHelperPool, helperPool, parallel, solveParallel } from "../../static/js/ai/reversi-parallel.js";
import { HELPER_NAME, helperUrl } from "../../static/js/ai/reversi-helper.js";
import { seededRandom } from "../../static/js/ai/random.js";
import { spawnHelper } from "../../bench/reversi_helpers.mjs";

const DIR = new URL("../vectors/reversi/", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(name, DIR), "utf8")).entries;
const ENDGAMES = read("endgames.json");
const KNOWN = read("solve-known.json");
const quickest = (empties, count) => ENDGAMES.filter((e) => e.empties === empties).sort((a, b) => a.nodes - b.nodes).slice(0, count);
const SLACK = 300; // ms past a deadline: the clock read every few milliseconds, and a busy machine
const hardest = ENDGAMES.filter((e) => e.empties === 20).sort((a, b) => b.nodes - a.nodes)[0];

const sides = ({ bl, bh, wl, wh, toMove }) => (toMove ? [wl, wh, bl, bh] : [bl, bh, wl, wh]);
const solveOn = (pool, state, options) => solveParallel(pool, ...sides(state), options);

after(() => closeHelperPool());

test("two helpers give the one-thread solve's exact score and a move that keeps it", async () => {
  const entries = [...KNOWN, ...quickest(20, 4), ...quickest(21, 2)];
  const pool = new HelperPool(spawnHelper, 2);
  const slice = parallel.sliceMs;
  try {
    // the usual slices, and slices so short that most tasks stop and resume, many mid-step
    for (const sliceMs of [slice, 3]) {
      parallel.sliceMs = sliceMs;
      for (const entry of entries) {
        const state = engine.load(entry.position);
        clearTable();
        const one = solve(state);
        assert.equal(one.score, entry.score);
        await pool.clear();
        const two = await solveOn(pool, state);
        const name = `${entry.position.board} (slices of ${sliceMs} ms)`;
        assert.equal(two.score, one.score, `${name}: the score`);
        assert.ok(engine.legalMoves(state).includes(two.move), `${name}: a legal move`);
        clearTable();
        assert.equal(-solve(engine.play(state, two.move)).score, one.score, `${name}: ${engine.formatMove(state, two.move)} keeps the score`);
        assert.ok(pool.helpers.every((h) => !h.task), "no helper is left with a task");
      }
    }
  } finally {
    parallel.sliceMs = slice;
    pool.close();
  }
});

test("a solve past its deadline terminates its busy helpers, and the pool goes on with fresh ones", async () => {
  const made = [];
  const pool = new HelperPool(() => {
    const helper = spawnHelper();
    const terminate = helper.terminate;
    // Slices that overrun the deadline (as on a slow device): the coordinator hands out
    // slices that end at the deadline, so an honest helper is busy then only when its answer
    // is still on its way, a race this test lost now and then.
    const post = helper.postMessage;
    helper.postMessage = (message) => post(message.ms ? { ...message, ms: 10_000 } : message);
    helper.terminated = false;
    helper.terminate = () => {
      helper.terminated = true;
      terminate();
    };
    made.push(helper);
    return helper;
  }, 2);
  try {
    await pool.clear(); // loaded
    const state = engine.load(hardest.position);
    const started = performance.now();
    const result = await solveOn(pool, state, { deadline: started + 200 });
    const took = performance.now() - started;
    assert.equal(result.stopped, true, "the hardest 20 is not solved in 200 ms");
    assert.ok(took < 200 + SLACK, `the answer came ${took.toFixed(0)} ms after the start`);
    const stopped = made.filter((h) => h.terminated);
    assert.ok(stopped.length >= 1, "the busy helpers are terminated");
    await Promise.all(stopped.map((h) => h.exited)); // their threads really end
    assert.equal(made.length, 2 + stopped.length, "a fresh helper for each one terminated");
    assert.ok(pool.helpers.every((h) => !h.worker.terminated && !h.task));
    // the pool still solves
    const quick = quickest(20, 1)[0];
    await pool.clear();
    assert.equal((await solveOn(pool, engine.load(quick.position))).score, quick.score);
  } finally {
    pool.close();
  }
});

test("the advanced level answers in its time with helpers, and leaves none busy", async () => {
  closeHelperPool();
  const helpers = { spawn: spawnHelper, size: 2 };
  const pool = helperPool(helpers);
  await pool.clear();
  const state = engine.load(hardest.position);
  const started = performance.now();
  const { move, stats } = await chooseMoveAsync(state, { level: "advanced", random: seededRandom(1), timeLimitMs: 300, helpers });
  const took = performance.now() - started;
  assert.ok(took < 300 + SLACK, `the answer came ${took.toFixed(0)} ms after the start`);
  assert.equal(stats.solved, false);
  assert.equal(stats.helpers, 2);
  assert.ok(engine.legalMoves(state).includes(move));
  assert.ok(helperPool(helpers).helpers.every((h) => !h.task));
  await helperPool(helpers).clear(); // the fresh helpers loaded, as while the other side thinks
  const quick = KNOWN[0]; // solved in well under its time even beside other jobs
  const answer = await chooseMoveAsync(engine.load(quick.position), { level: "advanced", random: seededRandom(1), helpers });
  assert.equal(answer.stats.solved, true);
  assert.equal(answer.stats.score, quick.score);
  assert.equal(answer.stats.helpers, 2);
  closeHelperPool();
});

test("without helpers the advanced level solves alone", async () => {
  const quick = quickest(20, 1)[0];
  const state = engine.load(quick.position);
  const exact = async (helpers) => {
    closeHelperPool();
    clearTable();
    const { move, stats } = await chooseMoveAsync(state, { level: "advanced", random: seededRandom(1), timeLimitMs: 20000, helpers });
    assert.equal(stats.score, quick.score);
    assert.equal(stats.helpers, undefined);
    clearTable();
    assert.equal(-solve(engine.play(state, move)).score, quick.score);
  };
  // no Worker here (node), one core, a worker that cannot be made, a helper that fails to load
  await exact(undefined);
  await exact({ size: 1, spawn: spawnHelper });
  await exact({
    size: 2,
    spawn: () => {
      throw new Error("no workers here");
    },
  });
  const failing = () => {
    const helper = { onmessage: null, onerror: null, terminate() {} };
    helper.postMessage = () => setTimeout(() => helper.onerror?.({ message: "the module did not load" }), 5);
    return helper;
  };
  await exact({ size: 2, spawn: failing });
  assert.equal(helperPool({ size: 2, spawn: spawnHelper }), null, "a pool that failed is not used again");
  closeHelperPool();
});

test("in a browser: helpers only from two cores, started as module workers by the helper's own URL", () => {
  const saved = { Worker: globalThis.Worker, navigator: Object.getOwnPropertyDescriptor(globalThis, "navigator") };
  const made = [];
  globalThis.Worker = class {
    constructor(url, options) {
      made.push({ url, options });
    }

    postMessage() {}

    terminate() {}
  };
  try {
    for (const [cores, helpers] of [[1, 0], [2, 2], [8, 2]]) {
      closeHelperPool();
      made.length = 0;
      Object.defineProperty(globalThis, "navigator", { value: { hardwareConcurrency: cores }, configurable: true });
      const pool = helperPool({ size: 2 });
      assert.equal(pool ? pool.helpers.length : 0, helpers, `${cores} cores`);
      assert.equal(made.length, helpers);
      for (const { url, options } of made) {
        assert.equal(url, helperUrl);
        assert.deepEqual(options, { type: "module", name: HELPER_NAME });
      }
    }
  } finally {
    closeHelperPool();
    if (saved.Worker === undefined) delete globalThis.Worker;
    else globalThis.Worker = saved.Worker;
    if (saved.navigator) Object.defineProperty(globalThis, "navigator", saved.navigator);
    else delete globalThis.navigator;
  }
});

test("a second solve on a busy pool leaves the first one its helpers", async () => {
  const pool = new HelperPool(spawnHelper, 2);
  try {
    await pool.clear();
    const quick = quickest(20, 1)[0];
    const state = engine.load(quick.position);
    const first = solveOn(pool, state);
    assert.deepEqual(await solveOn(pool, state), { failed: true });
    assert.equal((await first).score, quick.score);
  } finally {
    pool.close();
  }
});
