// A short sound at the end of a game, made with the Web Audio API (no files). The player
// turns it on or off with the switch in the game controls; the choice is kept in this browser.
// It starts off when the system asks for reduced motion. No sound ever plays before the
// player has touched the page: the audio context is created on their first gesture.
//
//   const sound = new EndSound(switchInput, { storage });
//   sound.play("win" | "lose" | "draw")   // returns true when a sound was started
import { readChoice, writeChoice } from "./stored-choice.js";

const KEY = "little-table:sound";
const NOTES = {
  win: [523.25, 659.25, 783.99, 1046.5], // C E G C, rising
  lose: [392, 329.63, 261.63], // G E C, falling
  draw: [440, 440],
};

export class EndSound {
  constructor(input, { storage = null } = {}) {
    this.input = input;
    this.storage = storage;
    this.context = null;
    const saved = readChoice(storage, KEY);
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    this.enabled = saved === null ? !still : saved === "on";
    if (input) {
      input.checked = this.enabled;
      input.disabled = false;
      input.addEventListener("change", () => {
        this.enabled = input.checked;
        writeChoice(storage, KEY, this.enabled ? "on" : "off");
      });
    }
    // The first gesture unlocks audio (browsers refuse it before one anyway).
    const unlock = () => {
      if (this.enabled && !this.context && typeof window.AudioContext === "function") {
        this.context = new window.AudioContext();
      }
      this.context?.resume?.();
    };
    for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, unlock, { capture: true });
  }

  play(kind) {
    const notes = NOTES[kind];
    if (!this.enabled || !this.context || !notes) return false;
    const context = this.context;
    const start = context.currentTime + 0.05;
    notes.forEach((frequency, i) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "triangle";
      oscillator.frequency.value = frequency;
      const at = start + i * 0.13;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.32);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.35);
    });
    return true;
  }
}
