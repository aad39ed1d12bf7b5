// The Google Reader API (see lib/features/greader/routes.ts and the README): apps are given the base URL
// http://HOST/api/greader and add paths such as /accounts/ClientLogin and /reader/api/0/….
import { handleGReaderRequest } from "@/lib/features/greader/handle-greader-request";
import { answerApiPreflight } from "@/lib/http/api-cors";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handleGReaderRequest(request);
}

export function POST(request: Request): Promise<Response> {
  return handleGReaderRequest(request);
}

/** Browsers ask before sending Authorization to another origin. */
export function OPTIONS(): Response {
  return answerApiPreflight();
}
