// The subscriber's requests to hubs, from the rounds (lib/round/run-round.ts): new subscriptions,
// renewals at 90% of the lease, retries of failed or never-verified requests, and unsubscriptions
// of sources that are gone. One request at a time, at most MAX_PER_PASS a pass, each claimed first
// so that two instances sharing a database never send the same request twice.
import type { Db } from "@/lib/db/client";
import type { Clock } from "@/lib/base/clock";
import type { RequestLane } from "@/lib/pipeline/fetch/types";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";
import {
  PAUSED_RECHECK_MS,
  VERIFY_WAIT_MS,
  planHubRequest,
  retryTime,
  type HubRequestPlan,
} from "@/lib/pipeline/websub/plan-hub-request";
import { sendHubRequest, type HubAnswer } from "@/lib/pipeline/websub/send-hub-request";
import { buildCallbackUrl, type WebSubSettings } from "@/lib/pipeline/websub/websub-settings";

const log = createLogger("websub");

/** Requests per pass, and the time a pass may take: it runs under the round's lease, which must
 * not run out (a slow hub can take the whole fetch timeout); the rest waits for the next round. */
const MAX_PER_PASS = 20;
const MAX_PASS_MS = 60_000;

type Row = Awaited<ReturnType<typeof listDue>>[number];

/** What a pass needs besides its settings: the clock, and the lane every hub request takes its turn in. */
type PassContext = { clock: Clock; lane: RequestLane };

async function maintainSubscriptions(db: Db, settings: WebSubSettings, { clock, lane }: PassContext): Promise<void> {
  const deadline = clock.monotonicMs() + MAX_PASS_MS;
  for (const row of await listDue(db, clock.now())) {
    if (clock.monotonicMs() > deadline) break;
    const now = clock.now();
    const plan = planHubRequest({ ...row, sourceEnabled: row.source?.enabled ?? null }, now);
    // Claimed by moving its due time (another instance that read the same row claims nothing), and
    // marked as asked BEFORE the request: a hub may verify before its answer to us has arrived.
    const claimed = await db.webSubSubscription.updateMany({
      where: { id: row.id, nextRequestAt: row.nextRequestAt },
      data: {
        nextRequestAt: new Date(now.getTime() + VERIFY_WAIT_MS),
        ...(plan.action === "send" ? { pendingMode: plan.mode } : {}),
      },
    });
    if (claimed.count === 0) continue;
    await carryOut(db, settings, lane, row, plan, now);
  }
}

/** From the round: a failure here is logged, never the round's (its fetches are stored by now). */
export async function maintainSubscriptionsSafely(db: Db, settings: WebSubSettings, pass: PassContext): Promise<void> {
  try {
    await maintainSubscriptions(db, settings, pass);
  } catch (error) {
    log.error(`hub requests stopped: ${describeError(error)}`);
  }
}

function listDue(db: Db, now: Date) {
  return db.webSubSubscription.findMany({
    // Removing a source makes its subscription due at once (lib/store/remove-source.ts).
    where: { nextRequestAt: { lte: now } },
    orderBy: { nextRequestAt: "asc" },
    take: MAX_PER_PASS,
    include: { source: { select: { enabled: true } } },
  });
}

async function carryOut(
  db: Db,
  settings: WebSubSettings,
  lane: RequestLane,
  row: Row,
  plan: HubRequestPlan,
  now: Date,
): Promise<void> {
  if (plan.action === "wait") {
    await db.webSubSubscription.update({
      where: { id: row.id },
      data: { nextRequestAt: new Date(now.getTime() + PAUSED_RECHECK_MS) },
    });
    return;
  }
  if (plan.action === "forget") {
    await db.webSubSubscription.delete({ where: { id: row.id } });
    log.info(`subscription ${row.id} ${row.topicUrl}: forgotten (${plan.reason})`);
    return;
  }
  const answer = await sendHubRequest(
    {
      hubUrl: row.hubUrl,
      mode: plan.mode,
      topicUrl: row.topicUrl,
      callbackUrl: buildCallbackUrl(settings.publicUrl, row.callbackToken),
      secret: row.secret,
    },
    settings,
    lane,
  );
  // Only while the request is still pending: a hub that verified (or a verified unsubscription that
  // deleted the row) before its answer reached us has already written the outcome.
  await db.webSubSubscription.updateMany({
    where: { id: row.id, pendingMode: plan.mode },
    data: describeOutcome(row, plan, answer, now),
  });
  const detail = answer.accepted ? `hub answered HTTP ${answer.status}` : answer.detail;
  log.info(`subscription ${row.id} ${row.topicUrl} at ${row.hubUrl}: ${plan.mode} ${detail}`);
}

/** The row after one request: what the hub said, and when to look at it again. */
function describeOutcome(row: Row, plan: Extract<HubRequestPlan, { action: "send" }>, answer: HubAnswer, now: Date) {
  const failedRequests = row.failedRequests + (plan.unverified ? 1 : 0) + (answer.accepted ? 0 : 1);
  // A verified lease still running keeps the feed pushed while its renewal is pending or retried.
  const leaseRunning =
    row.state === "verified" && row.leaseExpiresAt !== null && row.leaseExpiresAt.getTime() > now.getTime();
  const lastError = !answer.accepted
    ? answer.detail
    : plan.unverified
      ? `the hub did not verify the last ${row.pendingMode} request within ${VERIFY_WAIT_MS / 60_000} minutes`
      : row.state === "denied"
        ? null
        : row.lastError;
  const state = leaseRunning ? "verified" : failedRequests > 0 ? "failing" : "pending";
  const nextRequestAt = answer.accepted
    ? new Date(now.getTime() + VERIFY_WAIT_MS)
    : retryTime(failedRequests, now, leaseRunning ? row.leaseExpiresAt : null);
  return {
    state: row.sourceId === null ? row.state : state,
    // A refused request will never be verified: nothing is pending.
    pendingMode: answer.accepted ? plan.mode : null,
    lastRequestAt: now,
    failedRequests,
    lastError,
    nextRequestAt,
  };
}
