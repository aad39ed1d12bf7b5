// A feed app's form body (Fever, Google Reader API): form-encoded (most) or multipart (some),
// read up to a byte limit so that a huge body is refused before it is buffered, whatever
// Content-Length claims. Repeated names are kept (the Google Reader API repeats `i` and `s`).
export type FormBody = { ok: true; params: URLSearchParams } | { ok: false };

export async function readFormBody(request: Request, limit: number): Promise<FormBody> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return { ok: false };
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
        return { ok: false };
      }
      chunks.push(value);
    }
  }
  const bytes = Buffer.concat(chunks);
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return { ok: true, params: new URLSearchParams(bytes.toString("utf8")) };
  try {
    const form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    const params = new URLSearchParams();
    for (const [name, value] of form) if (typeof value === "string") params.append(name, value);
    return { ok: true, params };
  } catch {
    return { ok: true, params: new URLSearchParams() };
  }
}
