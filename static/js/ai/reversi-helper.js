// A helper worker of the parallel endgame solve (reversi-parallel.js): it solves one position
// at a time with a null window, for at most the slice of time it is given, and keeps the
// solver's table between tasks (the coordinator sends a position back to the helper that
// searched it before). A search cannot read messages, hence the slices: a task the
// coordinator no longer needs ends with its slice instead of running on.
//   in   {id, pl, ph, ol, oh, alpha, beta, ms}   the player (pl, ph) to move
//   out  {id, score, nodes} or {id, stopped: true, nodes}
//   in   {clear: true}   empty the solver's table (benches that start every position cold)
//   out  {cleared: true}
// The coordinator starts this module by its own URL (helperUrl, which the static files'
// hashing rewrites with the import) under the worker name "reversi-helper"; inside the AI
// worker, which imports it for that URL, it does nothing.
import { PASS, movesOf } from "../engines/reversi.js";
import { clearTable, playedOn, solveBoard } from "./reversi-solve.js";

export const helperUrl = import.meta.url;
export const HELPER_NAME = "reversi-helper";

export function handleHelperMessage(message) {
  if (message.clear) {
    clearTable();
    return { cleared: true };
  }
  const { id, pl, ph, ol, oh, alpha, beta, ms } = message;
  const found = solveBoard(pl, ph, ol, oh, { alpha, beta, deadline: performance.now() + ms });
  return found.stopped ? { id, stopped: true, nodes: found.nodes } : { id, score: found.score, nodes: found.nodes };
}

// A fresh helper's first solve would run on code the engine has not compiled yet (a helper
// terminated at the end of one solve is replaced by a fresh one for the next): so a helper
// first solves a position of 16 empty squares (the game from the start, each side taking
// its lowest legal square), then empties its table (about 0.1 s).
export function warmUp() {
  const two = new Int32Array(2);
  let [pl, ph, ol, oh] = [(1 << 28), (1 << 3), (1 << 27), (1 << 4)]; // e4 d5 black, d4 e5 white
  for (let empties = 60, passes = 0; empties > 16;) {
    movesOf(pl, ph, ol, oh, two);
    const s = two[0] ? 31 - Math.clz32(two[0] & -two[0]) : two[1] ? 63 - Math.clz32(two[1] & -two[1]) : PASS;
    if (s === PASS) {
      if (++passes === 2) return; // the game ended first: nothing to warm up with
      [pl, ph, ol, oh] = [ol, oh, pl, ph];
      continue;
    }
    passes = 0;
    empties--;
    [pl, ph, ol, oh] = playedOn(pl, ph, ol, oh, s);
  }
  solveBoard(pl, ph, ol, oh);
  clearTable();
}

if (typeof WorkerGlobalScope !== "undefined" && typeof self !== "undefined"
    && self instanceof WorkerGlobalScope && self.name === HELPER_NAME) {
  warmUp();
  self.addEventListener("message", (event) => {
    self.postMessage(handleHelperMessage(event.data));
  });
}
