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

const TASKS = {
  feed: async ({ body, contentType, contentLocation, url }) => {
    const { parseFeed } = await loadOnce("../parse/parse-feed.ts");
    return parseFeed({
      body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      contentType,
      contentLocation,
      url,
    });
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
