// A request body read up to a byte limit, so that a huge body is refused before it is buffered,
// whatever Content-Length claims (or whether it says anything at all).

/** The body's bytes, or null when it is over `limit`. */
export async function readBoundedBody(request: Request, limit: number): Promise<Buffer<ArrayBuffer> | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}
