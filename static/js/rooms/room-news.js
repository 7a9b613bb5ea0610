// The news line of a friend room's status area (templates/rooms/_room_status.html): what the
// friend (or, to a spectator, either side) just did that the turn line does not say: left,
// came back, offered a draw, asked for a rematch, and while the friend is away, how long until
// the game may be ended. A player's answers (accept, decline, claim) have their own blocks
// beside it (room-actions.js); this line only tells.
//
//   roomNews(session, { players, backAt, now }) -> { key, values } | null   (pure, node-tested)
//   players: who is connected as the last presence message said, null before the first one
//   (the session's default would read as "both left").
//   followRoomNews(session, { element, t, sideName, announce })

export const CLAIM_AFTER_SECONDS = 120; // rooms/endings.py: a draw may be called after this
const BACK_SHOWN_MS = 8000; // "is back" stays this long

export function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// backAt: [ms | null, ms | null], when each side last came back.
export function roomNews(session, { players = null, backAt = [null, null], now = Date.now() } = {}) {
  const status = session.status;
  if (status !== "playing" && status !== "finished") return null;
  players ??= [true, true];
  const recentlyBack = (side) => backAt[side] !== null && now - backAt[side] < BACK_SHOWN_MS;
  const side = session.humanSide;
  if (side === null) {
    // A spectator hears both sides' news, by side.
    if (status === "playing" && session.drawOffer !== null && session.drawOffer !== undefined) {
      return { key: "sideOffersDraw", values: { side: session.drawOffer } };
    }
    for (const s of [0, 1]) if (!players[s]) return { key: "sideLeft", values: { side: s } };
    const rematch = session.rematch ?? [false, false];
    if (status === "finished" && rematch[0] !== rematch[1]) {
      return { key: "sideAsksRematch", values: { side: rematch[0] ? 0 : 1 } };
    }
    for (const s of [0, 1]) if (recentlyBack(s)) return { key: "sideBack", values: { side: s } };
    return null;
  }
  const friend = 1 - side;
  if (!players[friend]) {
    if (status === "finished") return { key: "friendGone", values: {} };
    const away = session.friendAwaySeconds;
    if (away !== null && away < CLAIM_AFTER_SECONDS) {
      return { key: "friendLeftClaimIn", values: { time: clock(CLAIM_AFTER_SECONDS - away) } };
    }
    return { key: "friendLeft", values: {} };
  }
  if (recentlyBack(friend)) return { key: "friendBack", values: {} };
  return null;
}

export function followRoomNews(session, { element, t, sideName, announce = () => {} }) {
  if (!element) return () => {};
  const backAt = [null, null];
  let players = null;
  let lastKey = "";
  const seen = [false, false]; // "is back" only for a side this page saw there before
  session.addEventListener("presence", () => {
    const present = [...session.presence.players];
    if (players && session.status !== "waiting") {
      for (const s of [0, 1]) if (seen[s] && !players[s] && present[s]) backAt[s] = Date.now();
    }
    for (const s of [0, 1]) seen[s] ||= present[s];
    players = present;
  });
  const render = () => {
    const news = roomNews(session, { players, backAt, now: Date.now() });
    const values = { ...news?.values };
    if ("side" in values) values.side = sideName(values.side);
    const text = news ? t(news.key, values) : "";
    if (element.textContent !== text) element.textContent = text; // ticks every second
    element.hidden = !text;
    element.dataset.news = news?.key ?? "";
    // Said once per kind of news, not on every tick of the countdown.
    const key = news ? `${news.key}:${news.values.side ?? ""}` : "";
    if (key && key !== lastKey) announce(text);
    lastKey = key;
  };
  for (const type of ["change", "presence", "rematch", "seat", "connection", "draw"]) {
    session.addEventListener(type, render);
  }
  setInterval(render, 1000); // the countdown, and "is back" going away
  render();
  return render;
}
