// What a play page says about the game as a whole, the same on every board: the mode line,
// whose turn it is, the result's title. Pure functions of the session's public getters (mode,
// level, humanSide, thinking, outcome, and on a room page status), so node tests can call them.
//   t: the page's strings (static/js/play/strings.js); roomT: the room panel's strings;
//   sideName(player): the board's name for a side ("White", "X").

export function modeText(session, t, sideName) {
  const { mode, level, humanSide } = session;
  if (mode === "ai") return t("modeAi", { level: t(`level-${level}`), side: sideName(humanSide) });
  if (mode === "local") return t("modeLocal");
  return mode === "friend" ? t("modeFriend") : "";
}

// Who is watching rather than playing: a room visitor without a seat.
export const isSpectator = (session) => session.mode === "friend" && session.humanSide === null;

export function resultTitle(session, outcome, t, sideName) {
  if (outcome.winner === null) return t("resultDraw");
  if (session.mode === "ai" || (session.mode === "friend" && !isSpectator(session))) {
    return t(outcome.winner === session.humanSide ? "resultYouWin" : "resultYouLose");
  }
  return t("resultWin", { side: sideName(outcome.winner) });
}

// Why a person may not move now (the game is on and not over), as a string key: the AI is
// thinking, the friend is to move, the friend has not joined yet, or this visitor is only
// watching (and is never told to choose a square).
export function waitKey(session) {
  if (session.mode !== "friend") return "error-not-your-turn";
  if (isSpectator(session)) return session.status === "waiting" ? "error-join-first" : "error-spectator";
  if (session.status !== "playing") return "error-friend-not-joined";
  return "error-not-your-turn-friend";
}

// What a tap on the board says once the game is over: a room has only its rematch button
// (and a spectator has none), the other modes Again and the choice of mode.
export function overKey(session) {
  if (session.mode !== "friend") return "error-game-over";
  return isSpectator(session) ? "error-game-over-watching" : "error-game-over-friend";
}

// Whether the board may ask this viewer to act (choose a square, select a piece): only a
// player of a game that is on.
export function mayBeAsked(session) {
  if (!session.mode || session.outcome) return false;
  return session.mode !== "friend" || (session.status === "playing" && !isSpectator(session));
}

// The turn line: "" before a game, the result once it is over, otherwise whose move it is.
// In a room nobody is asked to move before the friend has joined, a player whose friend has
// left is not told to wait for their move as if they were there (the server counts them away),
// and a spectator is only told whose move it is.
export function turnText(session, toMove, { t, roomT, sideName }) {
  if (!session.mode) return "";
  if (session.outcome) return resultTitle(session, session.outcome, t, sideName);
  if (session.mode === "local") return t("statusTurn", { side: sideName(toMove) });
  if (session.mode === "ai" && session.thinking) return t("statusThinking");
  if (session.mode === "friend") {
    if (session.status === "waiting") return isSpectator(session) ? t("error-join-first") : roomT("waitingFriend");
    if (session.status !== "playing") return "";
    if (isSpectator(session)) return t("statusTurn", { side: sideName(toMove) });
    const away = session.friendAwaySeconds;
    if (toMove !== session.humanSide && away !== null && away !== undefined) return roomT("friendAwayTurn");
  }
  if (toMove === session.humanSide) return t("statusYourTurn", { side: sideName(toMove) });
  return t("statusTheirTurn", { side: sideName(toMove) });
}
