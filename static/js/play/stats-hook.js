// Where play pages report what happens, for the anonymous play statistics (privacy page).
//   report("game-start", {game, mode, level, humanSide})
//   report("game-end", {game, mode, level, humanSide, winner, moves})
//   report("webgl-failure", {game}); report("render-speed", {game, fps})
//   report("room-connected", {game}); report("room-failed", {game})
// Field meanings: static/js/stats/tracker.js. The statistics client decides what, if
// anything, is sent (the player's switch); a bad report is logged, never thrown.
import { pageClient } from "../stats/client.js";

export function report(event, fields = {}) {
  try {
    pageClient().report(event, fields);
  } catch (error) {
    // Statistics must never break a game.
    console.warn("statistics hook failed", error);
  }
}
