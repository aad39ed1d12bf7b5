// GET /api/settings/reader → { markReadOnScroll }; PUT with the same shape saves it.
import { getDb } from "@/lib/db/client";
import { getReaderSettings } from "@/lib/reads/articles/get-reader-settings";
import { saveReaderSettings } from "@/lib/settings/reader-settings";
import { internalError, jsonResponse } from "@/lib/http/respond";
import { parseJsonBody } from "@/lib/http/parse-input";
import { rejectCrossSite } from "@/lib/http/reject-cross-site";
import { readerSettingsSchema } from "@/lib/reads/articles/request-schemas";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    return jsonResponse(await getReaderSettings());
  } catch (error) {
    return internalError(error, "GET /api/settings/reader");
  }
}

export async function PUT(request: Request): Promise<Response> {
  const refused = rejectCrossSite(request);
  if (refused) return refused;
  const body = await parseJsonBody(request, readerSettingsSchema);
  if (!body.ok) return body.response;
  try {
    return jsonResponse(await saveReaderSettings(getDb(), body.data));
  } catch (error) {
    return internalError(error, "PUT /api/settings/reader");
  }
}
