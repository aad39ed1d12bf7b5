// W3C WebSub §7 and §8: the hub's POST of new content to a callback. The body is read up to the
// feeds' cap (TIDINGS_MAX_BODY_BYTES), its X-Hub-Signature checked against the subscription's
// secret; a missing or wrong signature is dropped (and logged, and counted) but still answered 2xx,
// as §8 allows, so a forger learns nothing. A good body is parsed and stored like a fetched one.
import type { Db } from "@/lib/db/client";
import { readBoundedBody } from "@/lib/http/read-bounded-body";
import { createLogger } from "@/lib/base/log";
import { parseFeedOffThread } from "@/lib/pipeline/round/parse-off-thread";
import { checkSignature } from "@/lib/features/websub/check-signature";
import { takePushTurn, type PushRateLimit } from "@/lib/features/websub/push-rate-limit";
import { storePush } from "@/lib/pipeline/websub/store-push";
import type { Subscription } from "@/lib/features/websub/answer-verification";

const log = createLogger("websub");

export type PushContext = { now: () => Date; maxBodyBytes: number; rateLimit: PushRateLimit };

export async function receivePush(
  db: Db,
  subscription: Subscription & { sourceId: number },
  request: Request,
  context: PushContext,
): Promise<Response> {
  const receivedAt = context.now();
  const wait = takePushTurn(subscription.id, receivedAt.getTime(), context.rateLimit);
  if (wait !== null) {
    log.warn(`subscription ${subscription.id} ${subscription.topicUrl}: push refused, over the rate limit`);
    return new Response("too many pushes\n", { status: 429, headers: { "Retry-After": String(wait), ...TEXT } });
  }
  const body = await readBoundedBody(request, context.maxBodyBytes);
  if (body === null) {
    log.warn(
      `subscription ${subscription.id} ${subscription.topicUrl}: push refused, over ${context.maxBodyBytes} bytes`,
    );
    return new Response("body too large\n", { status: 413, headers: TEXT });
  }
  const verdict = checkSignature(request.headers.get("x-hub-signature"), body, subscription.secret);
  if (verdict !== "valid") return drop(db, subscription, `${verdict} signature`);
  const parsed = await parseFeedOffThread({
    body,
    contentType: request.headers.get("content-type"),
    url: subscription.topicUrl,
  });
  if (!parsed.ok) return drop(db, subscription, `unreadable body: ${parsed.detail}`);
  const stored = await storePush(db, {
    subscriptionId: subscription.id,
    sourceId: subscription.sourceId,
    hubUrl: subscription.hubUrl,
    receivedAt,
    feed: parsed.feed,
    reading: parsed.reading,
    parseMs: parsed.parseMs,
    bodyBytes: body.length,
    missedPushAt: subscription.missedPushAt,
  });
  log.info(
    `source ${subscription.sourceId} ${subscription.topicUrl}: push from ${subscription.hubUrl} new=${stored.newArticles} updated=${stored.updatedArticles} bytes=${body.length}`,
  );
  return new Response(null, { status: 204 });
}

/** Answered 2xx all the same (§8): the hub must not retry a forgery, and a forger learns nothing. */
async function drop(db: Db, subscription: Subscription, why: string): Promise<Response> {
  log.warn(`subscription ${subscription.id} ${subscription.topicUrl}: push dropped (${why})`);
  await db.webSubSubscription.update({
    where: { id: subscription.id },
    data: { droppedPushes: { increment: 1 }, lastError: `push dropped: ${why}`.slice(0, 300) },
  });
  return new Response(null, { status: 202 });
}

const TEXT = { "Content-Type": "text/plain; charset=utf-8" };
