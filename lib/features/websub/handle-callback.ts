// The callback route's one door (app/api/websub/[token]/route.ts): it speaks only the hub
// protocol. GET is a verification of intent, POST a content distribution; an unknown token, or a
// push for a source that is gone, is 404; any other method 405.
import type { Db } from "@/lib/db/client";
import { answerVerification, notFound } from "@/lib/features/websub/answer-verification";
import { receivePush, type PushContext } from "@/lib/features/websub/receive-push";

export type CallbackContext = PushContext & { requestedLeaseSeconds: number };

/** Tokens are 43 base64url characters (lib/websub/record-hub-offer.ts); anything else is never looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function handleWebSubCallback(
  db: Db,
  request: Request,
  token: string,
  context: CallbackContext,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "GET, POST" } });
  const subscription = TOKEN_PATTERN.test(token)
    ? await db.webSubSubscription.findUnique({
        where: { callbackToken: token },
        include: { source: { select: { enabled: true } } },
      })
    : null;
  if (subscription === null) return notFound();
  if (request.method === "GET")
    return answerVerification(db, subscription, new URL(request.url).searchParams, {
      now: context.now(),
      requestedLeaseSeconds: context.requestedLeaseSeconds,
    });
  const { sourceId, source } = subscription;
  if (sourceId === null) return notFound();
  // Paused by its reader: acknowledged (the hub must not retry) and not stored; the lease lapses.
  if (source?.enabled === false) return new Response(null, { status: 202 });
  return receivePush(db, { ...subscription, sourceId }, request, context);
}
