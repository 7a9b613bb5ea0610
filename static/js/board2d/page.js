// The play page of every 2D game (its board kind in ../games/registry.js): the SVG board
// and its status table plugged into the shared play-page controller (static/js/play/controller.js),
// which owns the session, the panel, the dialog, the move list and the announcements. The engine
// decides every rule: legal moves come from engine.legalMoves, and a refused choice carries the
// EngineError code engine.play gives for it.
//
// For tests, the page root [data-board2d-page] carries data-ready, data-mode, data-to-move,
// data-phase, data-stage, data-outcome ("" while playing, "0", "1" or "draw"), data-reason,
// data-moves (plies played), data-thinking, data-interactive, data-review-ply and data-error
// (the code of the last refused choice).
import { loadEngine } from "../engines/index.js";
import { announce } from "../play/announce.js";
import { PlayController, createSession } from "../play/controller.js";
import { fitBoardHeight } from "../play/fit-board.js";
import { holdBoardStill } from "../play/hold-board.js";
import { mayBeAsked, overKey, waitKey } from "../play/words.js";
import { loadStrings } from "../play/strings.js";
import { Board2D } from "./board.js";
import { IDLE, PASS, back, splitMove, stageOf } from "./intents.js";
import { describe, gameInfo, occupancy } from "./status.js";
import { threatPoints } from "./threats.js";
import { boardStrings, boardView, choosePoint, engineCode, mustPass, refusalKey } from "./view.js";

class Board2DView {
  constructor({ root, engine, controller, t }) {
    this.root = root;
    this.engine = engine;
    this.slug = engine.slug;
    this.info = gameInfo(this.slug);
    this.t = t;
    this.controller = controller;
    this.session = controller.session;
    this.pending = IDLE;
    this.ghost = null; // a point chosen on a board that asks for confirmation, not yet played
    this.status = root.querySelector("[data-board2d-status]");
    this.board = new Board2D(root.querySelector("[data-board2d]"), {
      slug: this.slug,
      strings: boardStrings(t),
      onChoose: (point, how) => this.choosePoint(point, how),
      onCancel: () => this.cancel(),
    });
    // The confirm bar under a board whose taps are confirmed (registry Board confirm).
    this.confirmBar = root.querySelector("[data-board2d-confirm]");
    this.confirmBar?.querySelector("[data-confirm-move]").addEventListener("click", () => {
      if (this.ghost) this.choosePoint(this.ghost, { direct: true });
    });
    this.confirmBar?.querySelector("[data-cancel-move]").addEventListener("click", () => this.cancel());
    // A game where a side without a legal move passes (registry Rules passing): the button
    // that plays the pass, shown only when it is the one move.
    this.passButton = root.querySelector("[data-pass-move]");
    this.passButton?.addEventListener("click", () => this.pass());
  }

  // --- what the controller asks of a board -----------------------------------------------

  sideName(player) {
    return this.t(`side-${player}`);
  }

  // On a board of marks, moves carry their side's mark ("x" or "o"), the move list draws it.
  entries(history, moves) {
    const marks = this.board.layout.pieces === "marks";
    const mark = marks ? (player) => this.markOf(player) : () => undefined;
    return moves.map((move, i) => ({
      text: move.text,
      shown: move.text === PASS ? this.t("pass-button") : undefined,
      label: this.describeMove(move, this.turnedBy(history[i], history[i + 1])),
      player: move.player,
      mark: mark(move.player),
    }));
  }

  // How many pieces changed sides between two positions (outflanked discs; 0 in
  // every game where pieces are only placed, moved or removed).
  turnedBy(before, after) {
    if (!before || !after) return 0;
    const was = occupancy(this.slug, this.engine.dump(before));
    let turned = 0;
    for (const [point, owner] of occupancy(this.slug, this.engine.dump(after))) {
      if (was.has(point) && was.get(point) !== owner) turned++;
    }
    return turned;
  }

  // The first player's mark is X, or O where the page says so (data-first-mark, Japanese).
  markOf(player) {
    const first = this.root.dataset.firstMark === "o" ? "o" : "x";
    return player === 0 ? first : "xo".replace(first, "");
  }

  // Under the turn line until the next move: a capture (who took what), or the move and the
  // threat it leaves (a line one move from complete, which the other side must block).
  lastNote(entries) {
    const last = entries.at(-1);
    if (!last) return "";
    if (splitMove(last.text).capture) return last.label;
    const points = threatPoints(this.engine, this.engine.dump(this.session.state), last.player);
    if (!points.length) return "";
    const side = this.sideName(last.player);
    const threat = points.length === 1 ? this.t("threat-one", { side, point: points[0] })
      : this.t("threat-many", { side, points: points.join(this.t("listSeparator")) });
    return this.t("twoSentences", { first: last.label, second: threat });
  }

  // Said on the turn line while a capture waits: the prompt where the player looks.
  // Said on the turn line while a capture waits: the prompt where the player looks.
  turnNote() {
    return this.stage === "capture" ? this.t("announce-capture-choose") : "";
  }

  describeMove({ text, player }, turned = 0) {
    if (text === PASS) return this.t("announce-pass", { side: this.sideName(player) });
    const { from, to, capture } = splitMove(text);
    if (turned) return this.t("announce-turns", { side: this.sideName(player), to, count: turned });
    const key = `announce-${from ? "move" : "place"}${capture ? "-capture" : ""}`;
    return this.t(key, { side: this.sideName(player), from, to, capture });
  }

  resultDetail(outcome) {
    const onBoard = describe(this.slug, this.engine.dump(this.session.state)).onBoard;
    const values = {
      side: outcome.winner === null ? "" : this.sideName(outcome.winner),
      loser: outcome.winner === null ? "" : this.sideName(1 - outcome.winner),
      cells: outcome.cells.join(this.t("listSeparator")),
      limit: this.info.limit ?? "",
      count0: onBoard[0],
      count1: onBoard[1],
    };
    return this.t(`reason-${outcome.reason}`, values);
  }

  changed({ cause }) {
    if (cause !== "thinking") {
      this.pending = IDLE; // a new position drops a half-built move
      this.ghost = null;
    }
  }

  focus() {
    this.board.buttons.get(this.board.focusPoint).focus({ preventScroll: true });
  }

  // --- choosing points -------------------------------------------------------------------

  // A point chosen on the board (click, tap, Enter or Space). On a board that asks for
  // confirmation a tap only places a ghost stone; a second tap on it, the confirm button or
  // the keyboard (`direct`) plays.
  choosePoint(point, { direct = false } = {}) {
    const session = this.session;
    if (!session.mode) return this.refuse("no-game");
    if (this.controller.reviewPly !== null) return undefined;
    if (session.outcome) return this.refuse("game-over");
    if (!session.canPlay()) return this.refuse("not-your-turn");
    const state = session.state;
    const result = choosePoint(this.engine, state, this.pending, point);
    if (result.kind === "play") {
      if (this.board.layout.confirm && !direct && this.ghost !== point) {
        this.ghost = point;
        this.controller.clearMessage();
        announce(this.t("ghost-placed", { point }));
        this.controller.render();
        return undefined;
      }
      this.ghost = null;
      const refused = this.controller.play(result.move);
      if (refused) this.refuse(refused.code, point);
      return undefined;
    }
    if (result.kind === "pending") {
      this.pending = result.pending;
      this.controller.clearMessage();
      if (stageOf(this.pending) === "capture") announce(this.t("announce-capture-choose"));
      this.controller.render();
      return undefined;
    }
    this.ghost = null;
    return this.refuse(engineCode(this.engine, state, result.attempt), point);
  }

  // The Pass button: the player's one move when no point is legal.
  pass() {
    const session = this.session;
    if (!session.mode || this.controller.reviewPly !== null || session.outcome) return undefined;
    if (!session.canPlay()) return this.refuse("not-your-turn");
    const refused = this.controller.play(PASS);
    if (refused) this.refuse(refused.code);
    return undefined;
  }

  refuse(code, point = null) {
    let key = refusalKey(this.engine, this.session.state, code, point);
    if (code === "not-your-turn") key = waitKey(this.session);
    if (code === "game-over") key = overKey(this.session);
    this.controller.refuse(code, this.t(key));
    return undefined;
  }

  cancel() {
    if (this.ghost) {
      this.ghost = null;
      this.controller.clearMessage();
      announce(this.t("announce-cancelled"));
      this.controller.render();
      return;
    }
    if (stageOf(this.pending) === "start") return;
    this.pending = back(this.pending);
    this.controller.clearMessage();
    announce(this.t("announce-cancelled"));
    this.controller.render();
  }

  // --- drawing ---------------------------------------------------------------------------

  draw({ state, ply, moves, interactive, reviewing, entries, hint = null }) {
    const session = this.session;
    const last = moves.at(-1);
    const { view, facts, stage, outcome } = boardView(this.engine, state, this.pending, {
      interactive, lastMove: last ? splitMove(last.text) : null, moveCount: ply,
      hint: hint ? { ...splitMove(hint.text), player: hint.player } : null,
      ghost: this.ghost,
    });
    this.board.render(view);
    if (this.confirmBar) {
      const confirm = this.confirmBar.querySelector("[data-confirm-move]");
      const ghost = view.ghost?.to ?? null;
      confirm.textContent = ghost ? this.t("confirm-move", { point: ghost }) : this.t("confirm-none");
      confirm.disabled = !ghost;
      this.confirmBar.querySelector("[data-cancel-move]").disabled = !ghost;
      this.confirmBar.dataset.ghost = ghost ?? "";
    }
    this.stage = stage;
    if (this.passButton) {
      const passing = interactive && !outcome && mustPass(this.engine, state);
      // When it appears on the player's turn it is said, and keyboard focus moves to it from
      // the board (whose squares have nothing to offer then).
      const appeared = passing && this.passButton.hidden;
      this.passButton.hidden = !passing;
      if (appeared) {
        announce(this.t("phase-pass", { side: this.sideName(this.engine.toMove(state)) }));
        if (this.root.contains(document.activeElement)) this.passButton.focus({ preventScroll: true });
      }
    }
    Object.assign(this.root.dataset, {
      phase: facts.phase,
      stage,
      outcome: session.outcome ? String(session.outcome.winner ?? "draw") : "",
      reason: session.outcome?.reason ?? "",
      interactive: String(interactive),
      reviewPly: reviewing ? String(ply) : "",
    });
    this.renderStatus(facts, stage, outcome, { ply, reviewing, entries });
  }

  // Under the board: the phase (or what the position shows), each side's pieces, the counters.
  renderStatus(facts, stage, outcome, { ply, reviewing, entries }) {
    const t = this.t;
    const session = this.session;
    let phase;
    if (!session.mode) phase = ""; // the turn line above the board asks for a mode
    else if (reviewing && ply === 0) phase = t("reviewStart");
    else if (reviewing) phase = t("reviewPosition", { ply, total: entries.length, move: entries[ply - 1].label });
    else if (outcome) phase = this.resultDetail(outcome);
    // A room before the friend joins, a spectator, the friend's (or the AI's) turn: nothing
    // to ask, the turn line says whose move it is.
    else if (!mayBeAsked(session) || !session.canPlay()) phase = "";
    else if (stage === "capture") phase = t("phase-capture");
    else if (mustPass(this.engine, this.session.state)) phase = t("phase-pass", { side: this.sideName(facts.toMove) });
    else if (stage === "destination") phase = t(`phase-${facts.phase}-destination`);
    else phase = t(`phase-${facts.phase}`, { side: this.sideName(facts.toMove) });
    this.status.querySelector("[data-status-phase]").textContent = phase;
    // A game with rule settings says which one this game is played under.
    const variantLine = this.status.querySelector("[data-status-variant]");
    const variant = session.variant;
    const named = variant && session.mode; // before a game the choice is in the mode panel
    if (variantLine) variantLine.textContent = named ? t("variantLine", { name: t(`variant-${variant}`) }) : "";
    this.root.dataset.variant = variant ?? "";
    this.status.dataset.stage = stage;
    const playing = Boolean(session.mode) && !outcome && !reviewing;
    for (const player of [0, 1]) {
      const row = this.status.querySelector(`[data-status-side="${player}"]`);
      const reserve = row.querySelector("[data-count=reserve]"); // absent where it says nothing
      if (reserve) reserve.textContent = String(facts.reserve[player]);
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

async function main() {
  const root = document.querySelector("[data-board2d-page]");
  if (!root) return;
  const t = loadStrings();
  const engine = await loadEngine(root.dataset.game);
  const session = await createSession(engine, root.dataset.workerUrl);
  const controller = new PlayController({ root, engine, session, t });
  controller.attach(new Board2DView({ root, engine, controller, t }));
  const frame = root.querySelector("[data-board2d]");
  const turnBar = document.querySelector(".turn-bar");
  fitBoardHeight(frame, {
    watch: [turnBar, document.querySelector(".play-title")],
    held: holdBoardStill(frame, turnBar),
  });
  root.dataset.ready = "true";
}

main();
