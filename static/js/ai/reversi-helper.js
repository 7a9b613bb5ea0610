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
import { clearTable, solveBoard } from "./reversi-solve.js";

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

if (typeof WorkerGlobalScope !== "undefined" && typeof self !== "undefined"
    && self instanceof WorkerGlobalScope && self.name === HELPER_NAME) {
  self.addEventListener("message", (event) => {
    self.postMessage(handleHelperMessage(event.data));
  });
}
