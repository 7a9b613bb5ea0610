// Tic-tac-toe AI. Beginner: 40% random, else a two-ply look (wins, blocks). Intermediate:
// a three-ply search (sees forks only when they are made). Advanced: the solved game.
import engine, { LINES } from "../engines/tic-tac-toe.js";
import { chooseByLevel, chooseFromTable, solveGraph } from "./search.js";

const keyOf = (state) => state.board.map((c) => (c === null ? "." : c)).join("") + state.toMove;

function expand(key) {
  const board = [...key.slice(0, 9)];
  const toMove = Number(key[9]);
  const last = String(1 - toMove);
  if (LINES.some((line) => line.every((p) => board[p] === last))) return { terminal: -1, children: [] };
  if (!board.includes(".")) return { terminal: 0, children: [] };
  const children = [];
  board.forEach((cell, p) => {
    if (cell !== ".") return;
    const next = [...board];
    next[p] = String(toMove);
    children.push(next.join("") + (1 - toMove));
  });
  return { terminal: null, children };
}

let table = null;
export function solvedTable() {
  table ??= solveGraph(".........0", expand);
  return table;
}

// Open lines (no enemy mark) weighted by how full they are: a tie-breaker for short searches.
function evaluate(state) {
  const me = state.toMove;
  let score = 0;
  for (const line of LINES) {
    const mine = line.filter((p) => state.board[p] === me).length;
    const theirs = line.filter((p) => state.board[p] === 1 - me).length;
    if (theirs === 0) score += mine * mine;
    if (mine === 0) score -= theirs * theirs;
  }
  return score;
}

const game = {
  engine,
  evaluate,
  depths: { beginner: 2, intermediate: 3 },
  advanced: (state, { random }) => chooseFromTable({ engine, state, table: solvedTable(), keyOf, random }),
};

export function chooseMove(state, options = {}) {
  return chooseByLevel(game, state, options);
}
