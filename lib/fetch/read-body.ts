// Reads a response body into memory with two counts: bytes off the wire (what the publisher paid to
// send) and bytes after decoding (what we hold). The second is capped, and the cap stops reading at
// once, so a 1 GB gzip bomb costs ~maxBodyBytes of memory and a few KB of transfer.
import type { Readable } from "node:stream";
import { planDecoders } from "./decode-content";
import { abandonBody } from "./discard-body";
import { formatBytes } from "./format-bytes";

export type ByteCounter = { bytes: number };

export type BodyRead =
  | { status: "complete"; body: Buffer }
  | { status: "too_large"; detail: string }
  | { status: "unsupported_encoding"; detail: string }
  | { status: "undecodable"; detail: string };

export async function readBody(
  body: Readable,
  input: { contentEncoding: string | null; contentLength: string | null; maxBodyBytes: number; counter: ByteCounter },
): Promise<BodyRead> {
  const plan = planDecoders(input.contentEncoding);
  if (!plan.ok) {
    abandonBody(body);
    return { status: "unsupported_encoding", detail: `unsupported Content-Encoding: ${plan.coding}` };
  }
  const limit = formatBytes(input.maxBodyBytes);
  // Uncompressed and announced too large: refuse without transferring it.
  const announced = Number(input.contentLength ?? Number.NaN);
  if (plan.decoders.length === 0 && announced > input.maxBodyBytes) {
    abandonBody(body);
    return { status: "too_large", detail: `body exceeds ${limit} (Content-Length ${announced})` };
  }
  let stream = countBytes(body, input.counter);
  for (const decoder of plan.decoders) stream = decoder(stream);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      // Leaving the loop returns every iterator in the chain, which destroys the socket stream.
      if (size > input.maxBodyBytes) {
        const after = plan.decoders.length > 0 ? " after decompression" : "";
        return { status: "too_large", detail: `body exceeds ${limit}${after}` };
      }
      chunks.push(chunk);
    }
  } catch (error) {
    // The socket side failing is a transport error for the caller; a decoder rejecting bytes that
    // arrived intact means the publisher sent a corrupt body.
    if (body.errored === null && isZlibError(error)) {
      return { status: "undecodable", detail: `${input.contentEncoding} body could not be decoded: ${error.message}` };
    }
    throw error;
  } finally {
    // A body read to its end leaves the socket reusable (keep-alive); anything else closes it.
    if (!body.readableEnded) abandonBody(body);
  }
  return { status: "complete", body: Buffer.concat(chunks, size) };
}

async function* countBytes(source: AsyncIterable<Buffer>, counter: ByteCounter): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    counter.bytes += chunk.length;
    yield chunk;
  }
}

/** zlib and brotli errors carry a numeric errno and a Z_* / ERR_* code, and no syscall. */
function isZlibError(error: unknown): error is Error & { code: string } {
  return (
    error instanceof Error &&
    typeof (error as { errno?: unknown }).errno === "number" &&
    typeof (error as { code?: unknown }).code === "string" &&
    !("syscall" in error)
  );
}
