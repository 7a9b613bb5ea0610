// Node's stand-in for the browser's helper workers of the parallel endgame solve
// (static/js/ai/reversi-parallel.js): worker_threads running reversi-helper.js's handler,
// dressed as a Web Worker (postMessage, onmessage, onerror, terminate). For the benches and
// tests only; a helper holds the process open only while it has a task.
//   chooseMoveAsync(state, { level: "advanced", helpers: { spawn: spawnHelper, size: 2 } })
import { Worker, isMainThread, parentPort } from "node:worker_threads";

import { handleHelperMessage, warmUp } from "../static/js/ai/reversi-helper.js";

export function spawnHelper() {
  const worker = new Worker(new URL(import.meta.url));
  worker.unref();
  const helper = {
    exited: new Promise((resolve) => worker.once("exit", resolve)), // for the tests
    onmessage: null,
    onerror: null,
    postMessage(message) {
      worker.ref();
      worker.postMessage(message);
    },
    terminate() {
      worker.terminate();
    },
  };
  worker.on("message", (data) => {
    worker.unref();
    helper.onmessage?.({ data });
  });
  worker.on("error", (error) => helper.onerror?.({ message: String(error?.message ?? error) }));
  return helper;
}

if (!isMainThread && parentPort) {
  warmUp();
  parentPort.on("message", (message) => parentPort.postMessage(handleHelperMessage(message)));
}
