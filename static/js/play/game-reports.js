// What a session tells the statistics hook: each game's start and end, reported to the statistics hook from a session's change events,
// in the same way on every play page and in every mode.
//
// A local game starts when the session starts or restarts. A friend-room game starts when a
// seated player sees a round begin with no moves (the friend joined, or a rematch began); a
// page reloaded in the middle of a round reports neither its start nor its end, so only games
// seen whole are counted. Each game ends once, even when undo lets it end again.
import { report } from "./stats-hook.js";

export function gameFields(session, slug) {
  const { mode, level, humanSide } = session;
  // The rule setting of a game that has several (a session without one has none to say).
  const rule = session.variant ? { rule: session.variant } : {};
  if (mode === "ai") return { game: slug, mode, level, humanSide, ...rule };
  if (mode === "friend") return humanSide === null ? null : { game: slug, mode, humanSide, ...rule };
  return { game: slug, mode, ...rule };
}

export function reportGames(session, slug, send = report) {
  let localGames = 0;
  let started = null; // the game whose start was reported
  let ended = null;
  session.addEventListener("change", ({ detail }) => {
    const fields = gameFields(session, slug);
    if (!fields) return; // spectators play no game
    let game;
    if (session.mode === "friend") {
      game = `round-${session.round}`;
      if (session.status === "playing" && detail.moves.length === 0 && started !== game) {
        started = game;
        send("game-start", fields);
      }
    } else {
      if (detail.cause === "start" || detail.cause === "restart") {
        localGames += 1;
        started = `local-${localGames}`;
        send("game-start", fields);
      }
      game = `local-${localGames}`;
    }
    if (detail.outcome && started === game && ended !== game) {
      ended = game;
      const { winner, reason } = detail.outcome;
      send("game-end", { ...fields, winner, ...(reason ? { reason } : {}), moves: detail.moves.length });
    }
  });
}

// Attempts that all close before the first open, after which a room connection has failed.
const FAILED_AFTER = 3;

// A friend room's connection: every open (the second and later are reconnects), and a
// failure when the first FAILED_AFTER attempts all closed before opening.
export function reportRoomConnections(session, send = report) {
  let opened = false;
  let failures = 0;
  session.addEventListener("connection", ({ detail }) => {
    if (detail.connection === "open") {
      opened = true;
      send("room-connected", { game: session.slug });
    } else if (detail.connection === "reconnecting" && !opened) {
      failures += 1;
      if (failures === FAILED_AFTER) send("room-failed", { game: session.slug });
    }
  });
}
