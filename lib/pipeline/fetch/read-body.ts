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
  /**
   * `prefix`: the first maxBodyBytes (decoded) when the body was read up to the cap, null when its
   * Content-Length refused it unread. The prefix is all there is to tell a refused body from the
   * next one when the server sends no validators (lib/pipeline/round/attempt-fetch.ts hashes it).
   */
  | { status: "too_large"; detail: string; prefix: Buffer | null }
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
    return {
      status: "too_large",
      detail: describeTooLarge(`${formatBytes(announced)} (Content-Length)`, limit),
      prefix: null,
    };
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
        return {
          status: "too_large",
          detail: describeTooLarge(`more than ${limit}${after}`, limit),
          prefix: firstBytes(chunks, chunk, input.maxBodyBytes),
        };
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

/** Exactly the first `count` bytes, whatever the chunking: a stable prefix hashes the same every time. */
function firstBytes(chunks: Buffer[], last: Buffer, count: number): Buffer {
  const held = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  return Buffer.concat([...chunks, last.subarray(0, count - held)], count);
}

/** What the health page shows: the size, the limit, and the one thing the user can do about it. */
function describeTooLarge(size: string, limit: string): string {
  return `${size}, over the ${limit} limit: raise TIDINGS_MAX_BODY_BYTES to read it`;
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
