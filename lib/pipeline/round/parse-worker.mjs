// The parse stage's worker thread (see parse-worker-pool.ts): large feed bodies and article pages
// are read here, off the server's main thread. It loads the TypeScript modules through tsx, the
// same way the CLI does.
import { parentPort } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const tsconfig = fileURLToPath(new URL("../../../tsconfig.json", import.meta.url));
const load = (file) => tsImport(file, { parentURL: import.meta.url, tsconfig });
const [{ parseFeed }, { extractArticle }] = await Promise.all([
  load("../parse/parse-feed.ts"),
  load("../parse/full-text/extract-article.ts"),
]);

const TASKS = {
  feed: ({ body, contentType, contentLocation, url }) =>
    parseFeed({ body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), contentType, contentLocation, url }),
  article: ({ html, url, selector }) => extractArticle({ html, url, selector }),
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
