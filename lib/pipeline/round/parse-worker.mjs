// Worker thread that parses large feed bodies off the server's main thread (see parse-off-thread.ts).
// It loads the TypeScript parser through tsx, the same way the CLI does.
import { parentPort } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const tsconfig = fileURLToPath(new URL("../../../tsconfig.json", import.meta.url));
const { parseFeed } = await tsImport("../parse/parse-feed.ts", { parentURL: import.meta.url, tsconfig });

parentPort.on("message", async (message) => {
  const { id, body, contentType, contentLocation, url } = message;
  try {
    const result = await parseFeed({
      body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      contentType,
      contentLocation,
      url,
    });
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
