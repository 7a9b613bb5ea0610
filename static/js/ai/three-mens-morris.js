// Three Men's Morris AI. Beginner: 40% random, else two plies. Intermediate: a four-ply
// search. Advanced: perfect play from a retrograde solution of every reachable position
// (board and side to move; the reserves follow from the board), built once on first use.
import engine, { LINES, MOVE_LIMIT, NEIGHBOURS, PIECES } from "../engines/three-mens-morris.js";
import { chooseByLevel, chooseFromTable, solveGraph } from "./search.js";

const keyOf = (state) => state.board.map((c) => (c === null ? "." : c)).join("") + state.toMove;

function expand(key) {
  const board = [...key.slice(0, 9)];
  const toMove = Number(key[9]);
  const me = String(toMove);
  const last = String(1 - toMove);
  if (LINES.some((line) => line.every((p) => board[p] === last))) return { terminal: -1, children: [] };
  const children = [];
  const child = (from, to) => {
    const next = [...board];
    if (from !== null) next[from] = ".";
    next[to] = me;
    children.push(next.join("") + (1 - toMove));
  };
  if (board.filter((c) => c !== ".").length < 2 * PIECES) {
    board.forEach((cell, p) => cell === "." && child(null, p));
  } else {
    board.forEach((cell, p) => {
      if (cell === me) for (const q of NEIGHBOURS[p]) if (board[q] === ".") child(p, q);
    });
  }
  return children.length ? { terminal: null, children } : { terminal: -1, children };
}

let table = null;
export function solvedTable() {
  table ??= solveGraph(".........0", expand);
  return table;
}

// Lines two of one side hold with the third point empty, and room to move.
function evaluate(state) {
  const me = state.toMove;
  let score = 0;
  for (const line of LINES) {
    const mine = line.filter((p) => state.board[p] === me).length;
    const theirs = line.filter((p) => state.board[p] === 1 - me).length;
    if (theirs === 0) score += mine * mine * 3;
    if (mine === 0) score -= theirs * theirs * 3;
  }
  if (state.board[4] === me) score += 4;
  else if (state.board[4] === 1 - me) score -= 4;
  return score;
}

const game = {
  engine,
  evaluate,
  depths: { beginner: 2, intermediate: 4 },
  advanced: (state, { random }) => chooseFromTable({
    engine, state, table: solvedTable(), keyOf, random,
    remaining: (s) => MOVE_LIMIT - s.history.length,
  }),
};

export function chooseMove(state, options = {}) {
  return chooseByLevel(game, state, options);
}
