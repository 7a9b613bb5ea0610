// The play page of Tic-tac-toe, Three Men's Morris, Nine Men's Morris and Dara: wires the SVG
// board, the session (a local GameSession, or a RoomSession on a friend-room page), the mode
// panel, the status line, the move list, the live region and the result dialog. The engine
// decides every rule: legal moves come from engine.legalMoves, and a refused choice carries
// the EngineError code engine.play gives for it.
//
// For tests, the page root [data-board2d-page] carries data-ready, data-mode, data-to-move,
// data-phase, data-stage, data-outcome ("" while playing, "0", "1" or "draw"), data-reason,
// data-moves (plies played), data-thinking, data-interactive, data-review-ply and data-error
// (the code of the last refused choice).
import { AiClient } from "../ai/client.js";
import { loadEngine } from "../engines/index.js";
import { announce } from "../play/announce.js";
import { ModePanel } from "../play/mode-panel.js";
import { MoveList } from "../play/move-list.js";
import { ResultDialog } from "../play/result-dialog.js";
import { GameSession } from "../play/session.js";
import { reportGames } from "../play/game-reports.js";
import { loadStrings } from "../play/strings.js";
import { Board2D } from "./board.js";
import { IDLE, back, choose, highlights, splitMove, stageOf } from "./intents.js";
import { describe, gameInfo, occupancy } from "./status.js";

const AI_DELAY_MS = 350; // the player sees their piece land before the reply
const RESULT_DELAY_MS = 800; // the winning line shows first, then the result

class Board2DPage {
  constructor({ root, engine, session, t }) {
    this.root = root;
    this.engine = engine;
    this.slug = engine.slug;
    this.info = gameInfo(this.slug);
    this.t = t;
    this.session = session;
    // Words only a room page needs live in its room panel (templates/rooms/_room_panel.html).
    this.roomT = session.mode === "friend" ? loadStrings(document, "room-strings") : null;
    this.pending = IDLE;
    this.reviewPly = null; // a position of the finished game being looked at
    this.resultTimer = null;
    this.finishedAt = null; // plies when the current result was reported
    this.status = root.querySelector("[data-board2d-status]");
    this.message = root.querySelector("[data-board2d-message]");
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
      onToggle: (open) => this.panel.setShown("show-result", !open && this.dialog.available),
      returnFocus: () => this.panel.button("show-result"),
    });
    this.moveList = new MoveList(document.querySelector("[data-move-list]"), {
      onSelect: (ply) => this.review(ply),
    });
    session.addEventListener("change", (event) => this.changed(event.detail));
    // A room refusal is healed by the session's own resync; only the AI can fail otherwise.
    session.addEventListener("error", () => (session.mode === "friend" ? this.render() : this.refuse("ai-failed")));
    if (session.mode === "friend") {
      for (const type of ["seat", "connection"]) session.addEventListener(type, () => this.render());
      session.start();
      this.panel.showControls({ modeText: t("modeFriend") });
    } else {
      this.panel.showChoice();
    }
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
      stateSeparator: t("listSeparator"),
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

  // --- modes and controls ----------------------------------------------------------------

  start({ mode, level, humanSide }) {
    this.session.start({ mode, level, humanSide });
    this.panel.showControls({ modeText: this.modeText() });
    this.panel.setShown("undo", typeof this.session.undo === "function");
    this.panel.setShown("again", typeof this.session.restart === "function");
    this.board.buttons.get(this.board.focusPoint).focus({ preventScroll: true });
  }

  modeText() {
    const { mode, level, humanSide } = this.session;
    if (mode === "ai") return this.t("modeAi", { level: this.t(`level-${level}`), side: this.sideName(humanSide) });
    return this.t(mode === "local" ? "modeLocal" : "modeFriend");
  }

  action(name) {
    const session = this.session;
    if (name === "undo" && session.canUndo?.()) session.undo();
    else if (name === "again") session.restart();
    else if (name === "choose-mode") {
      session.stop();
      this.panel.showChoice({ focus: true });
    } else if (name === "show-result") this.dialog.reopen();
    else if (name === "rematch") {
      // The result dialog's Again in a room: "Swap colours and play again".
      try {
        session.requestRematch();
      } catch {
        // Not over on the server yet, or no seat: nothing to ask for.
      }
      this.panel.button("show-result")?.focus();
    }
  }

  // --- session changes -------------------------------------------------------------------

  changed(detail) {
    const { cause, outcome, lastMove } = detail;
    if (cause !== "thinking") {
      // A new position drops any half-built move and any look back.
      this.pending = IDLE;
      this.reviewPly = null;
      this.clearMessage();
    }
    if (!outcome) {
      this.finishedAt = null;
      clearTimeout(this.resultTimer);
      this.dialog.clear();
    }
    const moved = ["play", "ai", "remote"].includes(cause) && lastMove;
    let text = moved ? this.describeMove(lastMove) : "";
    if (cause === "undo") text = this.t("announceUndo");
    else if (cause === "start" || cause === "restart") text = this.t("announceNewGame");
    if (outcome && this.finishedAt !== detail.moves.length && cause !== "thinking") {
      this.finishedAt = detail.moves.length;
      text = `${text} ${this.finish(outcome)}`.trim();
    }
    if (text) announce(text);
    if (cause === "stop") this.panel.showChoice();
    this.render();
  }

  // Reports the result, opens the dialog a moment later; returns the words to announce.
  finish(outcome) {
    const result = this.resultText(outcome);
    clearTimeout(this.resultTimer);
    this.resultTimer = setTimeout(() => {
      this.dialog.show(result);
      this.panel.setShown("show-result", false);
    }, RESULT_DELAY_MS);
    return `${result.title} ${result.detail}`;
  }

  resultText(outcome) {
    const { mode, humanSide } = this.session;
    let title;
    if (outcome.winner === null) title = this.t("resultDraw");
    else if (mode === "ai" || (mode === "friend" && humanSide !== null)) { // not a spectator
      title = this.t(outcome.winner === humanSide ? "resultYouWin" : "resultYouLose");
    }
    else title = this.t("resultWin", { side: this.sideName(outcome.winner) });
    const values = {
      side: outcome.winner === null ? "" : this.sideName(outcome.winner),
      loser: outcome.winner === null ? "" : this.sideName(1 - outcome.winner),
      cells: outcome.cells.join(this.t("listSeparator")),
      limit: this.info.limit ?? "",
    };
    return { title, detail: this.t(`reason-${outcome.reason}`, values) };
  }

  describeMove({ text, player }) {
    const { from, to, capture } = splitMove(text);
    const key = `announce-${from ? "move" : "place"}${capture ? "-capture" : ""}`;
    return this.t(key, { side: this.sideName(player), from, to, capture });
  }

  // --- choosing points -------------------------------------------------------------------

  // A point chosen on the board (click, tap, Enter or Space).
  choosePoint(point) {
    const session = this.session;
    if (!session.mode) return this.refuse("no-game");
    if (this.reviewPly !== null) return undefined;
    if (session.outcome) return this.refuse("game-over");
    if (!session.canPlay()) return this.refuse("not-your-turn");
    const state = session.state;
    const dump = this.engine.dump(state);
    const owners = occupancy(this.slug, dump);
    const result = choose({
      moves: this.legalMoves(state),
      placing: describe(this.slug, dump).phase === "placing",
      owner: (p) => (owners.has(p) ? owners.get(p) : null),
      player: this.engine.toMove(state),
      movement: this.info.movement,
    }, this.pending, point);
    if (result.kind === "play") {
      try {
        session.play(result.move);
      } catch (error) {
        this.refuse(error?.code ?? "not-your-turn", point);
      }
      return undefined;
    }
    if (result.kind === "pending") {
      this.pending = result.pending;
      this.clearMessage();
      if (stageOf(this.pending) === "capture") announce(this.t("announce-capture-choose"));
      this.render();
      return undefined;
    }
    return this.refuse(this.engineCode(state, result.attempt), point);
  }

  // Why the engine refuses `text`: its EngineError code.
  engineCode(state, text) {
    try {
      this.engine.play(state, this.engine.parseMove(state, text));
    } catch (error) {
      if (typeof error?.code === "string") return error.code;
      throw error;
    }
    // choose() only asks about texts that are not legal moves; reaching here is a bug.
    throw new Error(`the engine accepted ${text}, which is not among the legal moves`);
  }

  refuse(code, point = null) {
    let key = `error-${code}`;
    const state = this.session.state;
    // capture-invalid has two causes: a protected enemy piece, or no enemy piece at all.
    if (code === "capture-invalid") {
      const owners = occupancy(this.slug, this.engine.dump(state));
      key = owners.get(point) === 1 - this.engine.toMove(state) ? "error-capture-protected" : "error-capture-invalid";
    }
    // wrong-phase: moving while pieces remain to be placed, or placing once all are placed.
    if (code === "wrong-phase" && this.root.dataset.phase !== "placing") key = "error-wrong-phase-moving";
    if (code === "not-your-turn" && this.session.mode === "friend") key = "error-not-your-turn-friend";
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
    if (stageOf(this.pending) === "start") return;
    this.pending = back(this.pending);
    this.clearMessage();
    announce(this.t("announce-cancelled"));
    this.render();
  }

  legalMoves(state) {
    return this.engine.legalMoves(state).map((move) => this.engine.formatMove(state, move));
  }

  review(ply) {
    const moves = this.session.moves;
    this.reviewPly = ply === moves.length ? null : ply;
    this.render();
    const text = ply
      ? this.t("reviewPosition", { ply, total: moves.length, move: this.describeMove(moves[ply - 1]) })
      : this.t("reviewStart");
    announce(text);
  }

  // --- drawing ---------------------------------------------------------------------------

  render() {
    const session = this.session;
    const allMoves = session.moves;
    const ply = this.reviewPly ?? allMoves.length;
    const state = this.reviewPly === null ? session.state : session.history[ply];
    const dump = this.engine.dump(state);
    const facts = describe(this.slug, dump);
    const outcome = this.engine.outcome(state);
    const interactive = this.reviewPly === null && Boolean(session.mode) && session.canPlay();
    const owners = occupancy(this.slug, dump);
    const marks = highlights(interactive ? this.legalMoves(state) : [], this.pending);
    const player = this.engine.toMove(state);
    // A move waiting for its capture is drawn as made.
    if (this.pending.to !== null) {
      if (this.pending.from) owners.delete(this.pending.from);
      owners.set(this.pending.to, player);
    }
    const protectedPieces = new Set();
    if (marks.stage === "capture") {
      for (const [p, owner] of owners) if (owner !== player && !marks.removable.has(p)) protectedPieces.add(p);
    }
    const last = allMoves[ply - 1];
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
      moveCount: ply,
      interactive,
    });
    this.moveList.update({
      entries: allMoves.map((move) => ({ text: move.text, label: this.describeMove(move), player: move.player })),
      reviewable: Boolean(session.outcome),
      ply,
    });
    Object.assign(this.root.dataset, {
      mode: session.mode ?? "",
      toMove: String(this.engine.toMove(session.state)),
      phase: facts.phase,
      stage: marks.stage,
      outcome: session.outcome ? String(session.outcome.winner ?? "draw") : "",
      reason: session.outcome?.reason ?? "",
      moves: String(allMoves.length),
      thinking: String(session.thinking),
      interactive: String(interactive),
      reviewPly: this.reviewPly === null ? "" : String(this.reviewPly),
    });
    this.renderStatus(facts, marks.stage, outcome);
    this.panel.setStatus(this.turnText(facts.toMove, session.outcome));
    this.panel.setEnabled("undo", Boolean(session.canUndo?.()));
    this.panel.setShown("show-result", this.dialog.available && !this.dialog.open);
  }

  turnText(toMove, outcome) {
    const session = this.session;
    if (!session.mode) return "";
    if (outcome) return this.resultText(outcome).title;
    if (session.mode === "local") return this.t("statusTurn", { side: this.sideName(toMove) });
    if (session.mode === "ai" && session.thinking) return this.t("statusThinking");
    if (session.mode === "friend" && session.status !== "playing") {
      // Nobody moves before the friend has joined (or before the room has answered).
      const seated = session.status === "waiting" && session.humanSide !== null;
      return seated ? this.roomT("waitingFriend") : "";
    }
    if (toMove === session.humanSide) return this.t("statusYourTurn", { side: this.sideName(toMove) });
    return this.t("statusTheirTurn", { side: this.sideName(toMove) });
  }

  // Under the board: the phase (or what the position shows), each side's pieces, the counters.
  renderStatus(facts, stage, outcome) {
    const t = this.t;
    const session = this.session;
    let phase;
    if (!session.mode) phase = t("status-choose-mode");
    else if (this.reviewPly === 0) phase = t("reviewStart");
    else if (this.reviewPly !== null) {
      const move = this.describeMove(session.moves[this.reviewPly - 1]);
      phase = t("reviewPosition", { ply: this.reviewPly, total: session.moves.length, move });
    }
    else if (outcome) phase = this.resultText(outcome).detail;
    else if (stage === "capture") phase = t("phase-capture");
    else if (stage === "destination") phase = t(`phase-${facts.phase}-destination`);
    else phase = t(`phase-${facts.phase}`, { side: this.sideName(facts.toMove) });
    this.status.querySelector("[data-status-phase]").textContent = phase;
    // Whose turn, as the panel says it (kept here too: on a phone the panel is out of sight).
    const turn = outcome || this.reviewPly !== null ? "" : this.turnText(facts.toMove, null);
    this.status.querySelector("[data-status-turn]").textContent = turn;
    this.status.dataset.stage = stage;
    const playing = Boolean(session.mode) && !outcome && this.reviewPly === null;
    for (const player of [0, 1]) {
      const row = this.status.querySelector(`[data-status-side="${player}"]`);
      row.querySelector("[data-count=reserve]").textContent = String(facts.reserve[player]);
      row.querySelector("[data-count=board]").textContent = String(facts.onBoard[player]);
      row.toggleAttribute("data-current", playing && facts.toMove === player);
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
}

async function createSession(engine, root) {
  const roomId = document.body.dataset.roomId;
  if (roomId) {
    const { RoomSession } = await import("../rooms/room-session.js");
    return new RoomSession({ engine, slug: engine.slug, roomId });
  }
  const ai = new AiClient(root.dataset.workerUrl);
  window.addEventListener("pagehide", () => ai.cancel());
  return new GameSession({ engine, slug: engine.slug, ai, aiDelayMs: AI_DELAY_MS });
}

async function main() {
  const root = document.querySelector("[data-board2d-page]");
  if (!root) return;
  const t = loadStrings();
  const engine = await loadEngine(root.dataset.game);
  const session = await createSession(engine, root);
  reportGames(session, engine.slug);
  new Board2DPage({ root, engine, session, t });
}

main();
