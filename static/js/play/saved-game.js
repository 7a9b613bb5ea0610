// A local game (against the AI, or two on one device) kept in this browser only, so that a
// reload, a language switch or closing the tab for a while loses nothing: one entry per game
// in localStorage, holding the mode choice (and the rule setting of a game that has several)
// and the moves in notation, nothing else. Friend
// rooms need none of this (the server keeps them). A finished or abandoned game is forgotten.
//
//   saveGame(storage, slug, session)       after every change of a local session
//   loadGame(storage, engine)  -> {mode, level, humanSide, variant, moves, savedAt} | null
//   forgetGame(storage, slug)
// `storage` is window.localStorage (which may be missing or refuse writes: then nothing is
// kept and nothing breaks).
import { GAMES } from "../games/registry.js";
import { LEVELS, MODES } from "./session.js";

export const KEEP_DAYS = 14;
const KEEP_MS = KEEP_DAYS * 24 * 60 * 60 * 1000;
const MAX_MOVES = 2000; // longer than any legal game of the five (the draw rules end them)
const MAX_TEXT = 16; // the longest move in notation is "a1-a4xg7"
const MAX_VARIANT = 32;
const VERSION = 1;

const keyOf = (slug) => `little-table:game:${slug}`;

function safely(action, fallback = null) {
  try {
    return action();
  } catch {
    return fallback; // storage switched off, full, or blocked by the browser
  }
}

export function forgetGame(storage, slug) {
  safely(() => storage?.removeItem(keyOf(slug)));
}

export function saveGame(storage, slug, session, now = Date.now()) {
  const { mode, level, humanSide, variant } = session;
  if (!MODES.includes(mode) || session.outcome || session.moves.length === 0) {
    forgetGame(storage, slug);
    return;
  }
  const entry = { v: VERSION, mode, level, humanSide, moves: session.moves.map((m) => m.text), savedAt: now };
  if (variant) entry.variant = variant;
  safely(() => storage?.setItem(keyOf(slug), JSON.stringify(entry)));
}

// The saved game of `engine`, checked through and through: anything malformed, too old,
// illegal or already finished is forgotten and null returned.
export function loadGame(storage, engine, now = Date.now()) {
  const slug = engine.slug;
  const raw = safely(() => storage?.getItem(keyOf(slug)));
  if (typeof raw !== "string") return null;
  const game = safely(() => validate(JSON.parse(raw), engine, now));
  if (!game) forgetGame(storage, slug);
  return game;
}

function validate(entry, engine, now) {
  if (entry?.v !== VERSION || !MODES.includes(entry.mode)) return null;
  if (typeof entry.savedAt !== "number" || now - entry.savedAt > KEEP_MS || entry.savedAt > now + 60_000) return null;
  const ai = entry.mode === "ai";
  if (ai && (!LEVELS.includes(entry.level) || ![0, 1].includes(entry.humanSide))) return null;
  const moves = entry.moves;
  if (!Array.isArray(moves) || moves.length === 0 || moves.length > MAX_MOVES) return null;
  if (!moves.every((text) => typeof text === "string" && text.length <= MAX_TEXT)) return null;
  // A game with rule settings: the saved one must be one of them (a game saved before the
  // settings existed was played under the first, the default).
  const variants = GAMES[engine.slug]?.variants ?? [];
  const variant = entry.variant ?? variants[0] ?? "";
  if (typeof variant !== "string" || variant.length > MAX_VARIANT) return null;
  if (variant ? !variants.includes(variant) : variants.length > 0) return null;
  let state = variant ? engine.initialState(variant) : engine.initialState();
  for (const text of moves) state = engine.play(state, engine.parseMove(state, text)); // throws
  if (engine.outcome(state)) return null;
  return {
    mode: entry.mode,
    level: ai ? entry.level : null,
    humanSide: ai ? entry.humanSide : 0,
    ...(variant ? { variant } : {}),
    moves: [...moves],
    savedAt: entry.savedAt,
  };
}
