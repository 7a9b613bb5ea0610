// Turns what a play page reports (static/js/play/stats-hook.js `report(name, fields)`) into
// wire events. The page says what happened; durations, buckets and room summaries are
// worked out here, so no exact time or count leaves the browser.
//
// Page calls (fields in braces):
//   game-start     {game, mode, level, humanSide, rule}  mode "ai" | "local" | "friend";
//                                                      level and humanSide against the AI;
//                                                      rule: the rule setting of a game
//                                                      that has several (else left out)
//   game-end       {game, mode, level, humanSide, winner, reason, moves}
//                  winner 0 | 1 | null (draw); humanSide 0 | 1 for ai and friend;
//                  moves = plies played (`plies` is accepted too); `result` may be given
//                  instead of winner. Other fields (e.g. reason) are ignored, never sent.
//   webgl-failure  {game}                             the 3D board could not start
//   webgl-context-lost {game}                         counts as a failure if nothing was
//                                                      reported for the board yet
//   render-speed   {game, fps}                        measured frames per second
//   room-connected {game}                             every time the room socket opens
//                                                      (the second and later are reconnects)
//   room-failed    {game}                             giving up on the room connection
//   puzzle-attempt {game, date, solved, tries}        a daily puzzle solved, or left
//                                                      unsolved after a try (static/js/daily/)
// The room summary (one "room-connection" event per page) is emitted by finish(), which the
// client runs on pagehide.
import { durationBucket, reconnectBucket, renderBucket } from "./buckets.js";
import { StatsError } from "./events.js";
import { SCHEMA } from "./schema.js";

export class PageTracker {
  // lang: the page's language (<html lang>), sent with game-start and game-end when it is
  // one of the site's languages.
  constructor({ now = () => Date.now(), lang = null } = {}) {
    this.now = now;
    this.lang = SCHEMA.values.lang.includes(lang) ? lang : undefined;
    this.game = null; // the game in progress: {game, mode, level, humanSide, rule, startedAt}
    this.board = null; // "failed" | "ok" once reported for this page
    this.room = null; // {game, opens, failed}
    this.roomReported = false;
  }

  // [kind, fields] pairs to record (possibly none) for one page call. Throws StatsError.
  handle(name, fields = {}) {
    switch (name) {
      case "game-start": return this.gameStart(fields);
      case "game-end": return this.gameEnd(fields);
      case "webgl-failure":
      case "webgl-context-lost": return this.boardReport(fields.game, "failed");
      case "render-speed": return this.boardReport(fields.game, "ok", renderBucket(fields.fps));
      case "room-connected": return this.roomEvent(fields.game, "open");
      case "room-failed": return this.roomEvent(fields.game, "failed");
      case "puzzle-attempt": return [["puzzle-attempt", {
        game: fields.game, ...this.langField(), puzzle: fields.date,
        result: fields.solved ? "win" : "loss", tries: fields.tries,
      }]];
      default: throw new StatsError("unknown-report", `unknown page report ${JSON.stringify(name)}`);
    }
  }

  langField() {
    return this.lang ? { lang: this.lang } : {};
  }

  gameStart({ game, mode, level = null, humanSide = null, rule = null }) {
    this.game = { game, mode, level, humanSide, rule, startedAt: this.now() };
    return [["game-start", {
      game, mode, ...this.langField(), level: mode === "ai" ? level : undefined, ...ruleField(rule),
    }]];
  }

  gameEnd({ game, mode, level = null, humanSide = null, winner, result, reason, moves, plies }) {
    const started = this.game;
    this.game = null;
    if (!started || started.game !== game || started.mode !== mode) {
      // An undo after the end and a second finish, or a restart the page did not report:
      // without its start there is no duration, and the game was already counted.
      throw new StatsError("no-start", `game-end of ${game}/${mode} without its game-start`);
    }
    const side = humanSide ?? started.humanSide;
    const fields = {
      game, mode, ...this.langField(),
      level: mode === "ai" ? (level ?? started.level) : undefined,
      ...ruleField(started.rule),
      result: result ?? resultOf(mode, winner, side),
      ending: SCHEMA.values.ending.includes(reason) ? reason : undefined,
      moves: moves ?? plies,
      duration: durationBucket(this.now() - started.startedAt),
    };
    return [["game-end", fields]];
  }

  boardReport(game, outcome, render) {
    if (this.board) return []; // one report per page: the first tells whether the board works
    this.board = outcome;
    return [["board-3d", { game, outcome, render }]];
  }

  roomEvent(game, what) {
    this.room ??= { game, opens: 0, failed: false };
    if (what === "open") this.room.opens += 1;
    else this.room.failed = true;
    return [];
  }

  // Called once when the page goes away: the room summary.
  finish() {
    if (!this.room || this.roomReported) return [];
    const { game, opens, failed } = this.room;
    if (opens === 0 && !failed) return []; // left while still connecting
    this.roomReported = true;
    if (opens === 0) return [["room-connection", { game, outcome: "failed" }]];
    return [["room-connection", { game, outcome: "ok", reconnects: reconnectBucket(opens - 1) }]];
  }
}

// The rule setting, when the game has one to say (the server checks it is the game's own).
function ruleField(rule) {
  return SCHEMA.values.rule.includes(rule) ? { rule } : {};
}

export function resultOf(mode, winner, humanSide) {
  if (winner === null) return "draw";
  if (winner !== 0 && winner !== 1) throw new StatsError("bad-value", `winner must be 0, 1 or null, not ${winner}`);
  if (mode === "local") return winner === 0 ? "first" : "second";
  if (humanSide !== 0 && humanSide !== 1) {
    throw new StatsError("missing-field", `humanSide is needed for a ${mode} result`);
  }
  return winner === humanSide ? "win" : "loss";
}
