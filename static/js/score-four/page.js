// The Score Four play page: the 3D board (or the 16-button panel alone without WebGL), the
// threat lens and the view buttons, plugged into the shared play-page controller
// (static/js/play/controller.js), which owns the session, the panel, the dialog, the move list
// and the announcements.
// State for tests sits on the board element as data- attributes: data-ready ("3d" or
// "panel"), data-moves, data-to-move, data-outcome, data-thinking, data-mode, data-error,
// data-gold-cells, data-frames (frames rendered), data-ghost-peg, data-hint-peg.
import engine from "../engines/score-four.js";
import { announce } from "../play/announce.js";
import { PlayController, createSession } from "../play/controller.js";
import { holdBoardStill } from "../play/hold-board.js";
import { report } from "../play/stats-hook.js";
import { overKey, waitKey } from "../play/words.js";
import { loadStrings } from "../play/strings.js";
import { PEG_NAMES, cellIndex, describeLine, describeMoves, lastCell, pegContents } from "./model.js";
import { PegPanel } from "./panel16.js";
import { findThreats } from "./threats.js";

const SLUG = "score-four";

class ScoreFourView {
  constructor({ boardEl, controller, t }) {
    this.boardEl = boardEl;
    this.controller = controller;
    this.session = controller.session;
    this.t = t;
    this.board = null; // the 3D board, once loaded
    this.lens = false;
    this.dropCells = new Set();
    this.pegPanel = new PegPanel(document.querySelector("[data-peg-panel]"), {
      t,
      onIntent: (peg) => this.playPeg(peg),
      onRefused: (peg) => this.refuse(peg),
    });
    const lensSwitch = document.querySelector("[data-threat-lens]");
    lensSwitch.addEventListener("change", () => {
      this.lens = lensSwitch.checked;
      controller.render();
    });
    for (const button of boardEl.querySelectorAll("[data-view]")) {
      button.addEventListener("click", () => this.board?.setView(button.dataset.view));
    }
  }

  // --- what the controller asks of a board -----------------------------------------------

  sideName(player) {
    return this.t(player === 0 ? "white" : "black");
  }

  entries(history, moves) {
    return describeMoves(engine, history, moves).map((move) => ({
      text: `${move.pegName}·${move.level}`, label: this.moveText(move), player: move.player,
    }));
  }

  moveText(move) {
    return this.t("moveAnnounce", { side: this.sideName(move.player), peg: move.pegName, level: move.level });
  }

  resultDetail(outcome) {
    if (outcome.winner === null) return this.t("resultDrawDetail");
    const line = describeLine(outcome.cells);
    return this.t(`resultLine-${line.kind}`, { side: this.sideName(outcome.winner), ...line });
  }

  // Under the turn line until the next move: the move, and the threat it leaves (a line of
  // four one ball short whose cell is open now, which the other side must block).
  lastNote(entries) {
    const last = entries.at(-1);
    if (!last) return "";
    const open = findThreats(pegContents(engine, this.session.state)).threats
      .filter(({ player, playable }) => player === last.player && playable);
    if (!open.length) return "";
    const side = this.sideName(last.player);
    const place = ({ cell }) => ({ peg: PEG_NAMES[cell % 16], level: Math.floor(cell / 16) + 1 });
    const threat = open.length === 1 ? this.t("threat-one", { side, ...place(open[0]) })
      : this.t("threat-many", {
        side, count: open.length,
        cells: open.map((found) => this.t("threat-cell", place(found))).join(this.t("listSeparator")),
      });
    return this.t("twoSentences", { first: last.label, second: threat });
  }

  changed(detail, { newMove }) {
    this.dropCells = newMove ? new Set([lastCell(engine, detail.state, detail.moves)]) : new Set();
  }

  focus() {
    this.pegPanel.focusFirstUsable({ preventScroll: true });
  }

  // --- choosing pegs ---------------------------------------------------------------------

  playPeg(peg) {
    const refused = this.controller.play(PEG_NAMES[peg]);
    if (refused) this.refuse(peg, refused);
  }

  // A peg that cannot take a ball now: say why.
  refuse(peg, error = null) {
    const session = this.session;
    const controller = this.controller;
    if (controller.reviewPly !== null) return;
    const t = this.t;
    if (!session.mode) controller.refuse("no-game", t("error-no-game"));
    else if (session.outcome) controller.refuse("game-over", t(overKey(session)));
    else if (error?.code === "peg-full" || pegContents(engine, session.state)[peg].length === 4) {
      controller.refuse("peg-full", t("errorPegFull", { peg: PEG_NAMES[peg] }));
    } else controller.refuse("not-your-turn", t(waitKey(session)));
  }

  // --- drawing ---------------------------------------------------------------------------

  draw({ state, moves, interactive, hint = null }) {
    const session = this.session;
    const outcome = engine.outcome(state);
    const pegs = pegContents(engine, state);
    const view = {
      pegs,
      usable: interactive,
      toMove: engine.toMove(state),
      lastCell: lastCell(engine, state, moves),
      gold: new Set((outcome?.cells ?? []).map(cellIndex)),
      threats: this.lens ? findThreats(pegs) : null,
      dropCells: this.dropCells,
      // The AI review's better move: a peg, drawn as a ghost ball for the side to move.
      hint: hint ? PEG_NAMES.indexOf(hint.text.toUpperCase()) : null,
    };
    this.board?.update(view);
    if (!this.board) this.boardEl.dataset.goldCells = (outcome?.cells ?? []).join(" ");
    this.pegPanel.update(view);
    this.boardEl.dataset.outcome = session.outcome ? ["white", "black"][session.outcome.winner] ?? "draw" : "";
  }

  // --- the 3D board, or the panel alone --------------------------------------------------

  // Without WebGL the 16-button panel is the board: it moves, listeners and all, into the
  // board's place and grows to its size.
  panelOnly(reason) {
    this.boardEl.dataset.state = "no-webgl";
    this.placePegs?.();
    this.boardEl.querySelector("[data-board-message]").hidden = false;
    this.boardEl.append(document.querySelector("[data-pegs-section]"));
    report("webgl-failure", { game: SLUG, reason });
  }

  // On a phone (the one-column layout) the 16 pegs sit in the board's area under the 3D
  // board; beside it, in the panel, on a wider screen. The view buttons go with them, beside
  // the pegs: over a board only a phone's width across they covered the pegs' tops. Moving an
  // element keeps its listeners.
  dockPegs() {
    const dock = document.querySelector("[data-pegs-dock]");
    const section = document.querySelector("[data-pegs-section]");
    const pegs = document.querySelector("[data-peg-panel]");
    const views = this.boardEl.querySelector(".view-buttons");
    const narrow = window.matchMedia("(max-width: 820px)");
    const place = () => {
      const docked = narrow.matches && this.boardEl.dataset.state !== "no-webgl";
      if (docked && pegs.parentElement !== dock) dock.append(pegs, views);
      if (!docked && pegs.parentElement !== section) {
        section.querySelector("[data-pegs-hint]").after(pegs);
        this.boardEl.prepend(views);
      }
      dock.hidden = !docked;
      document.body.dataset.pegsDocked = String(docked);
    };
    narrow.addEventListener("change", place);
    place();
    return place;
  }

  async startBoard() {
    if (!webgl2Available()) return this.panelOnly("no-context");
    const boardEl = this.boardEl;
    try {
      const { Board3D } = await import("./board3d.js");
      this.board = new Board3D(boardEl, {
        onIntent: (peg) => this.playPeg(peg),
        onRefused: (peg) => this.refuse(peg),
        onContextLost: () => {
          boardEl.dataset.state = "context-lost";
          announce(this.t("contextLost"));
          report("webgl-context-lost", { game: SLUG });
        },
        onContextRestored: () => { boardEl.dataset.state = "3d"; },
        onRenderSpeed: (fps) => report("render-speed", { game: SLUG, fps }),
        // "Oblique" or "Top" is pressed only while the camera is there.
        onViewChange: (name) => {
          for (const button of document.querySelectorAll(".view-buttons [data-view]")) {
            button.setAttribute("aria-pressed", String(button.dataset.view === name));
          }
        },
      });
      boardEl.dataset.state = "3d";
      this.controller.render();
    } catch (error) {
      this.board?.dispose();
      this.board = null;
      this.panelOnly(String(error?.message ?? error).slice(0, 120));
    }
    return undefined;
  }
}

function webgl2Available() {
  try {
    return Boolean(document.createElement("canvas").getContext("webgl2"));
  } catch {
    return false;
  }
}

async function main() {
  const t = loadStrings();
  const boardEl = document.querySelector("[data-board3d]");
  const session = await createSession(engine, boardEl.dataset.workerUrl);
  const controller = new PlayController({ root: boardEl, engine, session, t });
  const view = new ScoreFourView({ boardEl, controller, t });
  view.placePegs = view.dockPegs();
  controller.attach(view);
  await view.startBoard();
  holdBoardStill(document.querySelector("[data-peg-panel]"), document.querySelector(".turn-bar"));
  boardEl.dataset.ready = view.board ? "3d" : "panel";
}

main();
