// Streaming decoders for Content-Encoding (RFC 9110 §8.4). Streams, not zlib's one-shot helpers,
// so that read-body.ts can stop a decompression bomb after maxBodyBytes of output: zlib streams
// honour backpressure, so nothing is inflated that nobody reads.
import { Readable, pipeline, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";

export type Decoder = (source: AsyncIterable<Buffer>) => AsyncIterable<Buffer>;

export type DecoderPlan = { ok: true; decoders: Decoder[] } | { ok: false; coding: string };

/** More layers than this is not a real server, it is a bomb or a bug. */
const MAX_CODINGS = 3;

/**
 * The decoders to apply, in order. Codings are listed in the order they were applied (§8.4), so they
 * are undone last-first; names are case-insensitive (§8.4.1); x-gzip is gzip (§8.4.1.3).
 */
export function planDecoders(contentEncoding: string | null): DecoderPlan {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  if (codings.length > MAX_CODINGS) return { ok: false, coding: codings.join(", ") };
  const decoders: Decoder[] = [];
  for (const coding of codings.reverse()) {
    const decoder = DECODERS[coding];
    if (decoder === undefined) return { ok: false, coding };
    decoders.push(decoder);
  }
  return { ok: true, decoders };
}

/** An empty body is empty whatever its coding (zlib would call it truncated); decoders start at the first byte. */
function unlessEmpty(choose: (head: Buffer) => Decoder): Decoder {
  return async function* (source) {
    const iterator = source[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done === true) return;
    const head: Buffer = first.value;
    yield* choose(head)(prepend(head, iterator));
  };
}

const gunzip = unlessEmpty(() => throughZlib(createGunzip));

const DECODERS: Record<string, Decoder> = {
  gzip: gunzip,
  "x-gzip": gunzip,
  br: unlessEmpty(() => throughZlib(createBrotliDecompress)),
  // "deflate" means zlib-wrapped data (§8.4.1.2), but enough servers send raw DEFLATE that every
  // browser accepts both: sniff the RFC 1950 header (CM = 8, header checksum divisible by 31).
  deflate: unlessEmpty((head) => throughZlib(isZlibHeader(head) ? createInflate : createInflateRaw)),
};

export function isZlibHeader(chunk: Buffer): boolean {
  const cmf = chunk[0];
  const flg = chunk[1];
  if (cmf === undefined || (cmf & 0x0f) !== 8 || cmf >> 4 > 7) return false;
  return flg === undefined || (cmf * 256 + flg) % 31 === 0;
}

async function* prepend(head: Buffer, rest: AsyncIterator<Buffer>): AsyncIterable<Buffer> {
  yield head;
  yield* { [Symbol.asyncIterator]: () => rest };
}

/** Wraps a zlib Transform as a Decoder; errors on either side end the iteration, and so does stopping it. */
function throughZlib(create: () => Transform): Decoder {
  return (source) => pipeline(Readable.from(source), create(), () => {});
}
