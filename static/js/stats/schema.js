// Written by tools/gen_registry.py from stats/schema.py: do not edit (a test fails
// when this file is stale). The client only builds events from these values; the
// server refuses anything else.
import { GAMES } from "../games/registry.js";

const freeze = (value) => {
  if (value && typeof value === "object") {
    Object.values(value).forEach(freeze);
    Object.freeze(value);
  }
  return value;
};

export const SCHEMA = freeze({
  "maxEvents": 20,
  "maxBodyBytes": 8192,
  "maxMoves": 5000,
  "maxTries": 99,
  "kinds": {
    "game-start": {
      "game": "required",
      "mode": "required",
      "level": "optional",
      "lang": "optional",
      "rule": "optional",
    },
    "game-end": {
      "game": "required",
      "mode": "required",
      "lang": "optional",
      "level": "optional",
      "rule": "optional",
      "result": "required",
      "ending": "optional",
      "moves": "required",
      "duration": "required",
    },
    "room-connection": {
      "game": "required",
      "outcome": "required",
      "reconnects": "optional",
    },
    "board-3d": {
      "game": "required",
      "outcome": "required",
      "render": "optional",
    },
    "puzzle-attempt": {
      "game": "required",
      "lang": "optional",
      "puzzle": "required",
      "result": "required",
      "tries": "required",
    },
  },
  "values": {
    "event": ["game-start", "game-end", "room-connection", "board-3d", "puzzle-attempt"],
    "game": Object.keys(GAMES),
    "lang": ["ko", "ja", "zh-hans"],
    "mode": ["ai", "local", "friend"],
    "level": ["beginner", "intermediate", "advanced"],
    "rule": ["freestyle", "exact-five", "renju"],
    "outcome": ["ok", "failed"],
    "ending": ["line", "full", "no-moves", "pieces", "repetition", "move-limit", "discs", "resigned", "agreed", "abandoned"],
    "duration": ["under-1m", "1-3m", "3-10m", "10-30m", "30-60m", "over-60m"],
    "reconnects": ["0", "1", "2-3", "4-9", "10+"],
    "render": ["under-15fps", "15-30fps", "30-50fps", "50fps+"],
    "memory": ["under-2gb", "2-4gb", "4-8gb", "8gb+", "unknown"],
    "cores": ["1-2", "3-4", "5-8", "9-16", "17+", "unknown"],
    "browser": ["chrome", "edge", "firefox", "safari", "samsung", "opera", "other"],
    "os": ["android", "ios", "windows", "macos", "linux", "chromeos", "other"],
  },
  "resultsPlayer": ["win", "loss", "draw"],
  "resultsLocal": ["first", "second", "draw"],
  "games3d": Object.keys(GAMES).filter((slug) => GAMES[slug].board === "3d"),
  "deviceFields": ["phone", "memory", "cores", "browser", "os"],
});
