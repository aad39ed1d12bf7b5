// GET /site-icons/<sha256> → a site's icon, from the database: the reader never loads anything
// from a publisher for it. The address changes with the bytes, so it is cached for a year and
// never revalidated (immutable). An SVG was sanitized when stored; its CSP forbids scripts besides.
import { getSiteIcon } from "@/lib/reads/articles/get-site-icon";
import { errorResponse, internalError } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ hash: string }> };

const HASH = /^[0-9a-f]{64}$/;

export async function GET(request: Request, context: Context): Promise<Response> {
  const { hash } = await context.params;
  if (!HASH.test(hash)) return errorResponse(404, "not_found", "There is no such icon.");
  const etag = `"${hash}"`;
  try {
    if (request.headers.get("if-none-match") === etag)
      return new Response(null, { status: 304, headers: { ETag: etag } });
    const icon = await getSiteIcon(hash);
    if (icon === null) return errorResponse(404, "not_found", "There is no such icon.");
    return new Response(Buffer.from(icon.data), {
      headers: {
        "Content-Type": icon.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
        ETag: etag,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  } catch (error) {
    return internalError(error, "GET /site-icons/:hash");
  }
}
