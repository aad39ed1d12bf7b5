// The WebSub callback (lib/websub/handle-callback.ts): hubs verify subscriptions here (GET) and
// push new content (POST). Outside the login gate (lib/auth/gate-request.ts): a hub has no session;
// the unguessable token and, for pushes, the HMAC signature are its credentials. Without
// TIDINGS_PUBLIC_URL Tidings subscribes nowhere, and every callback is unknown.
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { notFound } from "@/lib/features/websub/answer-verification";
import { handleWebSubCallback } from "@/lib/features/websub/handle-callback";
import { DEFAULT_PUSH_RATE_LIMIT } from "@/lib/features/websub/push-rate-limit";
import { REQUESTED_LEASE_SECONDS } from "@/lib/pipeline/websub/websub-settings";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  const env = getEnv();
  if (env.TIDINGS_PUBLIC_URL === undefined) return notFound();
  return handleWebSubCallback(getDb(), request, (await params).token, {
    now: () => new Date(),
    maxBodyBytes: env.TIDINGS_MAX_BODY_BYTES,
    rateLimit: DEFAULT_PUSH_RATE_LIMIT,
    requestedLeaseSeconds: REQUESTED_LEASE_SECONDS,
  });
}

export const GET = handle;
export const POST = handle;
