#!/usr/bin/env node
// Round robin between the Gomoku AI's levels:
//   node bench/gomoku_round_robin.mjs [--games N] [--rule RULE] [--time MS] [--seed S] [--pair A-B]
// N games per pairing (default 50), colours alternating; the rule cycles through freestyle,
// exact-five and renju unless --rule names one. --time caps every level's time per move
// (default: each level's own LEVEL_SETTINGS.timeMs); --pair plays one pairing only
// (e.g. intermediate-advanced). Prints per pairing the stronger level's wins, losses and
// draws, its score, the wins by colour, the mean game length, and per level the share of
// random moves and the slowest move (wall clock and processor time). Seeded: a run repeats.
import engine, { RULES } from "../static/js/engines/gomoku.js";
import { LEVELS, LEVEL_SETTINGS, chooseMove } from "../static/js/ai/gomoku.js";
import { seededRandom } from "../static/js/ai/random.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const games = Number(option("games", 50));
const rules = option("rule", null) ? [option("rule")] : RULES;
const time = option("time", null) === null ? undefined : Number(option("time"));
const seed = Number(option("seed", 1));
const pairings = option("pair", null)
  ? [option("pair").split("-")]
  : [["beginner", "intermediate"], ["beginner", "advanced"], ["intermediate", "advanced"]];
if (!(games > 0) || !rules.every((r) => RULES.includes(r)) || !pairings.every((p) => p.length === 2 && p.every((l) => LEVELS.includes(l)))) {
  console.error("usage: node bench/gomoku_round_robin.mjs [--games N] [--rule RULE] [--time MS] [--seed S] [--pair A-B]");
  process.exit(2);
}
console.log(`time per move: ${time === undefined ? LEVELS.map((l) => `${l} ${LEVEL_SETTINGS[l].timeMs} ms`).join(", ") : `${time} ms for every level`}; rules: ${rules.join(", ")}`);

const perLevel = Object.fromEntries(LEVELS.map((l) => [l, { moves: 0, random: 0, wall: 0, cpu: 0 }]));
for (const [weak, strong] of pairings) {
  const random = seededRandom(seed);
  const tally = { win: 0, loss: 0, draw: 0, blackWins: 0, whiteWins: 0, plies: 0 };
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    const strongSide = g % 2; // the stronger level is black in even games
    let state = engine.initialState(rules[Math.floor(g / 2) % rules.length]);
    while (!engine.outcome(state)) {
      const level = engine.toMove(state) === strongSide ? strong : weak;
      const options = { level, random };
      if (time !== undefined) options.timeLimitMs = time;
      const cpu = process.cpuUsage();
      const t = performance.now();
      const { move, stats } = chooseMove(state, options);
      const record = perLevel[level];
      record.wall = Math.max(record.wall, performance.now() - t);
      record.cpu = Math.max(record.cpu, process.cpuUsage(cpu).user / 1000);
      record.moves++;
      if (stats.randomMove) record.random++;
      state = engine.play(state, move);
      tally.plies++;
    }
    const { winner } = engine.outcome(state);
    if (winner === null) tally.draw++;
    else {
      if (winner === strongSide) tally.win++;
      else tally.loss++;
      if (winner === 0) tally.blackWins++;
      else tally.whiteWins++;
    }
  }
  const score = (tally.win + tally.draw / 2) / games;
  console.log(`${strong} vs ${weak}: ${tally.win} won, ${tally.loss} lost, ${tally.draw} drawn `
    + `(score ${(100 * score).toFixed(0)}%); black won ${tally.blackWins}, white ${tally.whiteWins}; `
    + `${(tally.plies / games).toFixed(1)} moves a game; ${Math.round((performance.now() - started) / 1000)} s`);
}
for (const level of LEVELS) {
  const r = perLevel[level];
  if (r.moves === 0) continue;
  console.log(`${level.padEnd(12)} ${r.moves} moves, ${(100 * r.random / r.moves).toFixed(0)}% random, `
    + `slowest ${Math.round(r.wall)} ms wall / ${Math.round(r.cpu)} ms processor`);
}
