// Turn cues in a friend room while the page is hidden: when it becomes this player's move, the
// tab title says so ("● Your move — …"), a short sound plays if the player turned it on (off
// by default; the switch is remembered in this browser) and a phone vibrates briefly where it
// may. No notification permission is ever asked for.
//
//   followTurns(session, { input, titleText: (title) => "● Your move — " + title, storage });

import { SoundSwitch } from "../play/sound.js";

const KEY = "little-table:turn-sound";
const TURN_NOTES = [660, 880];

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
      globalThis.navigator?.vibrate?.(120);
    }
    if (!myMove || !doc.hidden) doc.title = original;
    wasMyMove = myMove;
  };
  for (const type of ["change", "connection", "seat"]) session.addEventListener(type, update);
  doc.addEventListener("visibilitychange", update);
  return update;
}
