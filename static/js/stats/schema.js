// The statistics vocabulary, the same table as stats/schema.py (a test compares them).
// The client only builds events from these values; the server refuses anything else.

const freeze = (value) => Object.freeze(value);

export const SCHEMA = freeze({
  maxEvents: 20,
  maxBodyBytes: 8 * 1024,
  maxMoves: 5000,
  maxTries: 99,
  kinds: freeze({
    "game-start": freeze({ game: "required", mode: "required", level: "optional", lang: "optional" }),
    "game-end": freeze({
      game: "required", mode: "required", lang: "optional", level: "optional",
      result: "required", ending: "optional", moves: "required", duration: "required",
    }),
    "room-connection": freeze({ game: "required", outcome: "required", reconnects: "optional" }),
    "board-3d": freeze({ game: "required", outcome: "required", render: "optional" }),
    "puzzle-attempt": freeze({
      game: "required", lang: "optional", puzzle: "required", result: "required", tries: "required",
    }),
  }),
  values: freeze({
    event: freeze(["game-start", "game-end", "room-connection", "board-3d", "puzzle-attempt"]),
    game: freeze(["score-four", "tic-tac-toe", "three-mens-morris", "nine-mens-morris", "dara"]),
    lang: freeze(["ko", "ja", "zh-hans"]),
    mode: freeze(["ai", "local", "friend"]),
    level: freeze(["beginner", "intermediate", "advanced"]),
    outcome: freeze(["ok", "failed"]),
    ending: freeze([
      "line", "full", "no-moves", "pieces", "repetition", "move-limit",
      "resigned", "agreed", "abandoned",
    ]),
    duration: freeze(["under-1m", "1-3m", "3-10m", "10-30m", "30-60m", "over-60m"]),
    reconnects: freeze(["0", "1", "2-3", "4-9", "10+"]),
    render: freeze(["under-15fps", "15-30fps", "30-50fps", "50fps+"]),
    memory: freeze(["under-2gb", "2-4gb", "4-8gb", "8gb+", "unknown"]),
    cores: freeze(["1-2", "3-4", "5-8", "9-16", "17+", "unknown"]),
    browser: freeze(["chrome", "edge", "firefox", "safari", "samsung", "opera", "other"]),
    os: freeze(["android", "ios", "windows", "macos", "linux", "chromeos", "other"]),
  }),
  resultsPlayer: freeze(["win", "loss", "draw"]),
  resultsLocal: freeze(["first", "second", "draw"]),
  games3d: freeze(["score-four"]),
  deviceFields: freeze(["phone", "memory", "cores", "browser", "os"]),
});
