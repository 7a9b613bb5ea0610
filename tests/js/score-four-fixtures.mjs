// Positions and a brute-force solver shared by the Score Four AI tests (not a test file).
import game from "../../static/js/engines/score-four.js";

export function playAll(texts, state = game.initialState()) {
  for (const text of texts.split(" ").filter(Boolean)) state = game.play(state, game.parseMove(state, text));
  return state;
}

// The exact result for the side to move by plain minimax over the engine, memoised:
// { value: 1 won / 0 drawn / -1 lost, distance: plies to the end with best play (the
// fastest win, the slowest loss; a draw ends when the board is full) }.
export function solveExactly(state, memo = new Map()) {
  const over = game.outcome(state);
  if (over) return { value: over.winner === null ? 0 : -1, distance: 0 }; // the last mover won
  const key = JSON.stringify(game.dump(state).pegs);
  if (memo.has(key)) return memo.get(key);
  let best = null;
  let bestRank = -Infinity;
  for (const peg of game.legalMoves(state)) {
    const next = game.play(state, peg);
    const result = game.outcome(next);
    let value = 1;
    let distance = 1;
    if (result) value = result.winner === null ? 0 : 1; // the mover made the line, or filled the board
    else {
      const reply = solveExactly(next, memo);
      value = reply.value === 0 ? 0 : -reply.value;
      distance = reply.distance + 1;
    }
    const rank = value === 1 ? 1000 - distance : value === -1 ? -1000 + distance : 0;
    if (rank > bestRank) {
      bestRank = rank;
      best = { value, distance };
    }
  }
  memo.set(key, best);
  return best;
}

// A full board without any line (32 balls each); emptying some of its top cells gives
// endgames where either side may still make a line.
const DRAWN = "1001010000011011101101101010100001101001011011100111111001000010";

export function endgame(empties, random) {
  for (;;) {
    const cells = [...DRAWN].map(Number);
    const heights = Array(16).fill(4);
    for (let k = 0; k < empties; k++) {
      const pegs = heights.map((h, peg) => (h > 0 ? peg : -1)).filter((peg) => peg >= 0);
      const peg = pegs[Math.floor(random() * pegs.length)];
      heights[peg] -= 1;
      cells[heights[peg] * 16 + peg] = null;
    }
    const whites = cells.filter((c) => c === 0).length;
    const blacks = cells.filter((c) => c === 1).length;
    if (whites - blacks !== 0 && whites - blacks !== 1) continue;
    const pegs = Array.from({ length: 16 }, (_, peg) => {
      let balls = "";
      for (let level = 0; level < heights[peg]; level++) balls += cells[level * 16 + peg] === 0 ? "w" : "b";
      return balls;
    });
    return game.load({ game: "score-four", pegs, to_move: (whites + blacks) % 2 });
  }
}

// Open positions reached by seeded random play, each with the pegs played to reach it.
export function randomGames(count, random, { minPlies = 6, maxPlies = 36 } = {}) {
  const games = [];
  while (games.length < count) {
    let state = game.initialState();
    const pegs = [];
    const plies = minPlies + Math.floor(random() * (maxPlies - minPlies));
    for (let i = 0; i < plies && !game.outcome(state); i++) {
      const moves = game.legalMoves(state);
      const peg = moves[Math.floor(random() * moves.length)];
      pegs.push(peg);
      state = game.play(state, peg);
    }
    if (!game.outcome(state)) games.push({ state, pegs });
  }
  return games;
}
