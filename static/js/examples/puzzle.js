// The worked examples of the rules pages as one-move puzzles (templates/games/_example.html).
// Each [data-example] gets the play pages' own board (board2d/board.js) on the position before
// the example's move, loaded into the JavaScript engine twin from the JSON the server wrote.
// The reader builds a move point by point exactly as on a play page (board2d/view.js, shared
// with board2d/page.js: the same highlights, the same refusals in the same words); the
// engine refuses what the rules refuse, and a legal move is compared with data-answers (the
// example's move, then any other the text calls as good). A right move shows the position after;
// a wrong one is undone with a short reason, to try again. The result line is a live region.
//
// For tests, each [data-example] carries data-ready, data-solved ("" | "answer" | "also" |
// "shown"), data-stage (start, destination, capture) and data-last (last refused: "wrong" or
// the engine's error code).
import { Board2D } from "../board2d/board.js";
import { IDLE, PASS, back, splitMove, stageOf } from "../board2d/intents.js";
import { boardStrings, boardView, choosePoint, engineCode, refusalKey } from "../board2d/view.js";
import { loadEngine } from "../engines/index.js";
import { loadStrings } from "../play/strings.js";

// A move in the text (c2-c1xa4) is a .notation span, which never breaks at its hyphen.
const NOTATION = /[a-g][1-7](?:-[a-g][1-7])?(?:x[a-g][1-7])?/g;

function keepMovesWhole(text) {
  const nodes = [];
  let from = 0;
  for (const match of text.matchAll(NOTATION)) {
    nodes.push(text.slice(from, match.index));
    const span = document.createElement("span");
    span.className = "notation";
    span.textContent = match[0];
    nodes.push(span);
    from = match.index + match[0].length;
  }
  nodes.push(text.slice(from));
  return nodes;
}

class ExamplePuzzle {
  constructor(root, engine) {
    this.root = root;
    this.engine = engine;
    this.slug = engine.slug;
    // The example's id: the page's name for it (a game may have several, one per rule setting).
    const id = root.dataset.example;
    this.t = loadStrings(document, `example-strings-${id}`);
    const position = JSON.parse(document.getElementById(`example-position-${id}`).textContent);
    this.start = engine.load(position);
    this.answers = root.dataset.answers.split(" ");
    this.result = root.querySelector("[data-example-result]");
    this.prompt = root.querySelector("[data-example-prompt]");
    this.hint = root.querySelector("[data-example-hint]");
    const t = this.t;
    this.board = new Board2D(root.querySelector("[data-example-board]"), {
      slug: this.slug,
      strings: boardStrings(t, t("example-board-label")),
      onChoose: (point) => this.choosePoint(point),
      onCancel: () => this.cancel(),
    });
    root.querySelector("[data-example-reset]").addEventListener("click", () => this.reset(true));
    // A game where a side may have to pass: the pass is answered as a move (and refused with
    // the engine's reason while a square is legal).
    root.querySelector("[data-example-pass]")?.addEventListener("click", () => this.choosePass());
    root.querySelector("[data-example-solve]").addEventListener("click", () => this.finish(this.answers[0], "shown"));
    this.reset(false);
    root.querySelector("[data-example-figures]").hidden = true;
    root.querySelector("[data-example-puzzle]").hidden = false;
    root.dataset.ready = "true";
  }

  side(player) {
    return this.t(`side-${player}`);
  }

  // Back to the position before the move: the puzzle again.
  reset(spoken) {
    this.state = this.start;
    this.pending = IDLE;
    this.solved = "";
    this.lastMove = null;
    this.prompt.textContent = this.t("example-prompt", { side: this.side(this.engine.toMove(this.start)) });
    this.say(spoken ? this.t("example-reset") : "");
    delete this.root.dataset.last;
    this.draw();
    if (spoken) this.board.buttons.get(this.board.focusPoint).focus({ preventScroll: true });
  }

  choosePoint(point) {
    if (this.solved) return;
    const result = choosePoint(this.engine, this.state, this.pending, point);
    if (result.kind === "pending") {
      this.pending = result.pending;
      this.say(stageOf(this.pending) === "capture" ? this.t("announce-capture-choose") : "");
      this.draw();
    } else if (result.kind === "play") {
      if (this.answers.includes(result.move)) this.finish(result.move, result.move === this.answers[0] ? "answer" : "also");
      else this.refuse("wrong", this.t("example-wrong", { move: result.move }));
    } else {
      const code = engineCode(this.engine, this.state, result.attempt);
      this.refuse(code, this.t(refusalKey(this.engine, this.state, code, point)));
    }
  }

  choosePass() {
    if (this.solved) return;
    if (!this.engine.legalMoves(this.state).some((move) => this.engine.formatMove(this.state, move) === PASS)) {
      const code = engineCode(this.engine, this.state, PASS);
      this.refuse(code, this.t(`error-${code}`));
    } else if (this.answers.includes(PASS)) this.finish(PASS, PASS === this.answers[0] ? "answer" : "also");
    else this.refuse("wrong", this.t("example-wrong", { move: this.t("pass-button") }));
  }

  // A refused or wrong move: nothing changes but the half-built move, which starts over.
  refuse(code, text) {
    this.pending = IDLE;
    this.root.dataset.last = code;
    this.say(text);
    this.draw();
  }

  cancel() {
    if (this.solved || stageOf(this.pending) === "start") return;
    this.pending = back(this.pending);
    this.say(this.t("announce-cancelled"));
    this.draw();
  }

  // The position after `move`; how it came ("answer", "also" or "shown") picks the words.
  finish(move, how) {
    this.state = this.engine.play(this.start, this.engine.parseMove(this.start, move));
    this.pending = IDLE;
    this.solved = how;
    this.lastMove = splitMove(move);
    const shown = (text) => (text === PASS ? this.t("pass-button") : text);
    const values = { move: shown(move), answer: shown(this.answers[0]) };
    let text = this.t({ answer: "example-right", also: "example-also-right", shown: "example-shown" }[how], values);
    const outcome = this.engine.outcome(this.state);
    if (outcome) {
      const sides = outcome.winner === null ? {} : { side: this.side(outcome.winner), loser: this.side(1 - outcome.winner) };
      const reason = this.t(`reason-${outcome.reason}`, { ...sides, cells: outcome.cells.join(this.t("listSeparator")) });
      text = this.t("twoSentences", { first: text, second: reason });
    }
    delete this.root.dataset.last;
    this.say(text);
    this.draw();
  }

  // What to choose now, in the play page's words.
  phaseHint(stage, phase) {
    if (stage === "capture") return this.t("phase-capture");
    if (stage === "destination") return this.t(`phase-${phase}-destination`);
    return this.t(`phase-${phase}`, { side: this.side(this.engine.toMove(this.state)) });
  }

  // The result line is a live region: clearing it first makes a repeated text heard again.
  say(text) {
    clearTimeout(this.sayTimer);
    this.result.textContent = "";
    if (text) this.sayTimer = setTimeout(() => { this.result.replaceChildren(...keepMovesWhole(text)); }, 30);
  }

  draw() {
    const interactive = !this.solved;
    const { view, facts, stage } = boardView(this.engine, this.state, this.pending, {
      interactive, lastMove: this.lastMove, moveCount: this.solved ? 1 : 0,
    });
    this.board.render(view);
    this.hint.textContent = interactive ? this.phaseHint(stage, facts.phase) : "";
    this.root.dataset.stage = stage;
    this.root.dataset.solved = this.solved;
  }
}

async function main() {
  for (const root of document.querySelectorAll("[data-example]")) {
    try {
      new ExamplePuzzle(root, await loadEngine(root.dataset.game));
    } catch (error) {
      // The pictures stay: an example that cannot be played is still an example.
      console.error(error);
    }
  }
}

main();
