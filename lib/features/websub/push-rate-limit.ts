// Pushes are rate-limited per subscription: a hub (or anyone who learnt a callback URL) cannot make
// Tidings parse bodies without end. A fixed window per subscription, in this process's memory:
// the limit protects this process's CPU, and a hub that is turned away (429) delivers again later
// (W3C WebSub §7: a hub retries a failed distribution).
import { remember } from "@/lib/base/remember";

export type PushRateLimit = { maxPushes: number; windowMs: number };

/** Sixty pushes in ten minutes: far above any feed's publishing rate, far below a flood. */
export const DEFAULT_PUSH_RATE_LIMIT: PushRateLimit = { maxPushes: 60, windowMs: 10 * 60 * 1000 };

type Window = { startedAt: number; count: number };

const windows = () => remember("websub-push-windows", () => new Map<number, Window>());

/** Counts one push; returns the seconds to wait when it is over the limit, else null. */
export function takePushTurn(subscriptionId: number, nowMs: number, limit: PushRateLimit): number | null {
  const all = windows();
  const current = all.get(subscriptionId);
  if (current === undefined || nowMs - current.startedAt >= limit.windowMs) {
    // Ended windows are dropped as new ones start: the map holds at most the subscriptions pushed lately.
    for (const [id, window] of all) if (nowMs - window.startedAt >= limit.windowMs) all.delete(id);
    all.set(subscriptionId, { startedAt: nowMs, count: 1 });
    return null;
  }
  if (current.count >= limit.maxPushes) return Math.ceil((current.startedAt + limit.windowMs - nowMs) / 1000);
  current.count += 1;
  return null;
}
