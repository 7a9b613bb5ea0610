#!/usr/bin/env node
// Reversi's AI (static/js/ai/reversi.js) measured three ways; the figures go to
// bench/results/reversi.txt with the command that made them.
//   node bench/reversi_ai.mjs reach [--from 16] [--to 24] [--per 10] [--seed 7] [--clock cpu]
//                                    [--workers 2]
//     how many positions of each count of empty squares the advanced level solves exactly
//     within its own time (1.5 s), from a cleared solver table, and its slowest move;
//     --clock cpu: every clock the AI reads (performance.now) counts this process's processor
//     time instead of wall clock, so other jobs on the machine do not eat the AI's time (what
//     a quiet machine would give, within the processor time Node's own threads add);
//     --workers N (2 or more; wall clock only): chooseMoveAsync, as the AI worker plays, its
//     exact solve on N helper threads (bench/reversi_helpers.mjs), their tables cleared and
//     the helpers loaded before each position; the load average is printed at the start
//   node bench/reversi_ai.mjs levels [--games 10] [--seed 1] [--workers 2]
//     advanced against intermediate and intermediate against beginner, colours alternating,
//     each opening (4 random moves) played twice with the colours swapped; each level's
//     slowest move; --workers N: the advanced level's solve on N helper threads
//   node bench/reversi_ai.mjs edax --edax PATH [--levels 1,2,4,8] [--games 8] [--seed 1]
//     the advanced level against Edax (github.com/abulmo/edax-reversi, built apart from this
//     project) at fixed levels `-l N`, driven through its text interface (`mode 3`,
//     `setboard`, `go`), one thread, no opening book; openings and colours as above. PATH is
//     Edax's executable in its bin/ folder (its data/ folder beside bin/).
//   node bench/reversi_ai.mjs egaroucid --egaroucid PATH [--levels 1,2,4,8] [--games 10] [--seed 1]
//     the same against Egaroucid for Web (github.com/Nyanyan/Egaroucid_Web_Ver, its weights and
//     book compiled in; kept outside this project) at its fixed levels (its level.hpp: a
//     midgame search N plies deep, the endgame searched to the end from 2N + 1 empty squares
//     up to level 10, from 25 at 11 and 12, 28 at 13 to 18; selective, by ProbCut, from level 3),
//     run in this process (bench/egaroucid_player.mjs); PATH is its egaroucid/ai.js.
// Positions are game-like (bench/reversi_positions.mjs). Times are wall clock on this
// machine's Node.js, which stands in for the browser (the same V8 engine runs the AI's worker).
import { spawn } from "node:child_process";
import { dirname } from "node:path";
import { createInterface } from "node:readline";

import engine, { PASS, discs } from "../static/js/engines/reversi.js";
import { loadavg } from "node:os";

import { LEVEL_SETTINGS, chooseMove, chooseMoveAsync } from "../static/js/ai/reversi.js";
import { closeHelperPool, helperPool } from "../static/js/ai/reversi-parallel.js";
import { spawnHelper } from "./reversi_helpers.mjs";
import { loadEgaroucid } from "./egaroucid_player.mjs";
import { clearTable } from "../static/js/ai/reversi-solve.js";
import { seededRandom } from "../static/js/ai/random.js";
import { positions } from "./reversi_positions.mjs";

const USAGE = "usage: node bench/reversi_ai.mjs reach|levels|edax|egaroucid [--from N] [--to N] [--per N] [--games N] [--seed N] [--edax PATH] [--egaroucid PATH] [--levels 1,2,4] [--clock cpu] [--workers N]";

function parseArgs(argv) {
  const options = { mode: argv[0], from: 16, to: 24, per: 10, games: 10, seed: 1, edax: null, egaroucid: null, levels: "1,2,4,8", clock: "wall", workers: 1 };
  for (let i = 1; i < argv.length; i += 2) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : null;
    const value = argv[i + 1];
    if (!name || !(name in options) || name === "mode" || value === undefined) throw new Error(USAGE);
    options[name] = ["edax", "egaroucid", "levels", "clock"].includes(name) ? value : Number(value);
  }
  if (!["reach", "levels", "edax", "egaroucid"].includes(options.mode)) throw new Error(USAGE);
  if (["edax", "egaroucid"].includes(options.mode) && !options[options.mode]) throw new Error(USAGE);
  if (!["wall", "cpu"].includes(options.clock)) throw new Error(USAGE);
  if (!(options.workers >= 1) || (options.workers > 1 && (options.clock !== "wall" || ["edax", "egaroucid"].includes(options.mode)))) throw new Error(USAGE);
  return options;
}

async function reach({ from, to, per, seed, clock, workers }) {
  if (clock === "cpu") {
    const zero = process.cpuUsage();
    performance.now = () => {
      const used = process.cpuUsage(zero);
      return (used.user + used.system) / 1000;
    };
  }
  const helpers = { spawn: spawnHelper, size: workers };
  const pool = workers > 1 ? helperPool(helpers) : null;
  console.log(`advanced level, its own time (1.5 s, ${clock === "cpu" ? "processor time" : "wall clock"}), cleared solver table, ${per} game-like positions per count, ${workers > 1 ? `${workers} helper workers` : "one thread"}; load average ${loadavg().map((x) => x.toFixed(2)).join(" ")} at ${new Date().toISOString()}`);
  console.log("empty  solved  mean ms  max ms");
  for (let e = from; e <= to; e++) {
    let solved = 0;
    let total = 0;
    let max = 0;
    const missed = [];
    const each = [];
    for (const [index, { state }] of positions(e, per, seed * 10_000 + e * 100).entries()) {
      clearTable();
      if (pool) await pool.clear();
      const started = performance.now();
      const { stats } = pool ? await chooseMoveAsync(state, { level: "advanced", random: seededRandom(1), helpers })
        : chooseMove(state, { level: "advanced", random: seededRandom(1) });
      const ms = performance.now() - started;
      each.push(ms.toFixed(0));
      if (pool && e <= LEVEL_SETTINGS.advanced.solveFrom && stats.helpers !== workers) throw new Error("the solve ran without its helpers");
      if (stats.solved) solved++;
      else missed.push(index);
      total += ms;
      max = Math.max(max, ms);
    }
    console.log(`${String(e).padStart(5)}  ${String(solved).padStart(3)}/${String(per).padEnd(3)}  ${(total / per).toFixed(0).padStart(7)}  ${max.toFixed(0).padStart(6)}  ${missed.length ? `not solved: ${missed.join(" ")}` : ""}`);
    console.log(`       ms each: ${each.join(" ")}`);
  }
  closeHelperPool();
}

// An opening: `plies` random moves from the start (seeded).
function opening(seed, plies = 4) {
  const random = seededRandom(seed);
  let state = engine.initialState();
  const texts = [];
  for (let i = 0; i < plies; i++) {
    const moves = engine.legalMoves(state);
    const move = moves[Math.floor(random() * moves.length)];
    texts.push(engine.formatMove(state, move));
    state = engine.play(state, move);
  }
  return { state, texts };
}

const slowest = {};
const note = (who, ms) => {
  slowest[who] = Math.max(slowest[who] ?? 0, ms);
};

// Plays from `start`; players[side] is async (state) => move. Returns black's disc difference.
async function playGame(start, players) {
  let state = start;
  while (!engine.outcome(state)) {
    const legal = engine.legalMoves(state);
    const move = await players[engine.toMove(state)](state);
    if (!legal.includes(move)) throw new Error(`illegal move ${move}`);
    state = engine.play(state, move);
  }
  const [black, white] = discs(state);
  return black - white;
}

// The advanced level's moves in games by empty squares, from 24 down: [exact, all].
const inGames = new Map();

// levels --workers N: the advanced level plays as the AI worker does, its solve on N helpers.
let gameHelpers = null;

function aiPlayer(level, seed) {
  const random = seededRandom(seed);
  return async (state) => {
    const started = performance.now();
    const { move, stats } = level === "advanced" && gameHelpers
      ? await chooseMoveAsync(state, { level, random, helpers: gameHelpers }) : chooseMove(state, { level, random });
    note(level, performance.now() - started);
    const e = 64 - discs(state)[0] - discs(state)[1];
    if (level === "advanced" && e >= 16 && e <= 24 && !stats.forced) {
      const seen = inGames.get(e) ?? [0, 0];
      seen[0] += stats.solved ? 1 : 0;
      seen[1]++;
      inGames.set(e, seen);
    }
    return move;
  };
}

function printInGames() {
  const counts = [...inGames.entries()].sort((a, b) => b[0] - a[0]);
  console.log("the advanced level's moves solved exactly in these games, by empty squares:",
    counts.map(([e, [exact, all]]) => `${e}: ${exact}/${all}`).join(", "));
}

// Plays `games` games between two players (made fresh per game), colours alternating, each
// opening twice; returns [wins of a, draws, wins of b, disc difference for a].
async function match(makeA, makeB, games, seed, label) {
  const score = [0, 0, 0];
  let discDiff = 0;
  for (let g = 0; g < games; g++) {
    const { state, texts } = opening(seed * 1000 + (g >> 1));
    const aIsBlack = g % 2 === 0;
    const a = makeA(g);
    const b = makeB(g);
    const diff = await playGame(state, aIsBlack ? [a, b] : [b, a]);
    const forA = aIsBlack ? diff : -diff;
    discDiff += forA;
    score[forA > 0 ? 0 : forA === 0 ? 1 : 2]++;
    console.log(`  ${label} game ${g + 1}: opening ${texts.join(" ")}, a ${aIsBlack ? "black" : "white"}: ${forA > 0 ? "+" : ""}${forA}`);
  }
  return { score, discDiff };
}

async function levels({ games, seed, workers }) {
  if (workers > 1) gameHelpers = { spawn: spawnHelper, size: workers };
  console.log(`${workers > 1 ? `the advanced level's solve on ${workers} helper workers` : "one thread"}; load average ${loadavg().map((x) => x.toFixed(2)).join(" ")} at ${new Date().toISOString()}`);
  for (const [a, b] of [["advanced", "intermediate"], ["intermediate", "beginner"]]) {
    const { score, discDiff } = await match((g) => aiPlayer(a, seed * 100 + g), (g) => aiPlayer(b, seed * 200 + g), games, seed, `${a} v ${b}`);
    console.log(`${a} v ${b}: ${score[0]} wins, ${score[1]} draws, ${score[2]} losses over ${games} games; mean disc difference ${(discDiff / games).toFixed(1)}`);
  }
  console.log("slowest move (ms):", Object.entries(slowest).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", "));
  printInGames();
  closeHelperPool();
}

// Edax through its text interface: one process per level, `setboard` then `go` each turn.
class Edax {
  constructor(path, level) {
    this.child = spawn(path, ["-l", String(level), "-n", "1", "-book-usage", "off"], {
      cwd: dirname(dirname(path)), stdio: ["pipe", "pipe", "ignore"],
    });
    this.waiting = null;
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const found = /Edax plays ([A-Ha-h][1-8]|PS|pa)/.exec(line);
      if (found && this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(found[1].toLowerCase());
      }
    });
    this.child.stdin.write("mode 3\n");
  }

  async move(state) {
    const board = [...engine.dump(state).board].map((c) => (c === "b" ? "X" : c === "w" ? "O" : "-")).join("");
    const text = await new Promise((resolve) => {
      this.waiting = resolve;
      this.child.stdin.write(`setboard ${board} ${engine.toMove(state) ? "O" : "X"}\ngo\n`);
    });
    return engine.parseMove(state, text === "ps" || text === "pa" ? "pass" : text);
  }

  close() {
    this.child.stdin.write("quit\n");
    this.child.stdin.end();
  }
}

// The advanced level against an engine at each of `levels`: engineAt(level) gives an object
// with move(state) (a promise of its move; asked only when it has one) and maybe close().
async function versusEngine(name, engineAt, { levels: levelList, games, seed }) {
  const load = () => `load average ${loadavg().map((x) => x.toFixed(2)).join(" ")} at ${new Date().toISOString()}`;
  console.log(`one thread; ${load()}`);
  for (const level of levelList.split(",").map(Number)) {
    const opponent = engineAt(level);
    const label = `${name} ${level}`;
    const player = async (state) => {
      const legal = engine.legalMoves(state);
      if (legal.length === 1 && legal[0] === PASS) return PASS;
      const started = performance.now();
      const move = await opponent.move(state);
      note(label, performance.now() - started);
      return move;
    };
    const { score, discDiff } = await match((g) => aiPlayer("advanced", seed * 100 + g), () => player, games, seed, `advanced v ${label}`);
    opponent.close?.();
    console.log(`advanced v ${label}: ${score[0]} wins, ${score[1]} draws, ${score[2]} losses over ${games} games; mean disc difference ${(discDiff / games).toFixed(1)}`);
  }
  console.log("slowest move (ms):", Object.entries(slowest).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", "));
  printInGames();
  console.log(`end: ${load()}`);
}

async function versusEgaroucid(options) {
  const play = await loadEgaroucid(options.egaroucid);
  await versusEngine("egaroucid", (level) => ({ move: async (state) => play(state, level) }), options);
}

const options = parseArgs(process.argv.slice(2));
if (options.mode === "reach") await reach(options);
else if (options.mode === "levels") await levels(options);
else if (options.mode === "edax") await versusEngine("edax -l", (level) => new Edax(options.edax, level), options);
else await versusEgaroucid(options);
