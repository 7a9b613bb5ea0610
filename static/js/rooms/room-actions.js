// What a seated player can do besides moving (docs/PROTOCOL.md): resign (after a confirmation),
// offer, accept or decline a draw, end a game the friend has left, and move the seat to
// another device with a one-time link. The server decides each; the panel shows what it says.

import { bringIntoView } from "../play/into-view.js";

const AWAY_DRAW_SECONDS = 120; // rooms/endings.py
const AWAY_WIN_SECONDS = 300;

const show = (element, visible) => element && (element.hidden = !visible);

export function csrfToken(panel) {
  return panel.querySelector("[data-room-csrf] [name=csrfmiddlewaretoken]")?.value ?? "";
}

// The answers to the friend (accept or decline a draw, end the game of a friend who left) sit
// in the status area above the board (templates/rooms/_room_status.html), the rest in the
// panel: both are looked up in the whole page.
export function wireEndings(panel, session, roomT) {
  const $ = (name) => panel.ownerDocument.querySelector(`[data-room-${name}]`);
  let confirming = false;
  let waitedFor = null; // the absence the player chose to keep waiting through
  let thresholdTimer = null;
  const act = (call) => {
    try {
      call();
    } catch {
      render(); // not playing any more: the panel catches up
    }
  };
  $("resign")?.addEventListener("click", () => { confirming = true; render(); $("resign-yes")?.focus(); });
  $("resign-no")?.addEventListener("click", () => { confirming = false; render(); });
  $("resign-yes")?.addEventListener("click", () => { confirming = false; act(() => session.resign()); render(); });
  // The offer is said in the status area above the board: bring it into view.
  const board = panel.ownerDocument.querySelector("[data-play-board]");
  $("offer-draw")?.addEventListener("click", () => {
    act(() => session.offerDraw());
    bringIntoView(board);
  });
  $("draw-accept")?.addEventListener("click", () => act(() => session.answerDraw(true)));
  $("draw-decline")?.addEventListener("click", () => act(() => session.answerDraw(false)));
  $("claim-draw")?.addEventListener("click", () => act(() => session.claim("draw")));
  $("claim-win")?.addEventListener("click", () => act(() => session.claim("win")));
  $("away-wait")?.addEventListener("click", () => { waitedFor = session.presence.away?.join(); render(); });

  function render() {
    const playing = session.status === "playing" && session.humanSide !== null && !session.outcome;
    show($("endings"), playing);
    if (!playing) {
      for (const part of ["draw-sent", "draw-offered", "away"]) show($(part), false);
      return;
    }
    const offer = session.drawOffer;
    const mine = offer !== null && offer === session.humanSide;
    const fromFriend = offer !== null && !mine;
    show($("resign-confirm"), confirming);
    $("offer-draw").disabled = mine;
    show($("draw-sent"), mine);
    show($("draw-offered"), fromFriend);
    const away = session.friendAwaySeconds;
    panel.dataset.friendAway = away ?? ""; // seconds, for tests and styles
    // Look again the moment the absence crosses the next threshold.
    clearTimeout(thresholdTimer);
    const next = [AWAY_DRAW_SECONDS, AWAY_WIN_SECONDS].find((limit) => away !== null && away < limit);
    if (next) thresholdTimer = setTimeout(render, (next - away) * 1000 + 100);
    const showAway = away !== null && away >= AWAY_DRAW_SECONDS && waitedFor !== session.presence.away?.join();
    show($("away"), showAway);
    if (showAway) {
      $("away-text").textContent = roomT("friendAway", { minutes: Math.floor(away / 60) });
      const win = $("claim-win");
      win.disabled = away < AWAY_WIN_SECONDS;
      win.textContent = win.disabled ? roomT("claimWinLater") : win.dataset.label ?? win.textContent;
    }
  }
  const win = $("claim-win");
  if (win) win.dataset.label = win.textContent;
  for (const type of ["change", "presence", "draw", "seat", "connection"]) session.addEventListener(type, render);
  setInterval(render, 15_000); // the friend's absence grows between server messages
  render();
  return render;
}

export function wireTransfer(panel, roomId, drawQr) {
  const button = panel.querySelector("[data-room-transfer-button]");
  button?.addEventListener("click", async () => {
    const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/transfer`, {
      method: "POST",
      headers: { "X-CSRFToken": csrfToken(panel), Accept: "application/json" },
      credentials: "same-origin",
    });
    if (!response.ok) return;
    const { url } = await response.json();
    const input = panel.querySelector("[data-room-transfer-url]");
    input.value = url;
    const qr = panel.querySelector("[data-room-transfer-qr]");
    qr.dataset.url = url;
    drawQr(qr);
    show(panel.querySelector("[data-room-transfer-link]"), true);
  });
}

// The other device opened `…/r/<id>/#take=<secret>`: claim the seat, then load the page as
// the player. The secret leaves the address bar (and history) before anything else.
export async function takeSeatFromLink(panel, roomId, loc = location) {
  const match = /^#take=([A-Za-z0-9_-]{1,64})$/.exec(loc.hash);
  if (!match) return false;
  history.replaceState(null, "", loc.pathname + loc.search);
  const body = new URLSearchParams({ token: match[1] });
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/take`, {
    method: "POST",
    headers: { "X-CSRFToken": csrfToken(panel), Accept: "application/json" },
    body,
    credentials: "same-origin",
  });
  if (response.ok) {
    loc.reload();
    return true;
  }
  show(panel.querySelector("[data-room-take-failed]"), true);
  return false;
}
