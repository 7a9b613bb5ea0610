// A local game (against the AI or two on one device) behind the session interface of
// docs/FRONTEND.md. The engine decides every rule; the session only keeps the history,
// asks the AI for its moves and tells the page what changed.
//
//   const session = new GameSession({ engine, slug, ai });
//   session.addEventListener("change", (e) => draw(e.detail));
//   session.start({ mode: "ai", level: "beginner", humanSide: 0, variant: "renju" });
//   session.play("B2");
//   session.resume({ mode: "ai", level: "beginner", humanSide: 0, moves: ["A1", "B2"] });
//
// "change" detail: {state, moves, outcome, lastMove, thinking, cause}; cause is one of
// start, resume, play, ai, undo, restart, stop, thinking. "error" detail: {error} when the AI fails.
//
// `variant`: the rule setting of a game that has several (its registry entry's variants; the
// first is the default), handed to engine.initialState; "" for a game with one rule.

import { EngineError } from "../engines/errors.js";
import { GAMES } from "../games/registry.js";

export const MODES = Object.freeze(["ai", "local"]);
export const LEVELS = Object.freeze(["beginner", "intermediate", "advanced"]);

export class SessionError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "SessionError";
    this.code = code;
  }
}

const isAbort = (error) => error?.name === "AbortError";
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class GameSession extends EventTarget {
  // `aiDelayMs`: the AI's move waits at least this long, so a player sees their own ball
  // land before the reply. `seed`: a function (ply) => integer for repeatable AI choices.
  constructor({ engine, slug, ai = null, aiDelayMs = 0, seed = null }) {
    super();
    if (!engine) throw new TypeError("GameSession needs an engine");
    this.engine = engine;
    this.slug = slug ?? engine.slug;
    this.ai = ai;
    this.aiDelayMs = aiDelayMs;
    this.seed = seed;
    this._mode = null;
    this._level = null;
    this._humanSide = 0;
    this._variants = GAMES[this.slug]?.variants ?? [];
    this._variant = this._variants[0] ?? "";
    this._history = [this._initial()];
    this._moves = [];
    this._thinking = false;
    this._epoch = 0; // bumped whenever a pending AI answer must be ignored
  }

  get state() { return this._history[this._history.length - 1]; }
  get history() { return [...this._history]; }
  get moves() { return this._moves.map((move) => ({ ...move })); }
  get outcome() { return this.engine.outcome(this.state); }
  get mode() { return this._mode; }
  get level() { return this._level; }
  get humanSide() { return this._humanSide; }
  get thinking() { return this._thinking; }
  get variant() { return this._variant; }

  // The first position under the current rule setting.
  _initial() {
    return this._variant ? this.engine.initialState(this._variant) : this.engine.initialState();
  }

  start({ mode, level = null, humanSide = 0, variant = null } = {}) {
    this._checkChoice({ mode, level, humanSide, variant });
    this._cancelSearch();
    this._variant = variant ?? this._variants[0] ?? "";
    this._mode = mode;
    this._level = mode === "ai" ? level : null;
    this._humanSide = mode === "ai" ? humanSide : 0;
    this._reset("start");
  }

  // A game saved earlier (static/js/play/saved-game.js): the same choice and its moves in
  // notation. Every move is replayed through the engine first; an illegal one throws its
  // EngineError and nothing changes. Then the AI answers if it is its turn.
  resume({ mode, level = null, humanSide = 0, variant = null, moves = [] } = {}) {
    this._checkChoice({ mode, level, humanSide, variant });
    const chosen = variant ?? this._variants[0] ?? "";
    const history = [chosen ? this.engine.initialState(chosen) : this.engine.initialState()];
    const played = [];
    for (const text of moves) {
      const before = history[history.length - 1];
      const move = this.engine.parseMove(before, text);
      played.push({ text: this.engine.formatMove(before, move), player: this.engine.toMove(before) });
      history.push(this.engine.play(before, move));
    }
    this._cancelSearch();
    this._variant = chosen;
    this._mode = mode;
    this._level = mode === "ai" ? level : null;
    this._humanSide = mode === "ai" ? humanSide : 0;
    this._history = history;
    this._moves = played;
    this._emit("resume");
    this._maybeAskAi();
  }

  _checkChoice({ mode, level, humanSide, variant = null }) {
    if (!MODES.includes(mode)) {
      throw new SessionError("bad-mode", `mode must be one of ${MODES.join(", ")}, not ${JSON.stringify(mode)}`);
    }
    if (variant !== null && !this._variants.includes(variant)) {
      throw new SessionError("bad-variant", "not a rule setting of this game");
    }
    if (mode === "ai") {
      if (!LEVELS.includes(level)) {
        throw new SessionError("bad-level", `level must be one of ${LEVELS.join(", ")}, not ${JSON.stringify(level)}`);
      }
      if (humanSide !== 0 && humanSide !== 1) {
        throw new SessionError("bad-side", `humanSide must be 0 or 1, not ${JSON.stringify(humanSide)}`);
      }
      if (!this.ai) throw new SessionError("no-ai", "this session has no AI client");
    }
  }

  restart() {
    this._requireGame();
    this._cancelSearch();
    this._reset("restart");
  }

  stop() {
    this._cancelSearch();
    this._mode = null;
    this._level = null;
    this._history = [this._initial()];
    this._moves = [];
    this._emit("stop");
  }

  // True when a person may move now: a game is on, it is not over, and (against the AI)
  // it is the human's turn.
  canPlay() {
    if (!this._mode || this.outcome) return false;
    if (this._mode === "ai") return !this._thinking && this.engine.toMove(this.state) === this._humanSide;
    return true;
  }

  canUndo() {
    if (!this._mode || this._moves.length === 0) return false;
    if (this._mode === "local") return true;
    return this._moves.some((move) => move.player === this._humanSide);
  }

  play(text) {
    this._requireGame();
    if (this.outcome) throw new EngineError("game-over", "the game has already ended");
    if (!this.canPlay()) throw new SessionError("not-your-turn", "it is not a person's turn to move");
    this._apply(text, "play");
    this._maybeAskAi();
  }

  // Local: take back the last move. Against the AI: go back to the human's previous turn,
  // cancelling a search that is under way.
  undo() {
    this._requireGame();
    if (!this.canUndo()) throw new SessionError("nothing-to-undo", "there is no move to take back");
    this._cancelSearch();
    if (this._mode === "local") {
      this._pop();
    } else {
      let removed;
      do removed = this._pop(); while (removed.player !== this._humanSide);
    }
    this._emit("undo");
    this._maybeAskAi(); // only when the human took back everything and the AI opens
  }

  _reset(cause) {
    this._history = [this._initial()];
    this._moves = [];
    this._emit(cause);
    this._maybeAskAi();
  }

  _requireGame() {
    if (!this._mode) throw new SessionError("no-game", "start a game first");
  }

  _pop() {
    this._history.pop();
    return this._moves.pop();
  }

  _apply(text, cause) {
    const before = this.state;
    const move = this.engine.parseMove(before, text); // throws: nothing has changed yet
    const after = this.engine.play(before, move);
    const player = this.engine.toMove(before);
    this._history.push(after);
    this._moves.push({ text: this.engine.formatMove(before, move), player });
    this._emit(cause);
  }

  _maybeAskAi() {
    if (this._mode !== "ai" || this.outcome) return;
    if (this.engine.toMove(this.state) === this._humanSide) return;
    this._askAi();
  }

  async _askAi() {
    const epoch = ++this._epoch;
    const ply = this._moves.length;
    this._thinking = true;
    this._emit("thinking");
    const request = { slug: this.slug, state: this.engine.dump(this.state), level: this._level };
    if (this.seed) request.seed = this.seed(ply);
    try {
      const [answer] = await Promise.all([this.ai.search(request), wait(this.aiDelayMs)]);
      if (epoch !== this._epoch) return;
      this._thinking = false;
      this._apply(answer.move, "ai");
    } catch (error) {
      if (epoch !== this._epoch || isAbort(error)) return;
      this._thinking = false;
      this._emit("thinking");
      this.dispatchEvent(new CustomEvent("error", { detail: { error } }));
    }
  }

  // After an AI failure the page may offer to ask again.
  retryAi() {
    this._requireGame();
    if (!this._thinking) this._maybeAskAi();
  }

  _cancelSearch() {
    this._epoch++;
    if (this._thinking) {
      this._thinking = false;
      this.ai?.cancel();
    }
  }

  _emit(cause) {
    const moves = this.moves;
    this.dispatchEvent(new CustomEvent("change", {
      detail: {
        state: this.state,
        moves,
        outcome: this.outcome,
        lastMove: moves.length ? moves[moves.length - 1] : null,
        thinking: this._thinking,
        cause,
      },
    }));
  }
}
