// A feed app's form body (Fever, Google Reader API): form-encoded (most) or multipart (some),
// read up to a byte limit (lib/http/read-bounded-body.ts). Repeated names are kept (the Google
// Reader API repeats `i` and `s`).
import { readBoundedBody } from "@/lib/http/read-bounded-body";

export type FormBody = { ok: true; params: URLSearchParams } | { ok: false };

export async function readFormBody(request: Request, limit: number): Promise<FormBody> {
  const bytes = await readBoundedBody(request, limit);
  if (bytes === null) return { ok: false };
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    return { ok: true, params: new URLSearchParams(bytes.toString("utf8")) };
  try {
    const form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    const params = new URLSearchParams();
    for (const [name, value] of form) if (typeof value === "string") params.append(name, value);
    return { ok: true, params };
  } catch {
    return { ok: true, params: new URLSearchParams() };
  }
}
