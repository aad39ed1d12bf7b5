// The parse stage's worker thread (see parse-worker-pool.ts): large feed bodies and article pages
// are read here, off the server's main thread. It loads the TypeScript modules through tsx, the
// same way the CLI does.
import { parentPort } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const tsconfig = fileURLToPath(new URL("../../../tsconfig.json", import.meta.url));
const load = (file) => tsImport(file, { parentURL: import.meta.url, tsconfig });

// Each task's modules are loaded when the task is first asked: a command line that parses one large
// feed does not wait for the article extractor (Readability, linkedom) to load, nor the reverse.
const loaded = new Map();
const loadOnce = (file) => {
  if (!loaded.has(file)) loaded.set(file, load(file));
  return loaded.get(file);
};

// The answer to a batch of items (parse-worker-pool.ts, BATCH_* there): 0 while the caller stores
// it, then 1 to read on, or anything else (the store failed) to stop.
const BATCH_TAKEN = 1;
// Longer than the pool's own limit on a task, which ends a worker that hangs; this only makes
// sure a worker that somehow misses the answer does not wait for ever.
const BATCH_WAIT_LIMIT_MS = 5 * 60_000;

/**
 * Hands a batch to the caller and waits, blocked, until it is stored: the parse never runs ahead
 * of the store, so batches do not pile up in either thread.
 */
function sendBatches(id, answer) {
  if (!answer) return undefined;
  const flag = new Int32Array(answer);
  return (items) => {
    Atomics.store(flag, 0, 0);
    parentPort.postMessage({ id, batch: items });
    Atomics.wait(flag, 0, 0, BATCH_WAIT_LIMIT_MS);
    if (Atomics.load(flag, 0) !== BATCH_TAKEN) throw new Error("the items could not be stored");
  };
}

const TASKS = {
  feed: async ({ id, body, contentType, contentLocation, url, batchAnswer }) => {
    const { parseFeed } = await loadOnce("../parse/parse-feed.ts");
    return parseFeed(
      { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), contentType, contentLocation, url },
      sendBatches(id, batchAnswer),
    );
  },
  article: async ({ html, url, selector }) => {
    const { extractArticle } = await loadOnce("../parse/full-text/extract-article.ts");
    return extractArticle({ html, url, selector });
  },
};

parentPort.on("message", async (message) => {
  const { id, task } = message;
  try {
    const run = TASKS[task];
    if (!run) throw new Error(`unknown task ${task}`);
    parentPort.postMessage({ id, result: await run(message) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
