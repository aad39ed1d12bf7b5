// Failed logins are limited per client and in total. The per-client key comes from
// X-Forwarded-For, which a client can forge when no reverse proxy overwrites it; the total cap is
// what bounds a guesser who rotates that header (at the price of locking everyone out for a while).
export type ThrottleLimits = { perClient: number; total: number; windowMs: number };

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perClient: 5, total: 50, windowMs: 15 * 60 * 1000 };

const ALL = "\u0000all";

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS) {}

  /** Milliseconds the client must wait before its next try; 0 when it may try now. */
  waitFor(client: string, now: number): number {
    return Math.max(this.waitOn(client, this.limits.perClient, now), this.waitOn(ALL, this.limits.total, now));
  }

  recordFailure(client: string, now: number): void {
    for (const key of [client, ALL]) this.failures.set(key, [...this.recent(key, now), now]);
    // Bounded memory: a flood of forged client keys cannot grow the map without limit.
    if (this.failures.size > 10_000) this.prune(now);
  }

  /**
   * Starts a guess. When it may go ahead (0), it is counted as a failure at once: guesses sent
   * together, each awaiting its password hash, would otherwise all pass the check before the first
   * failure is written. A right guess takes its count back (`forgive`). Else: the ms to wait.
   */
  beginTry(client: string, now: number): number {
    const wait = this.waitFor(client, now);
    if (wait === 0) this.recordFailure(client, now);
    return wait;
  }

  /** The guess begun at `startedAt` was right: it was no failure, and the client starts afresh. */
  forgive(client: string, startedAt: number): void {
    this.failures.delete(client);
    const all = this.failures.get(ALL);
    const index = all?.lastIndexOf(startedAt) ?? -1;
    if (index >= 0) all!.splice(index, 1);
  }

  private waitOn(key: string, limit: number, now: number): number {
    const recent = this.recent(key, now);
    return recent.length < limit ? 0 : recent[recent.length - limit]! + this.limits.windowMs - now;
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
  }

  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) if (this.recent(key, now).length === 0) this.failures.delete(key);
  }
}

/** The per-client key: the first X-Forwarded-For address (see the note at the top), else one shared key. */
export function throttleClientOf(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
