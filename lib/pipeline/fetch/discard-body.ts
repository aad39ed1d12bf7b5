// Bodies we do not use but expect to be empty or tiny (304, redirects) are drained, not parsed:
// draining lets the keep-alive socket be reused instead of torn down and opened again (one TCP and
// TLS handshake less for the publisher); anything larger than a few KB is cut off by closing it.
import type { Readable } from "node:stream";
import type { ByteCounter } from "./read-body";

const DRAIN_LIMIT_BYTES = 8 * 1024;

export async function discardBody(body: Readable, counter: ByteCounter): Promise<void> {
  let drained = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    drained += chunk.length;
    counter.bytes += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) break;
  }
  if (!body.readableEnded) abandonBody(body);
}

/**
 * Closes the socket under a body we will not read. undici reports its own abort as an 'error'
 * event (RequestAbortedError); it is expected here, so it is swallowed rather than left uncaught.
 */
export function abandonBody(body: Readable): void {
  body.on("error", () => {});
  body.destroy(); // a no-op when already destroyed
}
