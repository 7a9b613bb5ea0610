// The page's handle on the AI worker (static/js/ai/worker.js).
//   const ai = new AiClient(workerUrl);
//   const { move, stats } = await ai.search({ slug, state, level, seed });
//   const analysis = await ai.analyse({ slug, state, timeLimitMs });  // what the position holds
//   const review = await ai.review({ slug, moves, onProgress: (done, total) => … });
//   ai.cancel();   // every pending search rejects with an AbortError
// A search runs synchronously inside the worker and cannot read messages, so cancelling
// terminates the worker; the next search starts a fresh one.

export class AiError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "AiError";
    this.code = code;
  }
}

function abortError(message) {
  if (typeof DOMException === "function") return new DOMException(message, "AbortError");
  const error = new Error(message);
  error.name = "AbortError";
  return error;
}

export class AiClient {
  // `WorkerClass` is for tests; pages use the browser's Worker.
  constructor(workerUrl, { WorkerClass = globalThis.Worker } = {}) {
    this.workerUrl = workerUrl;
    this.WorkerClass = WorkerClass;
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
  }

  get busy() {
    return this.pending.size > 0;
  }

  ensureWorker() {
    if (this.worker) return this.worker;
    const worker = new this.WorkerClass(this.workerUrl, { type: "module" });
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      // The worker itself failed (e.g. a module failed to load): fail everything pending.
      if (event && typeof event.preventDefault === "function") event.preventDefault();
      this.discard(new AiError("worker-failed", String(event?.message ?? "the AI worker failed")));
    };
    this.worker = worker;
    return worker;
  }

  receive(data) {
    const entry = this.pending.get(data?.id);
    if (!entry) return; // an answer for a search that was cancelled
    if (data.type === "progress") {
      entry.onProgress?.(data.done, data.total);
      return;
    }
    this.pending.delete(data.id);
    if (data.type === "result") entry.resolve({ move: data.move, stats: data.stats });
    else if (data.type === "analysis") entry.resolve(data.analysis);
    else if (data.type === "review") entry.resolve(data.review);
    else entry.reject(new AiError(data.code ?? "internal", data.message ?? "the AI failed"));
  }

  // { slug, state (the engine's dump()), level, seed?, timeLimitMs?, signal? }
  search({ slug, state, level, seed, timeLimitMs, signal } = {}) {
    return this.request({ type: "search", slug, state, level, seed, timeLimitMs }, { signal });
  }

  // { slug, state, timeLimitMs?, signal? } -> {score, exact, distance, outcome, kind, best}
  analyse({ slug, state, timeLimitMs, signal } = {}) {
    return this.request({ type: "analyse", slug, state, timeLimitMs }, { signal });
  }

  // { slug, moves (notation), variant?, seed?, timeLimitMs?, signal?, onProgress? } -> the review
  review({ slug, moves, variant, seed, timeLimitMs, signal, onProgress } = {}) {
    return this.request({ type: "review", slug, moves, variant, seed, timeLimitMs }, { signal, onProgress });
  }

  request(fields, { signal, onProgress } = {}) {
    if (signal?.aborted) return Promise.reject(abortError("the search was cancelled"));
    const id = this.nextId++;
    const message = { id };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) message[key] = value;
    const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress }));
    // Aborting cancels the worker (and so every pending search) only while this one runs.
    signal?.addEventListener("abort", () => { if (this.pending.has(id)) this.cancel(); }, { once: true });
    this.ensureWorker().postMessage(message);
    return promise;
  }

  cancel() {
    this.discard(abortError("the search was cancelled"));
  }

  discard(error) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) entry.reject(error);
  }

  // Stop for good (page unload); a later search would start a new worker.
  close() {
    this.cancel();
  }
}
