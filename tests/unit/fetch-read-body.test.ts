import { Readable } from "node:stream";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { isZlibHeader, planDecoders } from "@/lib/pipeline/fetch/decode-content";
import { formatBytes } from "@/lib/pipeline/fetch/format-bytes";
import { readBody, type ByteCounter } from "@/lib/pipeline/fetch/read-body";

const TEXT = Buffer.from(
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${"Tidings ".repeat(200)}</title></channel></rss>`,
);

/** A body arriving in small pieces, as from a socket. */
function streamOf(bytes: Buffer, pieceSize = 100): Readable {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += pieceSize)
    pieces.push(bytes.subarray(offset, offset + pieceSize));
  return Readable.from(pieces, { objectMode: false });
}

async function read(
  bytes: Buffer,
  contentEncoding: string | null,
  maxBodyBytes = 1_000_000,
  contentLength: string | null = null,
) {
  const counter: ByteCounter = { bytes: 0 };
  const body = streamOf(bytes);
  const result = await readBody(body, { contentEncoding, contentLength, maxBodyBytes, counter });
  return { result, counter, body };
}

describe("readBody: decoding by Content-Encoding", () => {
  it.each([
    [null, TEXT],
    ["identity", TEXT],
    ["gzip", gzipSync(TEXT)],
    ["x-gzip", gzipSync(TEXT)],
    ["GZIP", gzipSync(TEXT)],
    ["br", brotliCompressSync(TEXT)],
    ["deflate", deflateSync(TEXT)],
    ["deflate", deflateRawSync(TEXT)],
    ["gzip, br", brotliCompressSync(gzipSync(TEXT))],
    [" br , gzip ", gzipSync(brotliCompressSync(TEXT))],
  ])("%s: decoded to the original, wire bytes counted as sent", async (encoding, wire) => {
    const { result, counter } = await read(wire, encoding);
    expect(result).toEqual({ status: "complete", body: TEXT });
    expect(counter.bytes).toBe(wire.length);
  });

  it("an empty body is complete and empty, whatever the coding", async () => {
    for (const encoding of [null, "gzip", "deflate", "br"]) {
      const { result } = await read(Buffer.alloc(0), encoding);
      expect(result).toEqual({ status: "complete", body: Buffer.alloc(0) });
    }
  });

  it.each([
    ["zstd", "unsupported Content-Encoding: zstd"],
    ["compress", "unsupported Content-Encoding: compress"],
    ["gzip, zstd", "unsupported Content-Encoding: zstd"],
    ["gzip, gzip, gzip, gzip", "unsupported Content-Encoding: gzip, gzip, gzip, gzip"],
  ])("%s is refused without reading", async (encoding, detail) => {
    const { result, counter, body } = await read(gzipSync(TEXT), encoding);
    expect(result).toEqual({ status: "unsupported_encoding", detail });
    expect(counter.bytes).toBe(0);
    expect(body.destroyed).toBe(true);
  });

  it.each([
    ["gzip", TEXT, /^gzip body could not be decoded: incorrect header check$/],
    ["gzip", gzipSync(TEXT).subarray(0, 40), /^gzip body could not be decoded: unexpected end of file$/],
    ["br", TEXT, /^br body could not be decoded: /],
    ["deflate", Buffer.from("x\x9cnot really deflate at all"), /^deflate body could not be decoded: /],
  ])("corrupt %s is undecodable", async (encoding, wire, detail) => {
    const { result } = await read(wire, encoding);
    expect(result.status).toBe("undecodable");
    if (result.status === "undecodable") expect(result.detail).toMatch(detail);
  });
});

describe("readBody: the size cap", () => {
  const zeros = Buffer.alloc(5_000_000);

  it("stops as soon as the decoded size passes the cap, reading little of a compressed bomb", async () => {
    const wire = gzipSync(Buffer.alloc(50_000_000)); // ~49 KB on the wire for 50 MB decoded
    const { result, counter, body } = await read(wire, "gzip", 100_000);
    expect(result).toMatchObject({
      status: "too_large",
      detail:
        "more than 97.7 KiB after decompression, over the 97.7 KiB limit: raise TIDINGS_MAX_BODY_BYTES to read it",
    });
    // Exactly the first maxBodyBytes, whatever the chunking: the refused body's stable fingerprint.
    if (result.status === "too_large") expect(result.prefix).toEqual(Buffer.alloc(100_000));
    expect(counter.bytes).toBeLessThan(wire.length / 2);
    expect(body.destroyed).toBe(true);
  });

  it("caps an uncompressed body too", async () => {
    const { result, counter } = await read(zeros.subarray(0, 10_000), null, 5_000);
    expect(result).toMatchObject({
      status: "too_large",
      detail: "more than 4.9 KiB, over the 4.9 KiB limit: raise TIDINGS_MAX_BODY_BYTES to read it",
    });
    if (result.status === "too_large") expect(result.prefix?.length).toBe(5_000);
    expect(counter.bytes).toBeLessThan(10_000);
  });

  it("a body of exactly the cap is accepted", async () => {
    const { result } = await read(zeros.subarray(0, 4096), "identity", 4096);
    expect(result).toMatchObject({ status: "complete" });
  });

  it("trusts an uncompressed Content-Length over the cap and reads nothing", async () => {
    const { result, counter } = await read(zeros.subarray(0, 10_000), null, 4096, "10000");
    expect(result).toEqual({
      status: "too_large",
      detail: "9.8 KiB (Content-Length), over the 4 KiB limit: raise TIDINGS_MAX_BODY_BYTES to read it",
      prefix: null,
    });
    expect(counter.bytes).toBe(0);
  });

  it("ignores Content-Length for compressed bodies (it counts wire bytes, the cap counts decoded ones)", async () => {
    const wire = gzipSync(zeros.subarray(0, 4096));
    const { result } = await read(wire, "gzip", 4096, String(wire.length + 10_000));
    expect(result).toMatchObject({ status: "complete" });
  });
});

describe("helpers", () => {
  it.each([
    [deflateSync(TEXT), true],
    [deflateSync(TEXT, { level: 1 }), true],
    [deflateSync(TEXT, { level: 9 }), true],
    [deflateRawSync(TEXT), false],
    [Buffer.from([0x78]), true],
    [Buffer.from([0x1f, 0x8b]), false],
  ])("isZlibHeader(%o) → %s", (chunk, expected) => {
    expect(isZlibHeader(chunk)).toBe(expected);
  });

  it.each([
    [null, 0],
    ["", 0],
    ["identity", 0],
    ["gzip", 1],
    ["gzip, br", 2],
  ])("planDecoders(%s) plans %i decoders", (encoding, count) => {
    expect(planDecoders(encoding)).toMatchObject({ ok: true, decoders: { length: count } });
  });

  it.each([
    [10 * 2 ** 20, "10 MiB"],
    [2 ** 30, "1 GiB"],
    [1536, "1.5 KiB"],
    [1000, "1000 bytes"],
  ])("formatBytes(%i) → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
