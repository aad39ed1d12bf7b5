// The Fever API (see lib/features/fever/handle-fever-call.ts and the README). Fever apps POST form bodies;
// GET is answered too, since some send the read arguments with api_key in the query string.
import { handleFeverCall } from "@/lib/features/fever/handle-fever-call";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handleFeverCall(request);
}

export function POST(request: Request): Promise<Response> {
  return handleFeverCall(request);
}
