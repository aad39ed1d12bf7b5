import "server-only";
// reader/api/0/subscription/import: an OPML file as the raw POST body (FreshRSS's), through the
// same import as `tidings import` (lib/reads/sources/import-opml.ts): at most MAX_OPML_BYTES and
// MAX_OPML_OUTLINES, duplicates and refused addresses skipped, nothing fetched now (the new
// sources are due at once and the next rounds fetch them one at a time). The body is no form, so
// its action token T comes in the query string.
import { getEnv } from "@/lib/base/env";
import { readBoundedBody } from "@/lib/http/read-bounded-body";
import { MAX_OPML_BYTES } from "@/lib/pipeline/parse/opml/limits";
import { importOpml } from "@/lib/reads/sources/import-opml";
import { answerError, answerText } from "@/lib/features/greader/protocol/greader-answer";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";

export async function importSubscriptions(call: GReaderCall): Promise<Response> {
  const body = await readBoundedBody(call.request, MAX_OPML_BYTES);
  if (body === null) return answerError(413, `Payload Too Large: an OPML file is at most ${MAX_OPML_BYTES} bytes.`);
  const text = body.toString("utf8");
  if (text.trim() === "") return answerError(400, "Bad Request: send the OPML file as the request body.");
  const report = await importOpml(
    call.db,
    readerIdOf(call),
    text,
    { allowPrivateNetworks: getEnv().TIDINGS_ALLOW_PRIVATE_NETWORKS },
    call.now,
  );
  if (!report.ok) return answerError(400, `Bad Request: ${report.error}`);
  return answerText("OK");
}
