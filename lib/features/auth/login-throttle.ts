// Failed logins are limited three ways: per account name from one client address, per client
// address whatever the names it tries, and per account name from everywhere. The address is the
// TCP peer's, or what a proxy in TIDINGS_TRUSTED_PROXIES forwarded for (lib/http/client-address.ts):
// a forged X-Forwarded-For makes no new client. The account-wide cap bounds a guesser who has many
// real addresses (an IPv6 /64 counts as one); it does not stop an address that has logged in to
// this account before, so nobody can lock a user out of the places they use. The per-address cap
// bounds one address trying many names; it holds only that address, never the owner elsewhere.
// The account is the user name as typed (the web login, ClientLogin), or the API's name for a
// credential that carries none (Fever's key): one rule for every door.
import { isIP } from "node:net";
import { clientAddressOf } from "@/lib/http/client-address";

export type ThrottleLimits = { perClient: number; perAddress: number; perAccount: number; windowMs: number };

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perClient: 5,
  perAddress: 20,
  perAccount: 50,
  windowMs: 15 * 60 * 1000,
};

/** Who guesses at what: the throttle's two keys. */
export type LoginAttempt = { account: string; client: string };

/** How long a successful login keeps its address exempt from the account-wide cap. */
const KNOWN_CLIENT_MS = 30 * 24 * 60 * 60 * 1000;
/** Bounded memory: a flood of addresses cannot grow the maps without limit. */
const MAX_KEYS = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly knownClients = new Map<string, number>();

  constructor(private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS) {}

  /** Milliseconds the client must wait before its next try at this account; 0 when it may try now. */
  waitFor(attempt: LoginAttempt, now: number): number {
    const clientWait = Math.max(
      this.waitOn(clientKey(attempt), this.limits.perClient, now),
      this.waitOn(addressKey(attempt), this.limits.perAddress, now),
    );
    if (this.isKnown(attempt, now)) return clientWait;
    return Math.max(clientWait, this.waitOn(accountKey(attempt), this.limits.perAccount, now));
  }

  recordFailure(attempt: LoginAttempt, now: number): void {
    for (const key of [clientKey(attempt), addressKey(attempt), accountKey(attempt)])
      this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > MAX_KEYS) this.prune(now);
  }

  /**
   * Starts a guess. When it may go ahead (0), it is counted as a failure at once: guesses sent
   * together, each awaiting its password hash, would otherwise all pass the check before the first
   * failure is written. A right guess takes its count back (`forgive`). Else: the ms to wait.
   */
  beginTry(attempt: LoginAttempt, now: number): number {
    const wait = this.waitFor(attempt, now);
    if (wait === 0) this.recordFailure(attempt, now);
    return wait;
  }

  /** The guess begun at `startedAt` was right: it was no failure, and the client is known from now on. */
  forgive(attempt: LoginAttempt, startedAt: number): void {
    this.failures.delete(clientKey(attempt));
    for (const key of [addressKey(attempt), accountKey(attempt)]) {
      const all = this.failures.get(key);
      const index = all?.lastIndexOf(startedAt) ?? -1;
      if (index >= 0) all!.splice(index, 1);
    }
    this.knownClients.delete(clientKey(attempt)); // re-inserted last: the oldest go first when full
    this.knownClients.set(clientKey(attempt), startedAt);
    if (this.knownClients.size > MAX_KEYS) this.knownClients.delete(this.knownClients.keys().next().value!);
  }

  private isKnown(attempt: LoginAttempt, now: number): boolean {
    const since = this.knownClients.get(clientKey(attempt));
    return since !== undefined && now - since < KNOWN_CLIENT_MS;
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

const clientKey = (attempt: LoginAttempt) => `${attempt.account}\u0000${throttleKeyOfAddress(attempt.client)}`;
const accountKey = (attempt: LoginAttempt) => `${attempt.account}\u0000*`;
// No account name has a NUL (user names are plain text), so this key is nobody's account.
const addressKey = (attempt: LoginAttempt) => `\u0000${throttleKeyOfAddress(attempt.client)}`;

/** An IPv6 client usually holds a whole /64: counting each of its addresses apart would give it 2^64 budgets. */
export function throttleKeyOfAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const groups = head === "" ? [] : head.split(":");
  const missing = 8 - groups.length - (tail === undefined || tail === "" ? 0 : tail.split(":").length);
  const full = tail === undefined ? groups : [...groups, ...new Array<string>(Math.max(missing, 0)).fill("0")];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/** A try at this account from this request's client address. */
export function attemptOf(headers: Headers, account: string): LoginAttempt {
  return { account, client: clientAddressOf(headers) };
}
