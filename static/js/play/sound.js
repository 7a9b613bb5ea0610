// Short sounds made with the Web Audio API (no files), each behind a switch the player turns
// on or off; the choice is kept in this browser. No sound ever plays before the player has
// touched the page: the audio context is created on their first gesture.
//
//   const sound = new EndSound(switchInput, { storage });   // on unless reduced motion
//   sound.play("win" | "lose" | "draw")   // returns true when a sound was started
//   const cue = new SoundSwitch(input, { storage, key, defaultOn: false });
//   cue.playNotes([660, 880], { gap: 0.12 })

const END_KEY = "little-table:sound";
const NOTES = {
  win: [523.25, 659.25, 783.99, 1046.5], // C E G C, rising
  lose: [392, 329.63, 261.63], // G E C, falling
  draw: [440, 440],
};

export class SoundSwitch {
  constructor(input, { storage = null, key, defaultOn }) {
    this.context = null;
    const saved = readChoice(storage, key);
    this.enabled = saved === null ? defaultOn : saved === "on";
    if (input) {
      input.checked = this.enabled;
      input.disabled = false;
      input.addEventListener("change", () => {
        this.enabled = input.checked;
        writeChoice(storage, key, this.enabled ? "on" : "off");
      });
    }
    // The first gesture unlocks audio (browsers refuse it before one anyway).
    const unlock = () => {
      if (this.enabled && !this.context && typeof globalThis.AudioContext === "function") {
        this.context = new globalThis.AudioContext();
      }
      this.context?.resume?.();
    };
    for (const type of ["pointerdown", "keydown"]) {
      globalThis.addEventListener?.(type, unlock, { capture: true });
    }
  }

  // One short tone per frequency, `gap` seconds apart; true when a sound was started.
  playNotes(notes, { lead = 0.05, gap = 0.13, peak = 0.18, length = 0.32, type = "triangle" } = {}) {
    if (!this.enabled || !this.context) return false;
    const context = this.context;
    const start = context.currentTime + lead;
    notes.forEach((frequency, i) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      const at = start + i * gap;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(peak, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + length + 0.03);
    });
    return true;
  }
}

// The end of a game: on by default, off when the system asks for reduced motion.
export class EndSound extends SoundSwitch {
  constructor(input, { storage = null } = {}) {
    const still = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    super(input, { storage, key: END_KEY, defaultOn: !still });
  }

  play(kind) {
    const notes = NOTES[kind];
    return notes ? this.playNotes(notes) : false;
  }
}

export function readChoice(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeChoice(storage, key, value) {
  try {
    storage?.setItem(key, value);
  } catch {
    // storage switched off: the choice lasts for this page only
  }
}
