// Turn cues in a friend room while the page is hidden: when it becomes this player's move, the
// tab title says so ("● Your move — …"), a short sound plays if the player turned it on (off
// by default; the switch is remembered in this browser) and a phone vibrates briefly where it
// may. No notification permission is ever asked for.
//
//   followTurns(session, { input, titleText: (title) => "● Your move — " + title, storage });
import { readChoice, writeChoice } from "../play/stored-choice.js";


const KEY = "little-table:turn-sound";

export function followTurns(session, { input = null, titleText, storage = globalThis.localStorage, doc = document }) {
  const original = doc.title;
  let enabled = readChoice(storage, KEY) === "on";
  let context = null;
  let wasMyMove = session.canPlay();
  if (input) {
    input.checked = enabled;
    input.addEventListener("change", () => {
      enabled = input.checked;
      writeChoice(storage, KEY, enabled ? "on" : "off");
    });
  }
  // Audio may start only after a gesture on the page; the first one prepares it.
  const unlock = () => {
    if (enabled && !context && typeof globalThis.AudioContext === "function") context = new AudioContext();
    context?.resume?.();
  };
  for (const type of ["pointerdown", "keydown"]) globalThis.addEventListener?.(type, unlock, { capture: true });

  const update = () => {
    const myMove = session.canPlay();
    if (myMove && !wasMyMove && doc.hidden) {
      doc.title = titleText(original);
      doc.documentElement.dataset.turnCue = "shown";
      if (enabled) beep(context);
      globalThis.navigator?.vibrate?.(120);
    }
    if (!myMove || !doc.hidden) doc.title = original;
    wasMyMove = myMove;
  };
  for (const type of ["change", "connection", "seat"]) session.addEventListener(type, update);
  doc.addEventListener("visibilitychange", update);
  return update;
}

function beep(context) {
  if (!context) return;
  const start = context.currentTime + 0.02;
  [660, 880].forEach((frequency, i) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    const at = start + i * 0.12;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.22);
  });
}
