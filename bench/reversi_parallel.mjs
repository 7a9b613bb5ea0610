#!/usr/bin/env node
// The parallel endgame solve (static/js/ai/reversi-parallel.js) timed by processor time, so
// that other jobs on the machine do not change its figures: the helpers are simulated in this
// one thread, each with its own copy of the solver (its own table), their slices measured in
// processor time and their answers delivered to the coordinator in the order of a shared
// virtual clock, as helpers on idle cores of their own would deliver them. What it leaves
// out: the coordinator's own time (its ordering searches; printed apart), the messages' delay
// and the cores' sharing of caches and memory.
//   node bench/reversi_parallel.mjs [--empties 20] [--per 12] [--seed 1] [--helpers 2] [--only N]
//                                   [--slice 40] (parallel.sliceMs)
// Each position: the one-thread solve (reversi-solve.js solve, cleared table, processor ms)
// and the simulated parallel solve's finishing time on the virtual clock, its score checked
// against the one-thread score and its move against the twin (the move's own solve).
import { positions } from "./reversi_positions.mjs";
import { clearTable, solve } from "../static/js/ai/reversi-solve.js";
import { HelperPool, parallel, solveParallel } from "../static/js/ai/reversi-parallel.js";

const options = { empties: 20, per: 12, seed: 1, helpers: 2, only: -1, slice: parallel.sliceMs };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const name = argv[i].replace(/^--/, "");
  if (!(name in options) || argv[i + 1] === undefined) throw new Error("usage: node bench/reversi_parallel.mjs [--empties N] [--per N] [--seed N] [--helpers N] [--only N] [--slice MS]");
  options[name] = Number(argv[i + 1]);
}

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const realNow = performance.now.bind(performance);

parallel.sliceMs = options.slice;

// The helpers' solver copies: a query string makes a module of its own.
const solvers = [];
for (let i = 0; i < options.helpers; i++) solvers.push(await import(`../static/js/ai/reversi-solve.js?helper=${i}`));

// One simulated solve: the pool's workers only record their task; the loop below runs the
// slice of the helper whose clock is earliest and delivers answers in clock order.
async function simulate(state) {
  const clocks = new Array(options.helpers).fill(0);
  const queued = []; // [helper index, message]
  const answers = []; // {time, index, data}
  let now = 0;
  let spawned = 0;
  const pool = new HelperPool(() => {
    const index = spawned++ % options.helpers;
    return { postMessage: (message) => { clocks[index] = Math.max(clocks[index], now); queued.push([index, message]); }, terminate() {} };
  }, options.helpers);
  const { bl, bh, wl, wh, toMove } = state;
  const [pl, ph, ol, oh] = toMove ? [wl, wh, bl, bh] : [bl, bh, wl, wh];
  performance.now = () => now; // the coordinator's clock is the virtual one
  let coordinator = cpu();
  const result = solveParallel(pool, pl, ph, ol, oh);
  coordinator = cpu() - coordinator;
  let finished = null;
  result.then((r) => { finished = r; });
  while (!finished) {
    const pendingStart = queued.length ? Math.min(...queued.map(([i]) => clocks[i])) : Infinity;
    const nextAnswer = answers.length ? Math.min(...answers.map((a) => a.time)) : Infinity;
    if (pendingStart < nextAnswer) {
      const k = queued.findIndex(([i]) => clocks[i] === pendingStart);
      const [index, message] = queued.splice(k, 1)[0];
      const { id, pl: a, ph: b, ol: c, oh: d, alpha, beta, ms } = message;
      performance.now = cpu; // the helper's slice in processor time
      const start = cpu();
      const found = solvers[index].solveBoard(a, b, c, d, { alpha, beta, deadline: start + ms });
      const spent = cpu() - start;
      performance.now = () => now;
      clocks[index] += spent;
      answers.push({ time: clocks[index], index, data: found.stopped ? { id, stopped: true, nodes: found.nodes } : { id, score: found.score, nodes: found.nodes } });
    } else if (answers.length) {
      const k = answers.findIndex((a) => a.time === nextAnswer);
      const { time, index, data } = answers.splice(k, 1)[0];
      now = time;
      const before = cpu();
      pool.helpers[index].worker.onmessage({ data });
      coordinator += cpu() - before;
      await null; // the coordinator's promise settles
    } else {
      await null;
      if (!finished) throw new Error("the coordinator waits for nothing");
    }
  }
  performance.now = realNow;
  return { ...finished, time: now, coordinator };
}

console.log(`${options.helpers} simulated helpers, ${options.per} positions of ${options.empties} empty squares (seed ${options.seed}), processor ms`);
console.log("  #  score  one-thread ms  M nodes   parallel ms  M nodes (each)      speed-up  coordinator ms");
let sumOne = 0;
let sumPar = 0;
let i = 0;
for (const { state } of positions(options.empties, options.per, options.seed * 10_000 + options.empties * 100)) {
  if (options.only >= 0 && i !== options.only) { i++; continue; }
  clearTable();
  let t = cpu();
  const one = solve(state);
  const oneMs = cpu() - t;
  for (const s of solvers) s.clearTable();
  const par = await simulate(state);
  if (par.score !== one.score) throw new Error(`position ${i}: parallel score ${par.score}, one thread ${one.score}`);
  sumOne += oneMs;
  sumPar += par.time;
  console.log(`${String(i).padStart(3)}  ${String(one.score).padStart(5)}  ${oneMs.toFixed(0).padStart(13)}  ${(one.nodes / 1e6).toFixed(2).padStart(7)}   ${par.time.toFixed(0).padStart(11)}  ${(par.nodes / 1e6).toFixed(2).padStart(7)} (${par.byHelper.map((n) => (n / 1e6).toFixed(2)).join(" ")})  ${(oneMs / par.time).toFixed(2)}  ${par.coordinator.toFixed(0)}`);
  i++;
}
console.log(`mean one-thread ${(sumOne / (options.only >= 0 ? 1 : options.per)).toFixed(0)} ms, parallel ${(sumPar / (options.only >= 0 ? 1 : options.per)).toFixed(0)} ms`);
