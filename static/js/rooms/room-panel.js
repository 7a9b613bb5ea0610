// The room panel of templates/rooms/_room_panel.html: invite link (copy, share, QR code),
// connection and presence notices, the spectator notice and the rematch button. The page
// controller creates the RoomSession; this module follows it (RoomSession.current, or the
// "roomsession" event when the controller loads later). All words come from the template.

import { encode } from "../../vendor/uqr/uqr.mjs";
import { reportRoomConnections } from "../play/game-reports.js";
import { loadStrings } from "../play/strings.js";
import { takeSeatFromLink, wireEndings, wireTransfer } from "./room-actions.js";
import { RoomSession } from "./room-session.js";
import { followTurns } from "./turn-cues.js";

const panel = document.querySelector("[data-room-panel]");
const $doc = (selector) => document.querySelector(selector);
const show = (element, visible) => element && (element.hidden = !visible);
const pick = (container, key, attribute = "data-when") => {
  if (!container) return;
  let shown = false;
  for (const part of container.querySelectorAll(`[${attribute}]`)) {
    part.hidden = part.getAttribute(attribute) !== String(key);
    shown ||= !part.hidden && part.textContent.trim() !== "";
  }
  container.hidden = !shown; // no empty line when the chosen part has no words
};

function drawQr(target) {
  const { data, size } = encode(target.dataset.url, { ecc: "M", border: 2 });
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("aria-hidden", "true");
  let path = "";
  data.forEach((row, y) => row.forEach((dark, x) => { if (dark) path += `M${x} ${y}h1v1h-1z`; }));
  const shape = document.createElementNS(ns, "path");
  shape.setAttribute("d", path);
  shape.setAttribute("fill", "#000");
  svg.append(shape);
  target.replaceChildren(svg);
}

// Copies without touching the link's box: no selection, no focus, no scroll. The Clipboard API
// first; where it is missing or refused (older browsers, plain HTTP), a copy from an unseen text
// area, after which focus returns to the button.
async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const scratch = document.createElement("textarea");
    scratch.value = text;
    scratch.readOnly = true;
    scratch.className = "visually-hidden";
    scratch.style.position = "fixed"; // the CSSOM: the page's CSP forbids style attributes
    scratch.style.top = "0";
    document.body.append(scratch);
    scratch.focus({ preventScroll: true });
    scratch.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    scratch.remove();
    button.focus({ preventScroll: true });
    return copied;
  }
}

// A phone (a coarse pointer) that has a share sheet: Share replaces the QR code.
function sharesLikeAPhone(win = window) {
  return typeof win.navigator.share === "function" && win.matchMedia("(pointer: coarse)").matches;
}

function wireInvite() {
  const link = panel.querySelector("[data-room-link]");
  const copied = panel.querySelector("[data-room-copied]");
  const failed = panel.querySelector("[data-room-copy-failed]");
  const copy = panel.querySelector("[data-room-copy]");
  copy?.addEventListener("click", async () => {
    const ok = await copyText(link.value, copy);
    show(copied, ok);
    show(failed, !ok);
  });
  const share = panel.querySelector("[data-room-share]");
  const phone = sharesLikeAPhone();
  if (share && typeof navigator.share === "function") {
    share.hidden = false;
    // The preview's words (the page's og:title): "a friend invites you to a game of …".
    const title = document.querySelector("meta[property='og:title']")?.content || document.title;
    share.addEventListener("click", () => {
      navigator.share({ title, text: title, url: link.value }).catch(() => {});
    });
    if (phone) {
      share.classList.add("button--primary");
      share.parentElement.prepend(share);
    }
  }
  const figure = panel.querySelector("[data-room-qr-figure]");
  if (figure && phone) figure.hidden = true;
  const qr = panel.querySelector("[data-room-qr]");
  if (qr && !phone) drawQr(qr);
  panel.dataset.invite = phone ? "share" : "qr"; // for tests
}

function follow(session) {
  const seated = Boolean(panel.dataset.seat);
  const render = () => {
    const status = session.status;
    panel.dataset.status = status;
    panel.dataset.connection = session.connection;
    // The connection line keeps its place, unseen, when there is nothing to say: "Connecting…"
    // going away must not move Join (or a board's pegs) up under a finger.
    const connection = panel.querySelector("[data-room-connection]");
    pick(connection, session.connection);
    if (connection) {
      connection.toggleAttribute("data-empty", connection.hidden);
      connection.hidden = false;
    }
    // Until the room's first state comes, the parts stay as the server drew them: a visitor
    // was told "you are watching" and lost the Join button for that moment (and a tap on it).
    if (status !== "connecting") {
      show(panel.querySelector("[data-room-invite]"), status === "waiting");
      show(panel.querySelector("[data-room-join]"), status === "waiting" && !seated);
      show(panel.querySelector("[data-room-spectator]"), status !== "waiting" && !seated);
    }
    if (seated) {
      pick(panel.querySelector("[data-room-side]"), session.humanSide, "data-side");
      let friend = session.friendConnected ? "present" : "absent";
      if (status === "waiting" || status === "connecting") friend = "absent-waiting";
      // After the game "resumes when they come back" is untrue: the status area says they left.
      if (status === "finished" && friend === "absent") friend = "";
      pick(panel.querySelector("[data-room-friend]"), friend);
    }
    // Before the friend joins, whoever opened the link is about to join, not watching.
    const watchers = status === "waiting" ? 0 : session.presence.spectators;
    const watching = panel.querySelector("[data-room-watchers]");
    // Its line stays through the game (as the server drew it before the first message): a
    // count that appears must not move the pegs below it under a finger about to press one.
    if (status !== "connecting") show(watching, status !== "waiting");
    watching?.toggleAttribute("data-empty", watchers === 0);
    const count = panel.querySelector("[data-room-watch-count]");
    if (count) count.textContent = String(watchers);
    // The rematch sits in the status area above the board (templates/rooms/_room_status.html).
    // A friend who has left cannot agree: no rematch is offered until they are back.
    const finished = status === "finished";
    const side = session.humanSide;
    const gone = seated && !session.friendConnected;
    show($doc("[data-room-rematch]"), finished && !gone);
    const asked = side !== null && session.rematch[side];
    const offered = side !== null && session.rematch[1 - side];
    const button = $doc("[data-room-rematch-button]");
    if (button) {
      button.disabled = asked;
      button.hidden = asked; // the wait is said instead
    }
    show($doc("[data-room-rematch-waiting]"), finished && asked);
    show($doc("[data-room-rematch-offered]"), finished && offered && !asked);
    show(panel.querySelector("[data-room-gone]"), session.connection === "gone");
  };
  for (const type of ["change", "presence", "seat", "rematch", "connection"]) {
    session.addEventListener(type, render);
  }
  // This seat moved to another device: the page is drawn again, as a spectator's.
  session.addEventListener("seat", () => seated && session.seat === null && location.reload());
  reportRoomConnections(session);
  if (seated) {
    const roomT = loadStrings(document, "room-strings");
    wireEndings(panel, session, roomT);
    followTurns(session, {
      input: panel.querySelector("[data-room-turn-sound]"),
      titleText: (title) => roomT("titleYourMove", { title }),
    });
  }
  $doc("[data-room-rematch-button]")?.addEventListener("click", () => {
    try {
      session.requestRematch();
    } catch {
      render();
    }
  });
  render();
}

if (panel) {
  const roomId = document.body.dataset.roomId;
  takeSeatFromLink(panel, roomId);
  wireInvite();
  wireTransfer(panel, roomId, drawQr);
  // Local-game controls have no place in a friend room.
  for (const element of document.querySelectorAll(
    "[data-mode-choice], [data-action=undo], [data-action=again], [data-action=choose-mode]",
  )) {
    element.hidden = true;
  }
  if (RoomSession.current) follow(RoomSession.current);
  else document.addEventListener("roomsession", (event) => follow(event.detail), { once: true });
}
