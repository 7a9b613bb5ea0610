// The play page of Tic-tac-toe, Three Men's Morris, Nine Men's Morris and Dara: wires the SVG
// board, the session (static/js/play/session.js), the mode panel, the status line, the live
// region and the result dialog. The engine decides every rule: legal moves come from
// engine.legalMoves, refusals carry the EngineError code of engine.play.
//
// For tests, the board element carries data-mode, data-to-move, data-phase, data-stage,
// data-outcome ("" while playing, "0", "1" or "draw"), data-reason, data-moves (plies played),
// data-thinking and data-error (the code of the last refused choice).
import { AiClient } from "../ai/client.js";
import { loadEngine } from "../engines/index.js";
import { announce } from "../play/announce.js";
import { ModePanel } from "../play/mode-panel.js";
import { ResultDialog } from "../play/result-dialog.js";
import { GameSession } from "../play/session.js";
import { report } from "../play/stats-hook.js";
import { loadStrings } from "../play/strings.js";
import { Board2D } from "./board.js";
import { IDLE, back, choose, highlights, splitMove, stageOf } from "./intents.js";
import { describe, gameInfo, occupancy } from "./status.js";

const AI_DELAY_MS = 350;
const RESULT_DELAY_MS = 700;

class Board2DPage {
  constructor({ root, engine, t }) {
    this.root = root;
    this.engine = engine;
    this.slug = engine.slug;
    this.info = gameInfo(this.slug);
    this.t = t;
    this.pending = IDLE;
    this.status = document.querySelector("[data-board2d-status]");
    this.message = document.querySelector("[data-board2d-message]");
    this.ai = new AiClient(root.dataset.workerUrl);
    this.session = new GameSession({ engine, slug: this.slug, ai: this.ai, aiDelayMs: AI_DELAY_MS });
    this.board = new Board2D(root.querySelector("[data-board2d]"), {
      slug: this.slug,
      strings: this.boardStrings(),
      onChoose: (point) => this.choosePoint(point),
      onCancel: () => this.cancel(),
    });
    this.panel = new ModePanel(document.querySelector("[data-mode-panel]"), {
      onStart: (choice) => this.start(choice),
      onAction: (action) => this.action(action),
    });
    this.dialog = new ResultDialog(document.querySelector("[data-result-dialog]"), {
      onAction: (action) => this.action(action),
      onToggle: () => this.renderControls(),
      returnFocus: () => this.panel.button("show-result"),
    });
    this.session.addEventListener("change", (event) => this.changed(event.detail));
    this.session.addEventListener("error", () => this.refuse("ai-failed"));
    window.addEventListener("pagehide", () => this.ai.close());
    this.panel.showChoice();
    this.render();
    root.dataset.ready = "true";
  }

  boardStrings() {
    const t = this.t;
    return {
      boardLabel: t("board-label"),
      pointLabel: t("point-label"),
      pointWithState: t("point-with-state"),
      pointEmpty: t("point-empty"),
      pieceNames: [t("piece-0"), t("piece-1")],
      stateSeparator: t("state-separator"),
      stateSelected: t("state-selected"),
      stateDestination: t("state-destination"),
      stateRemovable: t("state-removable"),
      stateProtected: t("state-protected"),
      stateWinning: t("state-winning"),
      "stateLast-to": t("state-last-to"),
      "stateLast-from": t("state-last-from"),
      "stateLast-capture": t("state-last-capture"),
    };
  }

  sideName(player) {
    return this.t(`side-${player}`);
  }

  start({ mode, level, humanSide }) {
    this.dialog.clear();
    this.session.start({ mode, level, humanSide });
    this.panel.showControls({ modeText: this.modeText() });
    report("game-start", { game: this.slug, mode, level });
    this.board.buttons.get(this.board.focusPoint).focus();
  }

  modeText() {
    const { mode, level, humanSide } = this.session;
    if (mode === "local") return this.t("mode-local");
    return this.t("mode-ai", { level: this.t(`level-${level}`), side: this.sideName(humanSide) });
  }

  action(name) {
    if (name === "undo" && this.session.canUndo()) this.session.undo();
    else if (name === "again") {
      this.dialog.clear();
      this.session.restart();
    } else if (name === "choose-mode") {
      this.dialog.clear();
      this.session.stop();
      this.panel.showChoice({ focus: true });
    } else if (name === "show-result") this.dialog.reopen();
  }

  // A session change: a new position (play, ai, undo, start…) drops any half-built move.
  changed(detail) {
    if (detail.cause !== "thinking") {
      this.pending = IDLE;
      this.clearMessage();
    }
    if ((detail.cause === "play" || detail.cause === "ai") && detail.lastMove) {
      announce(this.describeMove(detail.lastMove));
    }
    if (detail.cause === "undo") announce(this.t("announce-undo"));
    this.render();
    if (detail.outcome && (detail.cause === "play" || detail.cause === "ai")) this.finished(detail.outcome);
  }

  finished(outcome) {
    const result = this.resultText(outcome);
    announce(`${result.title} ${result.detail}`);
    report("game-end", {
      game: this.slug, mode: this.session.mode, level: this.session.level,
      winner: outcome.winner, reason: outcome.reason, plies: this.session.moves.length,
    });
    const moves = this.session.moves.length;
    setTimeout(() => {
      // Only if nothing changed meanwhile (an undo or a new game).
      if (this.session.outcome && this.session.moves.length === moves) this.dialog.show(result);
      this.renderControls();
    }, RESULT_DELAY_MS);
  }

  resultText(outcome) {
    const { mode, humanSide } = this.session;
    let title;
    if (outcome.winner === null) title = this.t("result-draw");
    else if (mode === "ai") title = this.t(outcome.winner === humanSide ? "result-you-win" : "result-ai-wins");
    else title = this.t("result-wins", { side: this.sideName(outcome.winner) });
    const loser = outcome.winner === null ? "" : this.sideName(1 - outcome.winner);
    const detail = this.t(`reason-${outcome.reason}`, { loser, limit: this.info.limit ?? "" });
    return { title, detail };
  }

  describeMove({ text, player }) {
    const { from, to, capture } = splitMove(text);
    const key = `announce-${from ? "move" : "place"}${capture ? "-capture" : ""}`;
    return this.t(key, { side: this.sideName(player), from, to, capture });
  }

  // A point chosen on the board (click, tap, Enter or Space).
  choosePoint(point) {
    if (!this.session.mode) return this.refuse("no-game");
    if (this.session.outcome) return this.refuse("game-over");
    if (!this.session.canPlay()) return this.refuse("not-your-turn");
    const state = this.session.state;
    const dump = this.engine.dump(state);
    const owners = occupancy(this.slug, dump);
    const result = choose({
      moves: this.legalMoves(),
      placing: describe(this.slug, dump).phase === "placing",
      owner: (p) => (owners.has(p) ? owners.get(p) : null),
      player: this.engine.toMove(state),
      movement: this.info.movement,
    }, this.pending, point);
    if (result.kind === "play") {
      this.session.play(result.move);
      return undefined;
    }
    if (result.kind === "pending") {
      this.pending = result.pending;
      this.clearMessage();
      if (stageOf(this.pending) === "capture") announce(this.t("announce-capture-choose"));
      this.render();
      return undefined;
    }
    return this.refuse(this.engineCode(result.attempt), point);
  }

  // Why the engine refuses `text` (its EngineError code).
  engineCode(text) {
    const state = this.session.state;
    try {
      this.engine.play(state, this.engine.parseMove(state, text));
    } catch (error) {
      if (typeof error?.code === "string") return error.code;
      throw error;
    }
    // choose() only sends texts that are not legal moves; reaching here is a bug.
    throw new Error(`the engine accepted ${text}, which is not among the legal moves`);
  }

  refuse(code, point = null) {
    let key = `error-${code}`;
    // One code, two reasons: a protected enemy piece or a point that holds no enemy piece.
    if (code === "capture-invalid") {
      const owners = occupancy(this.slug, this.engine.dump(this.session.state));
      const enemy = 1 - this.engine.toMove(this.session.state);
      key = owners.get(point) === enemy ? "error-capture-protected" : "error-capture-invalid";
    }
    // wrong-phase: moving while pieces remain to be placed, or placing once all are placed.
    if (code === "wrong-phase" && this.root.dataset.phase !== "placing") key = "error-wrong-phase-moving";
    const text = this.t(key);
    this.message.textContent = text;
    this.message.hidden = false;
    this.message.dataset.error = code;
    this.root.dataset.error = code;
    announce(text);
    return undefined;
  }

  clearMessage() {
    this.message.textContent = "";
    this.message.hidden = true;
    delete this.message.dataset.error;
    delete this.root.dataset.error;
  }

  cancel() {
    if (this.pending === IDLE) return;
    this.pending = back(this.pending);
    this.clearMessage();
    announce(this.t("announce-cancelled"));
    this.render();
  }

  legalMoves() {
    const state = this.session.state;
    return this.engine.legalMoves(state).map((move) => this.engine.formatMove(state, move));
  }

  render() {
    const session = this.session;
    const state = session.state;
    const dump = this.engine.dump(state);
    const facts = describe(this.slug, dump);
    const outcome = session.outcome;
    const interactive = session.canPlay();
    const owners = occupancy(this.slug, dump);
    const marks = highlights(interactive ? this.legalMoves() : [], this.pending);
    const player = this.engine.toMove(state);
    // A move waiting for its capture is shown as made.
    if (this.pending.to !== null) {
      if (this.pending.from) owners.delete(this.pending.from);
      owners.set(this.pending.to, player);
    }
    const protectedPieces = new Set();
    if (marks.stage === "capture") {
      for (const [p, owner] of owners) if (owner !== player && !marks.removable.has(p)) protectedPieces.add(p);
    }
    const last = session.moves.at(-1);
    this.board.render({
      owners,
      selected: this.pending.from,
      pendingTo: this.pending.to,
      selectable: marks.selectable,
      destinations: marks.destinations,
      removable: marks.removable,
      protectedPieces,
      placing: facts.phase === "placing",
      lastMove: last ? splitMove(last.text) : null,
      winCells: outcome?.cells ?? [],
      moveCount: session.moves.length,
      interactive,
    });
    const data = this.root.dataset;
    data.mode = session.mode ?? "";
    data.toMove = String(player);
    data.phase = facts.phase;
    data.stage = marks.stage;
    data.outcome = outcome ? (outcome.winner === null ? "draw" : String(outcome.winner)) : "";
    data.reason = outcome?.reason ?? "";
    data.moves = String(session.moves.length);
    data.thinking = String(session.thinking);
    data.interactive = String(interactive);
    this.renderStatus(facts, marks.stage, outcome);
    this.renderControls();
  }

  renderStatus(facts, stage, outcome) {
    const t = this.t;
    const session = this.session;
    let turn;
    if (!session.mode) turn = t("status-choose-mode");
    else if (outcome) turn = this.resultText(outcome).title;
    else if (session.thinking) turn = t("status-ai-thinking", { side: this.sideName(facts.toMove) });
    else if (session.mode === "ai") turn = t("status-your-turn", { side: this.sideName(facts.toMove) });
    else turn = t("status-to-move", { side: this.sideName(facts.toMove) });
    let phase = "";
    if (session.mode && !outcome) {
      phase = stage === "capture" ? t("phase-capture") : t(`phase-${facts.phase}`);
      if (stage === "destination") phase = `${phase} · ${t("hint-destination")}`;
    }
    this.status.querySelector("[data-status-turn]").textContent = turn;
    this.status.querySelector("[data-status-phase]").textContent = phase;
    this.status.dataset.side = String(facts.toMove);
    for (const player of [0, 1]) {
      const row = this.status.querySelector(`[data-status-side="${player}"]`);
      row.querySelector("[data-count=reserve]").textContent = String(facts.reserve[player]);
      row.querySelector("[data-count=board]").textContent = String(facts.onBoard[player]);
      row.toggleAttribute("data-current", Boolean(session.mode) && !outcome && facts.toMove === player);
    }
    const counter = this.status.querySelector("[data-status-counter]");
    if (counter && facts.counter) {
      counter.textContent = t(`counter-${facts.counter.kind}`, facts.counter);
      counter.dataset.value = String(facts.counter.value);
    }
    const repeats = this.status.querySelector("[data-status-repetition]");
    if (repeats) {
      repeats.textContent = t("counter-repetition", { value: facts.occurrences });
      repeats.dataset.value = String(facts.occurrences);
    }
  }

  renderControls() {
    if (!this.session.mode) return;
    this.panel.setEnabled("undo", this.session.canUndo());
    this.panel.setShown("show-result", this.dialog.available && !this.dialog.open);
  }
}

async function main() {
  const root = document.querySelector("[data-board2d-page]");
  if (!root) return;
  const t = loadStrings();
  const engine = await loadEngine(root.dataset.game);
  window.board2dPage = new Board2DPage({ root, engine, t });
}

main();
