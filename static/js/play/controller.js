// The one play-page controller every board plugs into (the 3D board and the SVG board
// of the four 2D games). It owns what a game is on any board: the session (local or friend
// room), the mode panel and its actions, the result dialog, the move list and looking back
// through a finished game, the announcements, the turn line and the visible refusals. A board
// only draws and reports intents; it plugs in as a `view`:
//
//   view.sideName(player)            -> "White" / "X"
//   view.entries(history, moves)     -> [{text, label, player}] (shown text, spoken label)
//   view.resultDetail(outcome)       -> the sentence under the result's title
//   view.draw({state, ply, moves, interactive, reviewing, hint})   draw a position; hint
//                                    ({text, player} or null) is a better move to draw as a
//                                    ghost (the AI review's mark being shown)
//   view.changed?(detail, {newMove}) a new position arrived (drop half-built moves, animate)
//   view.focus?()                    where focus goes when a game starts
//   view.turnNote?()                 what the player must do now beyond moving, said on the
//                                    turn line ("A line! Choose a piece to remove.") or ""
//   view.lastNote?(entries)          what the last move did that the board alone may not
//                                    say (a capture: "Black: d7 to d6, removes a1."), or ""
//
// The controller writes data-mode, data-moves, data-to-move, data-thinking and data-error on
// the page's state element (`root`), for tests.
import { AiClient } from "../ai/client.js";
import { AnalysisLine } from "./analysis-line.js";
import { announce } from "./announce.js";
import { bringIntoView } from "./into-view.js";
import { ModePanel } from "./mode-panel.js";
import { MoveList } from "./move-list.js";
import { ResultDialog } from "./result-dialog.js";
import { ReviewPanel } from "./review-panel.js";
import { GameSession } from "./session.js";
import { reportGames } from "./game-reports.js";
import { forgetGame, loadGame, saveGame } from "./saved-game.js";
import { EndSound } from "./sound.js";
import { loadStrings } from "./strings.js";
import { modeText, resultTitle, turnText } from "./words.js";
import { followRoomNews } from "../rooms/room-news.js";

const AGREED_ENDINGS = new Set(["resigned", "agreed", "abandoned"]);

const AI_DELAY_MS = 350; // the player sees their piece land before the reply
const RESULT_DELAY_MS = 850; // the winning line shows first, then the result
const MESSAGE_MS = 5000; // how long a refusal stays over the turn line
const PLAY_AI_FRAGMENT = "#play-ai"; // templates/games/home.html links to it

// A RoomSession on a friend-room page (<body data-room-id>), else a local GameSession.
export async function createSession(engine, workerUrl) {
  const roomId = document.body.dataset.roomId;
  if (roomId) {
    const { RoomSession } = await import("../rooms/room-session.js");
    const variant = document.body.dataset.roomVariant ?? "";
    return new RoomSession({ engine, slug: engine.slug, roomId, variant });
  }
  const ai = new AiClient(workerUrl);
  window.addEventListener("pagehide", () => ai.cancel());
  return new GameSession({ engine, slug: engine.slug, ai, aiDelayMs: AI_DELAY_MS });
}

export class PlayController {
  constructor({ root, engine, session, t }) {
    this.root = root;
    this.engine = engine;
    this.session = session;
    this.t = t;
    this.room = session.mode === "friend";
    // Words only a room page needs live in its room panel (templates/rooms/_room_panel.html).
    this.roomT = this.room ? loadStrings(document, "room-strings") : () => "";
    this.message = document.querySelector("[data-play-message]");
    this.messageTimer = null;
    this.boardArea = document.querySelector("[data-play-board]");
    this.turnLine = document.querySelector("[data-turn-line]");
    this.lastLine = document.querySelector("[data-last-line]");
    this.view = null;
    this.reviewPly = null; // a position of the finished game being looked at
    this.resultTimer = null;
    this.finishedAt = null; // plies when the current result was reported
    this.shownMoves = []; // the move texts on screen: a change adding one is a new move
    this.panel = new ModePanel(document.querySelector("[data-mode-panel]"), {
      onStart: (choice) => this.start(choice),
      onAction: (action) => this.action(action),
    });
    this.saved = null; // the saved game resumed on load
    this.resumeNote = document.querySelector("[data-resume-note]");
    this.resumeNote?.querySelector("[data-resume-discard]").addEventListener("click", () => {
      this.action("choose-mode");
    });
    this.dialog = new ResultDialog(document.querySelector("[data-result-dialog]"), {
      onAction: (action) => this.action(action),
      onToggle: (open) => this.panel.setShown("show-result", !open && this.dialog.available),
      // "View board" shows the board: focus lands on the turn line right above it (which
      // says the result), never on a button far down a phone's page.
      returnFocus: () => this.showTurnLine(),
    });
    this.moveList = new MoveList(document.querySelector("[data-move-list]"), {
      onSelect: (ply) => this.review(ply),
    });
    this.sound = new EndSound(document.querySelector("[data-sound-toggle]"), { storage: this.storage });
    // The AI review and "show analysis" run in a worker of their own, so that they never
    // delay the opponent AI's move (and cancelling one never cancels the other).
    this.analyst = null;
    this.hint = null; // {at: ply shown, text, player}: the review's better move on the board
    this.reviewPanel = new ReviewPanel(document.querySelector("[data-game-review]"), {
      t, sideName: (p) => this.sideName(p),
      onStart: () => this.startReview(),
      onShow: (mark) => this.showMark(mark),
    });
    this.analysis = new AnalysisLine(document.querySelector("[data-analysis-line]"),
      document.querySelector("[data-analysis-toggle]"), {
        storage: this.storage, t, sideName: (p) => this.sideName(p),
      });
    this.analysis.setOffered(!this.room);
    window.addEventListener("pagehide", () => this.analyst?.cancel());
    this.rematchNote = document.querySelector("[data-result-rematch-offered]");
    reportGames(session, engine.slug);
  }

  // Plug the board in and begin: a room connects, a local page offers the modes.
  attach(view) {
    this.view = view;
    const session = this.session;
    session.addEventListener("change", (event) => this.changed(event.detail));
    session.addEventListener("error", () => {
      // A room refusal is healed by the session's own resync; only the AI can fail otherwise.
      if (this.room) this.render();
      else this.refuse("ai-failed", this.t("error-ai-failed"));
    });
    if (this.room) {
      for (const type of ["presence", "seat", "connection", "rematch"]) {
        session.addEventListener(type, () => this.render());
      }
      followRoomNews(session, {
        element: document.querySelector("[data-room-news]"),
        t: loadStrings(document, "room-news-strings"),
        sideName: (p) => this.sideName(p),
        announce,
      });
      // No mode to choose in a room; Undo, Again and "Choose another mode" have no meaning
      // against a friend (the rematch takes Again's place).
      this.panel.showControls({ modeText: "" }); // the room panel's heading already says it
      for (const action of ["undo", "again", "choose-mode"]) this.panel.setShown(action, false);
      session.start();
    } else {
      this.panel.showChoice();
      this.resumeSavedGame();
      this.startFromLink();
    }
    this.render();
  }

  // The home page's "Play the AI" opens this page at #play-ai: a game against the AI starts at
  // once (intermediate, the player first), unless a saved game came back, which a link must
  // not throw away. The fragment is dropped, so a reload resumes this game rather than starting
  // yet another one. Focus stays where the browser put it: a tap that brought the player here
  // leaves no focus ring on the board.
  startFromLink() {
    if (window.location.hash !== PLAY_AI_FRAGMENT) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", pathname + search);
    if (!this.saved) this.start({ mode: "ai", level: "intermediate", humanSide: 0 }, { focus: false });
  }

  // --- a local game kept in the browser (static/js/play/saved-game.js) ---------------------

  get storage() {
    try {
      return window.localStorage;
    } catch {
      return null; // storage blocked: nothing is kept
    }
  }

  // A saved game comes back at once, never an empty board behind a question; the note above
  // the board says so and offers "Start a new game instead" until the next move.
  resumeSavedGame() {
    const saved = loadGame(this.storage, this.engine);
    if (!saved) return false;
    try {
      this.session.resume(saved);
    } catch {
      forgetGame(this.storage, this.engine.slug); // became unplayable (a newer engine?)
      return false;
    }
    this.saved = saved;
    if (saved.variant) this.panel.setVariant(saved.variant);
    this.showGameControls();
    const mode = modeText(saved, this.t, (p) => this.sideName(p));
    this.showResumeNote(this.t("resumeOffer", { mode, count: saved.moves.length }));
    return true;
  }

  showResumeNote(text) {
    if (!this.resumeNote) return;
    this.resumeNote.hidden = text === null;
    this.resumeNote.querySelector("[data-resume-text]").textContent = text ?? "";
  }

  sideName(player) {
    return this.view.sideName(player);
  }

  // --- modes and controls ----------------------------------------------------------------

  start(choice, { focus = true } = {}) {
    this.session.start(choice);
    this.showGameControls();
    if (focus) this.view.focus?.();
    this.bringBoardIntoView();
  }

  showGameControls() {
    this.panel.showControls({ modeText: modeText(this.session, this.t, (p) => this.sideName(p)) });
    this.panel.setShown("undo", typeof this.session.undo === "function");
    this.panel.setShown("again", typeof this.session.restart === "function");
  }

  // The turn line, with the board in view: where focus goes after "View board".
  showTurnLine() {
    this.bringBoardIntoView();
    return this.turnLine;
  }

  // After a mode button far down a phone's screen, the board and the turn line come back
  // into view.
  bringBoardIntoView() {
    bringIntoView(this.boardArea);
  }

  action(name) {
    const session = this.session;
    if (name === "undo" && session.canUndo?.()) session.undo();
    else if (name === "again") {
      session.restart();
      this.bringBoardIntoView();
    }
    else if (name === "choose-mode") {
      session.stop();
      this.panel.showChoice({ focus: true });
    } else if (name === "show-result") this.dialog.reopen();
    else if (name === "review-game") this.startReview();
    else if (name === "rematch") {
      // The result dialog's Again in a room: "Swap colours and play again".
      try {
        session.requestRematch();
      } catch {
        // Not over on the server yet, or no seat: nothing to ask for.
      }
      this.render();
      this.showTurnLine().focus({ preventScroll: true });
    }
  }

  // A move chosen on the board, in notation. Returns the refusal (an error with a code) or
  // null once the session took it.
  play(text) {
    try {
      this.session.play(text);
      return null;
    } catch (error) {
      if (typeof error?.code !== "string") throw error;
      return error;
    }
  }

  // --- session changes -------------------------------------------------------------------

  changed(detail) {
    const { cause, outcome, moves } = detail;
    const texts = moves.map((move) => move.text);
    const previous = this.shownMoves;
    this.shownMoves = texts;
    const movesChanged = texts.join() !== previous.join();
    // One move added to what is on screen. In a room the own move is drawn at once ("play")
    // and its confirmation ("confirmed") then adds nothing; the friend's move is "remote".
    const newMove = movesChanged && texts.length === previous.length + 1
      && previous.every((text, i) => text === texts[i]);
    if (cause !== "thinking" && cause !== "resume") this.showResumeNote(null);
    if (cause !== "thinking") {
      this.reviewPly = null; // a new position ends any look back
      this.hint = null;
      this.reviewPanel.unshow();
      this.clearMessage();
    }
    if (!outcome) {
      this.finishedAt = null;
      clearTimeout(this.resultTimer);
      this.dialog.clear();
    }
    this.view.changed?.(detail, { newMove });
    if (!this.room && cause !== "thinking") saveGame(this.storage, this.engine.slug, this.session);
    let text = "";
    if (newMove) text = this.entries().at(-1).label;
    else if (cause === "undo") text = this.t("announceUndo");
    else if (cause === "start" || cause === "restart") text = this.t("announceNewGame");
    else if (cause === "resume") text = this.t("announceResumed");
    else if (cause === "rematch" && movesChanged && !moves.length) text = this.t("announceNewGame");
    if (outcome && this.finishedAt !== moves.length && cause !== "thinking") {
      this.finishedAt = moves.length;
      text = `${text} ${this.finish(outcome)}`.trim();
    } else if (!newMove && text) {
      text = `${text} ${this.turnText()}`.trim();
    }
    if (text) announce(text);
    if (cause === "stop") this.panel.showChoice();
    this.render();
  }

  // Reports the result, opens the dialog a moment later; returns the words to announce.
  finish(outcome) {
    const result = this.resultText(outcome);
    let kind = "draw";
    if (outcome.winner !== null) {
      const seated = this.session.mode !== "local" && this.session.humanSide !== null;
      kind = seated && outcome.winner !== this.session.humanSide ? "lose" : "win";
    }
    if (this.sound.play(kind)) this.root.dataset.sound = kind;
    clearTimeout(this.resultTimer);
    this.resultTimer = setTimeout(() => {
      this.dialog.show(result);
      this.panel.setShown("show-result", false);
    }, RESULT_DELAY_MS);
    return `${result.title} ${result.detail}`;
  }

  resultText(outcome) {
    return {
      title: resultTitle(this.session, outcome, this.t, (p) => this.sideName(p)),
      detail: AGREED_ENDINGS.has(outcome.reason) ? this.agreedDetail(outcome) : this.view.resultDetail(outcome),
    };
  }

  // A friend game ended by the players rather than by the rules (rooms/endings.py).
  agreedDetail({ reason, winner }) {
    const key = reason === "abandoned" && winner === null ? "reason-abandoned-draw" : `reason-${reason}`;
    return this.t(key, { loser: winner === null ? "" : this.sideName(1 - winner) });
  }

  turnText() {
    const toMove = this.engine.toMove(this.session.state);
    return turnText(this.session, toMove, { t: this.t, roomT: this.roomT, sideName: (p) => this.sideName(p) });
  }

  entries() {
    return this.view.entries(this.session.history, this.session.moves);
  }

  // --- refusals --------------------------------------------------------------------------

  // A choice the game refuses: said on screen over the turn line (for a few seconds, or until
  // the position changes) and to screen readers.
  refuse(code, text) {
    this.message.textContent = text;
    this.message.hidden = false;
    this.message.dataset.error = code;
    this.root.dataset.error = code;
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => { this.message.hidden = true; }, MESSAGE_MS);
    announce(text);
  }

  clearMessage() {
    clearTimeout(this.messageTimer);
    this.message.textContent = "";
    this.message.hidden = true;
    delete this.message.dataset.error;
    delete this.root.dataset.error;
  }

  // --- looking back through a finished game ----------------------------------------------

  get analysisClient() {
    this.analyst ??= new AiClient(this.root.dataset.workerUrl);
    return this.analyst;
  }

  // The AI review of the game that just ended (static/js/play/review-panel.js).
  startReview() {
    if (!this.session.outcome) return;
    this.reviewPanel.start(this.analysisClient, {
      slug: this.engine.slug, moves: this.session.moves, entries: this.entries(),
      variant: this.session.variant ?? "",
    }).then(() => this.render());
    this.render();
  }

  // A marked move chosen in the review: the position before it, the better move drawn.
  showMark({ ply, better, player }) {
    this.hint = { at: ply - 1, text: better, player };
    this.reviewPly = ply - 1;
    this.render();
    this.bringBoardIntoView(); // on a phone the panel is far below the board
  }

  review(ply) {
    this.hint = null;
    this.reviewPanel.unshow();
    const total = this.session.moves.length;
    this.reviewPly = ply === total ? null : ply;
    this.render();
    const text = ply
      ? this.t("reviewPosition", { ply, total, move: this.entries()[ply - 1].label })
      : this.t("reviewStart");
    announce(text);
  }

  // --- drawing ---------------------------------------------------------------------------

  // Whose turn or the result; while looking back, which position is shown (the result would
  // read as if it were the board's); while a capture waits, what to do.
  turnLineText({ reviewing, ply, entries, interactive }) {
    if (!this.session.mode) return this.t("status-choose-mode");
    if (reviewing) {
      return ply ? this.t("reviewPosition", { ply, total: entries.length, move: entries[ply - 1].label })
        : this.t("reviewStart");
    }
    const note = interactive ? this.view.turnNote?.() : "";
    return note || this.turnText();
  }

  render() {
    const session = this.session;
    const history = session.history;
    const allMoves = session.moves;
    const reviewing = this.reviewPly !== null;
    const ply = this.reviewPly ?? allMoves.length;
    const state = history[ply];
    const interactive = !reviewing && Boolean(session.mode) && session.canPlay();
    const entries = this.view.entries(history, allMoves);
    const hint = this.hint && this.hint.at === this.reviewPly ? this.hint : null;
    this.view.draw({ state, ply, moves: allMoves.slice(0, ply), interactive, reviewing, entries, hint });
    const outcome = session.outcome;
    const ending = outcome && AGREED_ENDINGS.has(outcome.reason) ? this.agreedDetail(outcome) : "";
    this.reviewPanel.setAvailable(Boolean(outcome) && allMoves.length > 0);
    this.moveList.update({ entries, reviewable: Boolean(outcome), ply, ending, marked: this.reviewPanel.marked });
    this.analysis.update({
      client: this.analysisClient, slug: this.engine.slug, state: this.engine.dump(session.state),
      toMove: this.engine.toMove(session.state), key: allMoves.map((m) => m.text).join(" "),
      allowed: !this.room && Boolean(session.mode) && !outcome && !session.thinking,
    });
    Object.assign(this.root.dataset, {
      mode: session.mode ?? "",
      moves: String(allMoves.length),
      toMove: String(this.engine.toMove(session.state)),
      thinking: String(session.thinking),
    });
    this.turnLine.textContent = this.turnLineText({ reviewing, ply, entries, interactive });
    this.turnLine.dataset.turn = interactive ? "yours" : "";
    this.turnLine.dataset.review = reviewing ? String(ply) : "";
    if (this.lastLine) {
      // Under the turn line while the game goes on: a capture the player may have missed.
      const note = !reviewing && !outcome && entries.length ? this.view.lastNote?.(entries) ?? "" : "";
      this.lastLine.textContent = note;
      this.lastLine.hidden = !note;
    }
    this.panel.setEnabled("undo", Boolean(session.canUndo?.()));
    this.panel.setShown("show-result", this.dialog.available && !this.dialog.open);
    // A friend who has left cannot agree to a rematch: the dialog does not offer one.
    const rematch = this.dialog.element.querySelector("[data-action=rematch]");
    if (rematch) rematch.hidden = !session.friendConnected;
    if (this.rematchNote) {
      // A room guest (or host) reading the result learns that the friend already asked.
      const side = session.humanSide;
      const rematch = session.rematch ?? [false, false];
      this.rematchNote.hidden = !(session.outcome && side !== null && rematch[1 - side] && !rematch[side]);
    }
  }
}
