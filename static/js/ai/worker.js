// The AI's Web Worker, one for every game. Protocol (one message in, one message out, plus
// progress messages during a review):
//   in   {type: "search", id, slug, state, level, seed?, timeLimitMs?}
//        state is the engine's dump(); seed (an integer) makes the AI's random choices
//        repeatable.
//   out  {type: "result", id, move, stats}   move in the game's canonical notation
//   in   {type: "analyse", id, slug, state, timeLimitMs?}   what the position holds for the
//        side to move (static/js/ai/review.js analysePosition); the time defaults to the
//        game's own (its AI module's REVIEW.analysisMs)
//   out  {type: "analysis", id, analysis: {score, exact, distance, outcome, kind, best}}
//   in   {type: "review", id, slug, moves: ["A1", ...], variant?, seed?, timeLimitMs?}   a whole game
//        (variant: the rule setting it was played under, for a game that has several)
//   out  {type: "progress", id, done, total}   after each position reviewed
//        {type: "review", id, review}         static/js/ai/review.js reviewGame's answer
//   out  {type: "error", id, code, message}  code: an EngineError code, "bad-request",
//                                             "unknown-game", "bad-level" or "internal"
// handleMessage is a plain async function so node tests can drive the protocol without a
// browser; the worker wiring at the bottom only runs inside a real worker. Searches are
// synchronous, so a search cannot be interrupted by a message: AiClient cancels by
// terminating the worker (static/js/ai/client.js).
import { isSlug, loadAi, loadEngine } from "../engines/index.js";
import { analysePosition, analysisMs, reviewGame } from "./review.js";
import { seededRandom } from "./random.js";

export { seededRandom };


class RequestError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function checkRequest(data) {
  if (data === null || typeof data !== "object") {
    throw new RequestError("bad-request", "a message must be an object");
  }
  if (!["search", "analyse", "review"].includes(data.type)) {
    throw new RequestError("bad-request", "unknown message type");
  }
  if (!isSlug(data.slug)) throw new RequestError("unknown-game", "no game has this slug");
  if (data.seed !== undefined && !Number.isInteger(data.seed)) {
    throw new RequestError("bad-request", "seed must be an integer");
  }
  if (data.timeLimitMs !== undefined
      && !(typeof data.timeLimitMs === "number" && data.timeLimitMs > 0)) {
    throw new RequestError("bad-request", "timeLimitMs must be a positive number");
  }
  if (data.variant !== undefined && typeof data.variant !== "string") {
    throw new RequestError("bad-request", "variant must be a rule setting's name");
  }
  if (data.type === "review" && !(Array.isArray(data.moves) && data.moves.every((m) => typeof m === "string"))) {
    throw new RequestError("bad-request", "moves must be a list of moves in notation");
  }
}

// `post` receives the progress messages of a review (the answer is returned).
export async function handleMessage(data, { loadGame = loadEngine, loadPlayer = loadAi, post = () => {} } = {}) {
  const id = data !== null && typeof data === "object" ? data.id : undefined;
  try {
    checkRequest(data);
    const engine = await loadGame(data.slug);
    const ai = await loadPlayer(data.slug);
    if (data.type === "review") {
      const review = reviewGame({
        engine, ai, moves: data.moves, variant: data.variant ?? "", timeLimitMs: data.timeLimitMs ?? null,
        seed: data.seed ?? 1,
        onProgress: (done, total) => post({ type: "progress", id, done, total }),
      });
      return { type: "review", id, review };
    }
    const state = engine.load(data.state);
    if (data.type === "analyse") {
      const analysis = analysePosition(engine, ai, state, { timeLimitMs: data.timeLimitMs ?? analysisMs(ai) });
      return { type: "analysis", id, analysis };
    }
    const options = {
      level: data.level,
      random: data.seed === undefined ? Math.random : seededRandom(data.seed),
    };
    if (data.timeLimitMs !== undefined) options.timeLimitMs = data.timeLimitMs;
    // chooseMoveAsync, where a module has it, may hand work to workers of its own
    const { move, stats } = ai.chooseMoveAsync ? await ai.chooseMoveAsync(state, options) : ai.chooseMove(state, options);
    return { type: "result", id, move: engine.formatMove(state, move), stats };
  } catch (error) {
    const code = typeof error?.code === "string" ? error.code : "internal";
    return { type: "error", id, code, message: String(error?.message ?? error) };
  }
}

// Worker wiring: only inside a dedicated worker (WorkerGlobalScope exists there alone).
if (typeof WorkerGlobalScope !== "undefined" && typeof self !== "undefined"
    && self instanceof WorkerGlobalScope) {
  // One message at a time, as when every search was synchronous: a search waiting on its
  // helper workers must not share them with the next request.
  let queue = Promise.resolve();
  self.addEventListener("message", (event) => {
    queue = queue.then(async () => {
      self.postMessage(await handleMessage(event.data, { post: (message) => self.postMessage(message) }));
    }).catch(() => {}); // handleMessage answers its own errors; the queue outlives a failed post
  });
}
