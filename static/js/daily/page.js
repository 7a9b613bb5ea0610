// The daily puzzle page (templates/daily/daily.html): the reader's date (or the archive's),
// its puzzles from /daily/puzzles/<date>.json, each on the play pages' own board: the
// three.js board with the 16-button panel for a game on the 3D board (its board3d.js,
// panel16.js), the SVG board for the others (board2d/board.js and view.js, as the rules
// pages' examples use them). The defence answers from the shipped tree (run.js); a
// best-move puzzle (goal "best") from each move's shipped outcome, one move a try.
//
// For tests, [data-daily] carries data-ready and data-date; each [data-daily-puzzle]
// data-state ("playing", "wrong", "solved"), data-tries and data-answer-length.
import { Board2D } from "../board2d/board.js";
import { IDLE, PASS, back, splitMove, stageOf } from "../board2d/intents.js";
import { boardStrings, boardView, choosePoint, engineCode, refusalKey } from "../board2d/view.js";
import { loadEngine } from "../engines/index.js";
import { gameEntry } from "../games/registry.js";
import { report } from "../play/stats-hook.js";
import { pageClient } from "../stats/client.js";
import { loadStrings } from "../play/strings.js";
import { PEG_NAMES, cellIndex, cellOf, pegContents } from "../score-four/model.js";
import { PegPanel } from "../score-four/panel16.js";
import { History } from "./history.js";
import { PuzzleRun, localDate, shareText } from "./run.js";

const root = document.querySelector("[data-daily]");
const t = loadStrings(document, "daily-strings");

// --- the boards: one adapter per kind, with draw(state, lastText, interactive) -----------

class Board3DPuzzle {
  constructor(section, engine, onMove, words) {
    this.engine = engine;
    this.section = section;
    this.el = section.querySelector("[data-board3d]");
    this.panel = new PegPanel(section.querySelector("[data-peg-panel]"), {
      t: words, onIntent: (peg) => onMove(PEG_NAMES[peg]), onRefused: () => {},
    });
    this.onMove = onMove;
    this.board = null;
  }

  async start() {
    let canvasOk = false;
    try { canvasOk = Boolean(document.createElement("canvas").getContext("webgl2")); } catch { /* none */ }
    if (!canvasOk) {
      this.el.dataset.state = "no-webgl";
      this.el.querySelector("[data-board-message]").hidden = false;
      return;
    }
    try {
      const { Board3D } = await import("../score-four/board3d.js");
      this.board = new Board3D(this.el, { onIntent: (peg) => this.onMove(PEG_NAMES[peg]), onRefused: () => {} });
      this.el.dataset.state = "3d";
    } catch (error) {
      console.error(error);
      this.el.dataset.state = "no-webgl";
      this.el.querySelector("[data-board-message]").hidden = false;
    }
  }

  draw(state, line, interactive) {
    const engine = this.engine;
    const pegs = pegContents(engine, state);
    let last = null;
    if (line.length) {
      const peg = PEG_NAMES.indexOf(line[line.length - 1]);
      last = cellOf(peg, pegs[peg].length - 1);
    }
    const outcome = engine.outcome(state);
    const view = {
      pegs, usable: interactive, toMove: engine.toMove(state), lastCell: last,
      gold: new Set((outcome?.cells ?? []).map(cellIndex)), threats: null,
      dropCells: new Set(last === null ? [] : [last]), hint: null,
    };
    this.board?.update(view);
    this.panel.update(view);
  }
}

class FlatBoard {
  constructor(section, engine, onMove, words) {
    this.engine = engine;
    this.words = words;
    this.hint = section.querySelector("[data-hint]");
    this.onMove = onMove;
    this.pending = IDLE;
    this.board = new Board2D(section.querySelector("[data-board2d]"), {
      slug: engine.slug,
      strings: boardStrings(words),
      onChoose: (point) => this.choose(point),
      onCancel: () => { this.pending = back(this.pending); this.redraw(); },
    });
  }

  async start() {}

  choose(point) {
    if (!this.interactive) return;
    const result = choosePoint(this.engine, this.state, this.pending, point);
    if (result.kind === "pending") {
      this.pending = result.pending;
      this.redraw();
    } else if (result.kind === "play") {
      this.pending = IDLE;
      this.onMove(result.move);
    } else {
      const code = engineCode(this.engine, this.state, result.attempt);
      this.pending = IDLE;
      this.hint.textContent = this.words(refusalKey(this.engine, this.state, code, point));
      this.redraw(false);
    }
  }

  draw(state, line, interactive) {
    this.state = state;
    this.line = line;
    this.interactive = interactive;
    this.pending = IDLE;
    this.redraw();
  }

  redraw(clearHint = true) {
    const lastMove = this.line.length ? splitMove(this.line[this.line.length - 1]) : null;
    const { view, facts, stage } = boardView(this.engine, this.state, this.pending, {
      interactive: this.interactive, lastMove, moveCount: this.line.length,
    });
    this.board.render(view);
    if (clearHint) {
      const w = this.words;
      const side = w(`side-${this.engine.toMove(this.state)}`);
      if (!this.interactive) this.hint.textContent = "";
      else if (stage === "capture") this.hint.textContent = w("phase-capture");
      else if (stage === "destination") this.hint.textContent = w(`phase-${facts.phase}-destination`);
      else this.hint.textContent = w(`phase-${facts.phase}`, { side });
    }
  }
}

// --- one puzzle: tries, feedback, the solution replay ------------------------------------

const onBoard3d = (engine) => gameEntry(engine.slug).board === "3d";

// Sentences in a row: a space between them, none after a full-width stop (ja, zh: "。").
function sentences(...parts) {
  return parts.reduce((text, part) => (text === "" || /[。！？]$/.test(text) ? text + part : `${text} ${part}`), "");
}

function sideName(words, engine, side) {
  return onBoard3d(engine) ? words(side === 0 ? "white" : "black") : words(`side-${side}`);
}

class DailyPuzzle {
  constructor(section, engine, puzzle, date, history) {
    this.section = section;
    this.engine = engine;
    this.puzzle = puzzle;
    this.date = date;
    this.history = history;
    this.words = loadStrings(document, `ui-strings-${engine.slug}`);
    this.run = new PuzzleRun(engine, puzzle);
    this.feedback = section.querySelector("[data-feedback]");
    this.lineEl = section.querySelector("[data-line]");
    this.retry = section.querySelector("[data-retry]");
    this.prev = section.querySelector("[data-replay-prev]");
    this.next = section.querySelector("[data-replay-next]");
    const Kind = onBoard3d(engine) ? Board3DPuzzle : FlatBoard;
    this.board = new Kind(section, engine, (text) => this.move(text), this.words);
    const saved = history.result(date, engine.slug);
    this.tries = saved?.tries ?? 1;
    this.began = Date.now();
    this.retry.addEventListener("click", () => this.again());
    this.prev.addEventListener("click", () => this.step(-1));
    this.next.addEventListener("click", () => this.step(1));
    section.dataset.answerLength = String(this.run.solution().length);
    section.hidden = false;
    this.goal();
    if (saved?.solved) this.showSolved(saved);
    else this.show("playing");
  }

  side(player) {
    return sideName(this.words, this.engine, player);
  }

  goal() {
    const n = this.puzzle.win_in;
    const side = this.side(this.run.attacker);
    const key = this.run.best ? "best-goal" : n === 1 ? "goal-1" : "goal-n";
    this.section.querySelector("[data-goal]").textContent = t(key, { side, n });
  }

  // A move as the page writes it: a pass in the reader's words (the play page's Pass button).
  shown(text) {
    return text === PASS ? this.words("pass-button") : text;
  }

  // A best-move puzzle's final count: "Black 36 – White 28", the mover first.
  count(outcome) {
    const [mine, theirs] = outcome.discs;
    return t("best-count", { side: this.side(this.run.attacker), mine, other: this.side(1 - this.run.attacker), theirs });
  }

  // What a move of a best-move puzzle leads to: the reply on the board, then the final count.
  bestWords(result) {
    const defender = this.side(1 - this.run.attacker);
    const { outcome } = result;
    const count = this.count(outcome);
    if (result.reply === null) return t("best-ends", { count });
    const reply = result.reply === PASS ? t("best-pass", { side: defender }) : t("best-reply", { side: defender, move: result.reply });
    const key = outcome.score > 0 ? "best-more" : outcome.score === 0 ? "best-draw" : "best-less";
    return sentences(reply, t(key, { count }));
  }

  show(state) {
    this.section.dataset.state = state;
    this.section.dataset.tries = String(this.tries);
    const playing = state === "playing";
    this.board.draw(this.run.state, this.run.line, playing);
    this.retry.hidden = state !== "wrong";
    this.lineEl.replaceChildren(...this.run.line.map((text, i) => {
      const li = document.createElement("li");
      const move = this.shown(text);
      li.textContent = i % 2 === 0 ? t("move-you", { move }) : t("move-them", { side: this.side(1 - this.run.attacker), move });
      return li;
    }));
  }

  say(text) {
    this.feedback.textContent = text;
  }

  move(text) {
    if (this.run.over) return;
    const result = this.run.play(text);
    if (result.kind === "illegal") return;
    const defender = this.side(1 - this.run.attacker);
    if (result.kind === "good" && result.solved) {
      const saved = this.history.record(this.date, this.engine.slug, {
        solved: true, tries: this.tries, ms: Date.now() - this.began,
      });
      this.unreported = false;
      report("puzzle-attempt", { game: this.engine.slug, date: this.date, solved: true, tries: this.tries });
      this.showSolved(saved);
      onResult();
    } else if (result.kind === "good") {
      const reply = t("reply", { side: defender, move: result.reply });
      this.say(t(result.left === 1 ? "left-1" : "left-n", { reply, n: result.left }));
      this.show("playing");
    } else if (this.run.best) {
      this.say(sentences(this.bestWords(result), t("try-again")));
      this.unreported = true;
      this.show("wrong");
    } else {
      let words;
      const left = this.run.node.n - 1;
      if (result.reply === null) words = t("wrong-draw");
      else if (result.wins === 1) words = t("wrong-wins", { side: defender, move: result.reply });
      else if (result.wins === 2) words = t("wrong-wins-2", { side: defender, move: result.reply });
      else words = t(left <= 1 ? "wrong-holds-1" : "wrong-holds-n", { side: defender, move: result.reply, n: left });
      this.say(sentences(words, t("try-again")));
      this.unreported = true; // reported as unsolved when the page goes, unless solved first
      this.show("wrong");
    }
  }

  again() {
    this.tries += 1;
    this.run.restart();
    this.say("");
    this.show("playing");
  }

  showSolved(saved) {
    this.solution = this.run.solution();
    this.replayAt = this.solution.length;
    const seconds = Math.round((saved.ms ?? 0) / 1000);
    const time = seconds >= 60 ? t("time", { m: Math.floor(seconds / 60), s: seconds % 60 }) : t("time-s", { s: seconds });
    this.tries = saved.tries;
    const solved = saved.tries === 1 ? t("solved-1", { time }) : t("solved", { tries: saved.tries, time });
    // A best-move puzzle: the proven final count, the best line on the board to replay.
    this.say(this.run.best ? sentences(solved, t("best-final", { count: this.count(this.puzzle.outcomes[this.puzzle.answer]) })) : solved);
    this.run.restart();
    for (const text of this.solution) this.run.apply(text);
    this.run.over = true;
    this.show("solved");
    this.prev.hidden = false;
    this.next.hidden = false;
    this.stepButtons();
  }

  // Replay the solution move by move from the puzzle's position.
  step(delta) {
    this.replayAt = Math.max(0, Math.min(this.solution.length, this.replayAt + delta));
    this.run.restart();
    for (const text of this.solution.slice(0, this.replayAt)) this.run.apply(text);
    this.run.over = true;
    this.show("solved");
    this.stepButtons();
    const move = this.solution[this.replayAt - 1];
    this.feedback.textContent = move ? t("step", { i: this.replayAt, count: this.solution.length, move: this.shown(move) }) : "";
  }

  stepButtons() {
    this.prev.disabled = this.replayAt === 0;
    this.next.disabled = this.replayAt === this.solution.length;
  }
}

// --- the page ------------------------------------------------------------------------------

const history = new History(window.localStorage);
// An attempt left unsolved is one anonymous event when the page goes (statistics switch
// permitting). This listener comes first, then the statistics client is made (its own
// pagehide listener sends the queue, so it must run after this one).
addEventListener("pagehide", () => {
  for (const puzzle of puzzles) {
    if (!puzzle.unreported) continue;
    puzzle.unreported = false;
    report("puzzle-attempt", { game: puzzle.engine.slug, date: puzzle.date, solved: false, tries: puzzle.tries });
  }
});
pageClient();
let day = null;
let puzzles = [];

function dayUrl(date) {
  return new URL(`${date}/`, new URL(".", location.href.replace(/\d{4}-\d{2}-\d{2}\/$/, ""))).href;
}

function onResult() {
  const results = puzzles.map((p) => {
    const saved = history.result(day.date, p.engine.slug);
    if (saved?.solved) return { solved: true, misses: saved.tries - 1 };
    return { solved: false, misses: p.section.dataset.state === "wrong" ? p.tries : p.tries - 1 };
  });
  const shareEl = root.querySelector("[data-daily-share]");
  if (!results.some((r) => r.solved)) return;
  shareEl.hidden = false;
  const text = shareText({ title: t("share-title"), number: day.number, results, url: dayUrl(day.date) });
  shareEl.querySelector("[data-share-text]").textContent = text;
  const native = shareEl.querySelector("[data-share-native]");
  native.hidden = typeof navigator.share !== "function";
  native.onclick = () => navigator.share({ text }).catch(() => {});
  const note = shareEl.querySelector("[data-share-note]");
  shareEl.querySelector("[data-share-copy]").onclick = async () => {
    try {
      await navigator.clipboard.writeText(text);
      note.textContent = t("copied");
      root.dataset.copied = "true";
    } catch {
      note.textContent = t("copy-failed");
    }
  };
  showStreak();
}

function showStreak() {
  root.querySelector("[data-streak]").textContent = t("streak", { n: history.streak(localDate()) });
}

function message(text) {
  const el = root.querySelector("[data-daily-message]");
  el.textContent = text;
  el.hidden = !text;
}

// No puzzle to show on this date: the first puzzle's section (the 3D board), shown from the
// first paint so that nothing below it moves when the puzzle comes, is hidden again.
function noPuzzle(text) {
  message(text);
  root.querySelector('[data-daily-puzzle="0"]').hidden = true;
  root.dataset.ready = "missing";
}

async function main() {
  // The address names an archived date (offline, the service worker may answer it with the
  // daily page itself, whose data-date is empty); else it is the reader's today.
  const date = location.pathname.match(/\/daily\/(\d{4}-\d{2}-\d{2})\/$/)?.[1] || root.dataset.date || localDate();
  root.dataset.date = date;
  const timeEl = root.querySelector("[data-daily-date]");
  timeEl.dateTime = date;
  timeEl.textContent = new Date(`${date}T12:00:00`).toLocaleDateString(document.documentElement.lang, { dateStyle: "full" });
  const previous = new Date(`${date}T12:00:00`);
  previous.setDate(previous.getDate() - 1);
  const previousDate = localDate(previous);
  const previousLink = root.querySelector("[data-archive-previous]");
  if (previousDate >= root.dataset.first) previousLink.href = dayUrl(previousDate);
  else previousLink.hidden = true;
  const picker = root.querySelector("[data-archive-date]");
  picker.max = localDate();
  picker.value = date;
  root.querySelector("[data-archive-form]").addEventListener("submit", (event) => {
    event.preventDefault();
    if (picker.value) location.href = dayUrl(picker.value);
  });
  root.querySelector("[data-history-clear]").addEventListener("click", () => {
    history.clear();
    message(t("cleared"));
    showStreak();
  });
  showStreak();
  let response;
  try {
    response = await fetch(`${root.dataset.dataUrl}${date}.json`);
  } catch {
    noPuzzle(t("offline-missing"));
    return;
  }
  if (!response.ok) {
    noPuzzle(t(response.status === 404 ? "no-puzzle" : "offline-missing"));
    return;
  }
  day = await response.json();
  root.querySelector("[data-daily-number]").textContent = `#${day.number}`;
  for (const puzzle of day.puzzles) {
    const section = root.querySelector(`[data-game="${puzzle.game}"]`);
    const engine = await loadEngine(puzzle.game);
    const daily = new DailyPuzzle(section, engine, puzzle, date, history);
    puzzles.push(daily);
    await daily.board.start();
    daily.show(section.dataset.state);
  }
  onResult();
  root.dataset.ready = "true";
  keepTheWeek(date);
}

// Fetch the six days before (the service worker keeps each answer), so the week's archive
// plays offline too. Failures do not matter: the page already has its own date.
function keepTheWeek(date) {
  const day = new Date(`${date}T12:00:00`);
  for (let i = 1; i <= 6; i++) {
    day.setDate(day.getDate() - 1);
    const earlier = localDate(day);
    if (earlier >= root.dataset.first && navigator.onLine && navigator.serviceWorker?.controller) fetch(`${root.dataset.dataUrl}${earlier}.json`).catch(() => {});
  }
}

main();
