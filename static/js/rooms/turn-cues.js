// Turn cues in a friend room while the page is hidden: when it becomes this player's move, the
// tab title says so ("● Your move — …"), a short sound plays if the player turned it on (off
// by default; the switch is remembered in this browser) and a phone vibrates briefly where it
// may. No notification permission is ever asked for.
//
// A new request from the friend (a draw offered, a rematch asked for) and the friend leaving
// mid-game get the same cue whether or not the page is hidden: it is what the status area
// above the board then shows, and a phone in a pocket should hear of it.
//
//   followTurns(session, { input, titleText: (title) => "● Your move — " + title, storage });

import { SoundSwitch } from "../play/sound.js";

const KEY = "little-table:turn-sound";
const TURN_NOTES = [660, 880];
const REQUEST_NOTES = [880, 660, 880];
const REQUEST_VIBRATION = [90, 60, 90];

// A vibration only once the person has touched the page: before that the browser refuses it
// and says so on the console.
function vibrate(pattern) {
  const nav = globalThis.navigator;
  if (nav?.userActivation && !nav.userActivation.hasBeenActive) return;
  try {
    nav?.vibrate?.(pattern);
  } catch {
    // vibration refused (not allowed in this frame)
  }
}

export function followTurns(session, { input = null, titleText, storage = globalThis.localStorage, doc = document }) {
  const original = doc.title;
  const sound = new SoundSwitch(input, { storage, key: KEY, defaultOn: false });
  let wasMyMove = session.canPlay();

  const update = () => {
    const myMove = session.canPlay();
    if (myMove && !wasMyMove && doc.hidden) {
      doc.title = titleText(original);
      doc.documentElement.dataset.turnCue = "shown";
      sound.playNotes(TURN_NOTES, { lead: 0.02, gap: 0.12, peak: 0.15, length: 0.2, type: "sine" });
      vibrate(120);
    }
    if (!myMove || !doc.hidden) doc.title = original;
    wasMyMove = myMove;
  };
  for (const type of ["change", "connection", "seat"]) session.addEventListener(type, update);
  doc.addEventListener("visibilitychange", update);

  const cue = (kind) => {
    doc.documentElement.dataset.requestCue = kind; // for tests
    sound.playNotes(REQUEST_NOTES, { lead: 0.02, gap: 0.1, peak: 0.15, length: 0.18, type: "sine" });
    vibrate(REQUEST_VIBRATION);
  };
  const friend = () => (session.humanSide === null ? null : 1 - session.humanSide);
  session.addEventListener("draw", (event) => {
    if (event.detail.fromFriend) cue("draw");
  });
  let asked = false;
  session.addEventListener("rematch", (event) => {
    const side = friend();
    const now = side !== null && Boolean(event.detail.requested[side]) && !event.detail.started;
    if (now && !asked) cue("rematch");
    asked = now;
  });
  let present = null;
  session.addEventListener("presence", () => {
    const now = session.friendConnected;
    if (present && !now && session.status === "playing") cue("left");
    present = now;
  });
  return update;
}
