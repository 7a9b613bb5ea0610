// One try at a daily puzzle, walked along the defence tree the server shipped
// (daily/defence.py): no search in the browser, so it plays the same on a phone, offline.
// The engine twin replays the position and every move, so a move the tree names is also one
// the rules allow. Pure: no DOM (tests/js/daily.test.mjs).
//
//   const run = new PuzzleRun(engine, puzzle);
//   run.play("B3") -> {kind: "good", reply: "C1" | null, solved, left}
//                   | {kind: "bad", reply: "A2" | null, wins: 0 | 1 | 2}
//                   | {kind: "illegal"}
//   run.restart()  // back to the puzzle's position, a new try
//
// A "best" puzzle (goal "best", daily/best.py) is one move: the answer solves it, any other
// move is bad; both are answered with the opponent's best reply and carry the move's
// `outcome` ({score, discs: [mover's, opponent's], reply}), proven offline by the solver.

export class PuzzleRun {
  constructor(engine, puzzle) {
    this.engine = engine;
    this.puzzle = puzzle;
    let state = engine.initialState();
    for (const text of puzzle.moves) state = engine.play(state, engine.parseMove(state, text));
    this.start = state;
    this.attacker = engine.toMove(state);
    this.best = puzzle.goal === "best";
    this.restart();
  }

  restart() {
    this.state = this.start;
    this.node = this.best ? null : this.puzzle.defence;
    this.line = []; // the moves of this try, both sides, canonical text
    this.over = false;
    this.solved = false;
  }

  // Moves of the attacker left (the goal counts down as the try goes).
  get left() {
    return this.node ? this.node.n : 0;
  }

  apply(text) {
    this.state = this.engine.play(this.state, this.engine.parseMove(this.state, text));
    this.line.push(text);
  }

  play(text) {
    if (this.over) return { kind: "illegal" };
    let canonical;
    try {
      canonical = this.engine.formatMove(this.state, this.engine.parseMove(this.state, text));
      this.engine.play(this.state, this.engine.parseMove(this.state, canonical));
    } catch {
      return { kind: "illegal" };
    }
    if (this.best) return this.playBest(canonical);
    const node = this.node;
    if (canonical in node.good) {
      this.apply(canonical);
      const next = node.good[canonical];
      if (next === null || next.next === null) {
        // The move won at once (or every reply loses at once: the reply is shown anyway).
        if (next?.reply) this.apply(next.reply);
        this.over = true;
        this.solved = true;
        return { kind: "good", reply: next?.reply ?? null, solved: true, left: 0 };
      }
      this.apply(next.reply);
      this.node = next.next;
      return { kind: "good", reply: next.reply, solved: false, left: this.node.n };
    }
    const refutation = node.bad[canonical];
    this.apply(canonical);
    if (refutation?.reply) this.apply(refutation.reply);
    this.over = true;
    return { kind: "bad", reply: refutation?.reply ?? null, wins: refutation?.wins ?? 0 };
  }

  playBest(canonical) {
    const outcome = this.puzzle.outcomes[canonical];
    this.apply(canonical);
    if (outcome.reply) this.apply(outcome.reply);
    this.over = true;
    if (canonical !== this.puzzle.answer) return { kind: "bad", reply: outcome.reply, outcome };
    this.solved = true;
    return { kind: "good", reply: outcome.reply, solved: true, left: 0, outcome };
  }

  // The whole solution the defence allows: the answer, the best reply, and so on (the first
  // good move at each turn), for "replay the solution"; a best-move puzzle's best line, to
  // the game's end.
  solution() {
    if (this.best) return [...this.puzzle.line];
    const texts = [];
    let node = this.puzzle.defence;
    while (node) {
      const move = Object.keys(node.good)[0];
      texts.push(move);
      const next = node.good[move];
      if (!next) break;
      texts.push(next.reply);
      node = next.next;
    }
    return texts;
  }
}

// The reader's calendar date, YYYY-MM-DD, from the device's clock and time zone.
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// The share line: the puzzle number, per puzzle one symbol per try (× a miss, ○ the solve,
// - not solved yet: marks every CJK font has, read the same way in all three languages),
// the link. Nothing of the answer.
// results: per puzzle {solved, misses} (the tries that ended in a refutation).
export function shareText({ title, number, results, url }) {
  const marks = results.map((r) => "×".repeat(r.misses) + (r.solved ? "○" : "-"));
  return `${title} #${number}\n${marks.join(" ")}\n${url}`;
}
