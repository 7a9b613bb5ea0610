// The Score Four play page: wires the session (rules from the engine, moves from the AI
// worker, or a friend's moves through a RoomSession on a room page) to the 3D board, the
// 16-button panel, the move list and the controls.
// State for tests sits on the board element as data- attributes: data-ready ("3d" or
// "panel"), data-moves, data-to-move, data-outcome, data-thinking, data-gold-cells,
// data-frames (frames rendered), data-ghost-peg.
import engine from "../engines/score-four.js";
import { AiClient } from "../ai/client.js";
import { announce } from "../play/announce.js";
import { ModePanel } from "../play/mode-panel.js";
import { MoveList } from "../play/move-list.js";
import { ResultDialog } from "../play/result-dialog.js";
import { GameSession } from "../play/session.js";
import { reportGames } from "../play/game-reports.js";
import { report } from "../play/stats-hook.js";
import { loadStrings } from "../play/strings.js";
import { PEG_NAMES, cellIndex, describeMoves, lastCell, pegContents } from "./model.js";
import { PegPanel } from "./panel16.js";
import { findThreats } from "./threats.js";

const SLUG = "score-four";
const RESULT_DELAY_MS = 900; // the gold line shows first, then the result
const AI_DELAY_MS = 350; // the player sees their ball land before the reply

const t = loadStrings();
const inRoom = Boolean(document.body.dataset.roomId);
// Words only a room page needs live in its room panel (templates/rooms/_room_panel.html).
const roomT = inRoom ? loadStrings(document, "room-strings") : null;
const boardEl = document.querySelector("[data-board3d]");
const boardMessage = boardEl.querySelector("[data-board-message]");
const sideName = (player) => t(player === 0 ? "white" : "black");

const page = {
  session: null,
  board: null,
  reviewPly: null, // a position of the finished game being looked at, or null for the live one
  lens: false,
  resultTimer: null,
  dropCells: new Set(),
  shownMoves: [], // the move texts on screen: a change adding one to them is a new move
};

const modePanel = new ModePanel(document.querySelector("[data-mode-panel]"), {
  onStart: (options) => startGame(options),
  onAction: (action) => act(action),
});
const dialog = new ResultDialog(document.querySelector("[data-result-dialog]"), {
  onAction: (action) => act(action),
  onToggle: (open) => modePanel.setShown("show-result", !open && dialog.available),
  returnFocus: () => modePanel.button("show-result"),
});
const pegPanel = new PegPanel(document.querySelector("[data-peg-panel]"), {
  t,
  onIntent: (peg) => playPeg(peg),
  onRefused: (peg) => refuse(peg),
});
const moveList = new MoveList(document.querySelector("[data-move-list]"), {
  onSelect: (ply) => review(ply),
});
const lensSwitch = document.querySelector("[data-threat-lens]");
lensSwitch.addEventListener("change", () => {
  page.lens = lensSwitch.checked;
  render();
});
for (const button of boardEl.querySelectorAll("[data-view]")) {
  button.addEventListener("click", () => {
    page.board?.setView(button.dataset.view);
    for (const other of boardEl.querySelectorAll("[data-view]")) {
      other.setAttribute("aria-pressed", String(other === button));
    }
  });
}

// --- the session -----------------------------------------------------------------------

async function createSession() {
  const roomId = document.body.dataset.roomId;
  if (roomId) {
    const { RoomSession } = await import("../rooms/room-session.js");
    return new RoomSession({ engine, slug: SLUG, roomId });
  }
  const ai = new AiClient(boardEl.dataset.workerUrl);
  window.addEventListener("pagehide", () => ai.cancel());
  return new GameSession({ engine, slug: SLUG, ai, aiDelayMs: AI_DELAY_MS });
}

function startGame(options) {
  page.session.start(options);
  modePanel.showControls({ modeText: modeText() });
  modePanel.setShown("undo", typeof page.session.undo === "function");
  modePanel.setShown("again", typeof page.session.restart === "function");
  pegPanel.focusFirstUsable({ preventScroll: true });
}

function modeText() {
  const { mode, level, humanSide } = page.session;
  if (mode === "ai") {
    return t("modeAi", { level: t(`level-${level}`), side: sideName(humanSide) });
  }
  return t(mode === "local" ? "modeLocal" : "modeFriend");
}

function act(action) {
  const session = page.session;
  if (action === "undo" && session.canUndo?.()) session.undo();
  else if (action === "again") session.restart();
  else if (action === "choose-mode") {
    session.stop();
    modePanel.showChoice({ focus: true });
  } else if (action === "show-result") dialog.reopen();
  else if (action === "rematch") {
    try {
      session.requestRematch();
    } catch {
      // The game is not over on the server yet, or this viewer has no seat: nothing to ask.
    }
    render();
    modePanel.button("show-result")?.focus();
  }
}

function playPeg(peg) {
  try {
    page.session.play(PEG_NAMES[peg]);
  } catch (error) {
    refuse(peg, error);
  }
}

function refuse(peg, error = null) {
  const session = page.session;
  if (page.reviewPly !== null || !session.mode) return;
  if (error?.code === "peg-full" || pegContents(engine, session.state)[peg].length === 4) {
    announce(t("errorPegFull", { peg: PEG_NAMES[peg] }));
  } else if (session.mode === "friend") {
    const seated = session.humanSide !== null && session.status === "playing";
    if (seated && !session.outcome) announce(roomT("notYourTurn"));
    else announce(statusText());
  } else if (session.thinking) announce(t("errorWait"));
}

function onChange({ detail }) {
  const { cause, outcome, moves } = detail;
  const texts = moves.map((move) => move.text);
  const previous = page.shownMoves;
  page.shownMoves = texts;
  const movesChanged = texts.join() !== previous.join();
  // One move added to what is on screen. In a room the own move is drawn at once ("play")
  // and its confirmation ("confirmed") then adds nothing; the friend's move is "remote".
  const added = movesChanged && texts.length === previous.length + 1
    && previous.every((text, i) => text === texts[i]);
  const newMove = added && ["play", "ai", "remote", "confirmed"].includes(cause);
  page.dropCells = new Set();
  if (movesChanged || ["start", "restart", "stop"].includes(cause)) {
    page.reviewPly = null;
    clearTimeout(page.resultTimer);
  }
  if (cause !== "thinking" && !outcome) dialog.clear();
  if (newMove) {
    const cell = lastCell(engine, detail.state, moves);
    page.dropCells.add(cell);
    const move = describeMoves(engine, page.session.history, moves).at(-1);
    let text = moveText(move);
    if (outcome) {
      text += ` ${resultTitle(outcome)}`;
      page.resultTimer = setTimeout(() => dialog.show({ title: resultTitle(outcome), detail: resultDetail(outcome) }), RESULT_DELAY_MS);
    }
    announce(text);
  } else if (cause === "undo") announce(`${t("announceUndo")} ${statusText()}`);
  else if (cause === "start" || cause === "restart") {
    announce(`${t("announceNewGame")} ${statusText()}`);
  } else if (cause === "rematch" && movesChanged && !moves.length) {
    announce(`${t("announceNewGame")} ${statusText()}`); // the rematch began
  }
  if (cause === "stop") modePanel.showChoice();
  render();
}

function moveText(move) {
  return t("moveAnnounce", { side: sideName(move.player), peg: move.pegName, level: move.level });
}

function resultTitle(outcome) {
  if (outcome.winner === null) return t("resultDraw");
  const { mode, humanSide } = page.session;
  const playing = mode === "ai" || (mode === "friend" && humanSide !== null); // not a spectator
  if (playing) return t(outcome.winner === humanSide ? "resultYouWin" : "resultYouLose");
  return t("resultWin", { side: sideName(outcome.winner) });
}

function resultDetail(outcome) {
  if (outcome.winner === null) return t("resultDrawDetail");
  return t("resultLine", { side: sideName(outcome.winner), cells: outcome.cells.join(t("listSeparator")) });
}

function statusText() {
  const session = page.session;
  if (!session.mode) return "";
  if (session.outcome) return resultTitle(session.outcome);
  const toMove = engine.toMove(session.state);
  if (session.mode === "friend") {
    // Nobody moves before the friend has joined; a spectator is told whose turn it is.
    if (session.status === "connecting") return "";
    if (session.status === "waiting") return session.humanSide === null ? "" : roomT("waitingFriend");
    if (session.humanSide === null) return t("statusTurn", { side: sideName(toMove) });
  } else if (session.thinking) return t("statusThinking");
  if (session.mode === "local") return t("statusTurn", { side: sideName(toMove) });
  return toMove === session.humanSide ? t("statusYourTurn", { side: sideName(toMove) }) : t("statusTheirTurn", { side: sideName(toMove) });
}

// --- looking back through a finished game ----------------------------------------------

function review(ply) {
  const moves = page.session.moves;
  page.reviewPly = ply === moves.length ? null : ply;
  render();
  const move = ply ? describeMoves(engine, page.session.history, moves)[ply - 1] : null;
  announce(ply ? t("reviewPosition", { ply, total: moves.length, move: moveText(move) }) : t("reviewStart"));
}

// --- drawing ---------------------------------------------------------------------------

function render() {
  const session = page.session;
  const history = session.history;
  const allMoves = session.moves;
  const ply = page.reviewPly ?? allMoves.length;
  const state = history[ply];
  const moves = allMoves.slice(0, ply);
  const outcome = engine.outcome(state);
  const pegs = pegContents(engine, state);
  const view = {
    pegs,
    usable: page.reviewPly === null && session.canPlay(),
    toMove: engine.toMove(state),
    lastCell: lastCell(engine, state, moves),
    gold: new Set((outcome?.cells ?? []).map(cellIndex)),
    threats: page.lens ? findThreats(pegs) : null,
    dropCells: page.dropCells,
  };
  page.board?.update(view);
  if (!page.board) boardEl.dataset.goldCells = (outcome?.cells ?? []).join(" ");
  pegPanel.update(view);
  const described = describeMoves(engine, history, allMoves);
  moveList.update({
    entries: described.map((move) => ({ text: `${move.pegName}·${move.level}`, label: moveText(move), player: move.player })),
    reviewable: Boolean(session.outcome),
    ply,
  });
  modePanel.setStatus(statusText());
  modePanel.setEnabled("undo", Boolean(session.canUndo?.()));
  modePanel.setShown("show-result", dialog.available && !dialog.open);
  Object.assign(boardEl.dataset, {
    moves: String(allMoves.length),
    toMove: String(engine.toMove(session.state)),
    outcome: session.outcome ? ["white", "black"][session.outcome.winner] ?? "draw" : "",
    thinking: String(session.thinking),
    mode: session.mode ?? "",
  });
}

// --- the 3D board, or the panel alone --------------------------------------------------

function webgl2Available() {
  try {
    return Boolean(document.createElement("canvas").getContext("webgl2"));
  } catch {
    return false;
  }
}

function panelOnly(reason) {
  boardEl.dataset.state = "no-webgl";
  boardMessage.hidden = false;
  report("webgl-failure", { game: SLUG, reason });
}

async function startBoard() {
  if (!webgl2Available()) return panelOnly("no-context");
  try {
    const { Board3D } = await import("./board3d.js");
    page.board = new Board3D(boardEl, {
      onIntent: (peg) => playPeg(peg),
      onRefused: (peg) => refuse(peg),
      onContextLost: () => {
        boardEl.dataset.state = "context-lost";
        announce(t("contextLost"));
        report("webgl-context-lost", { game: SLUG });
      },
      onContextRestored: () => { boardEl.dataset.state = "3d"; },
      onRenderSpeed: (fps) => report("render-speed", { game: SLUG, fps }),
    });
    boardEl.dataset.state = "3d";
    render();
  } catch (error) {
    page.board?.dispose();
    page.board = null;
    panelOnly(String(error?.message ?? error).slice(0, 120));
  }
}

// A room page has no mode to choose: the game is the room's, and Undo, Again and "Choose
// another mode" have no meaning against a friend (the rematch takes Again's place).
function startRoom() {
  const session = page.session;
  for (const type of ["presence", "seat", "connection"]) session.addEventListener(type, () => render());
  session.start();
  modePanel.showControls({ modeText: t("modeFriend") });
  for (const action of ["undo", "again", "choose-mode"]) modePanel.setShown(action, false);
}

async function main() {
  page.session = await createSession();
  reportGames(page.session, SLUG);
  page.session.addEventListener("change", onChange);
  page.session.addEventListener("error", () => {
    // A room refusal is healed by the session's own resync; only the AI can fail here.
    if (page.session.mode === "friend") return render();
    announce(t("errorAi"));
    modePanel.setStatus(t("errorAi"));
  });
  if (page.session.mode === "friend") startRoom();
  render();
  await startBoard();
  boardEl.dataset.ready = page.board ? "3d" : "panel";
}

main();
