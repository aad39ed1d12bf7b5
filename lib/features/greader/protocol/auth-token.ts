// The Google Reader API's two tokens, both stateless HMACs with the installation's secret (the
// session secret, lib/features/auth/auth-state.ts) over the user name and the stored scrypt hash of the
// API password. Nothing is stored per token: a new API password (a new salt, so a new hash) or a
// cleared one revokes every token at once, as a new web password ends every session.
// - Auth, from ClientLogin: `<user>/<signature>`, the layout FreshRSS and Miniflux use. Apps keep
//   it for good and never log in again, so it has no expiry.
// - T, the action token every state-changing POST carries: `<issued>.<signature>`, valid for a
//   day (Google's expired sooner); a stale one is answered with X-Reader-Google-Bad-Token, upon
//   which apps fetch a new one.
import { createHmac, timingSafeEqual } from "node:crypto";

export type TokenAccount = { user: string; passwordHash: string; secret: string };

export const ACTION_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Room for the clock having been set back a little since the token was made. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;
const MAX_TOKEN_LENGTH = 300;

function sign(account: TokenAccount, purpose: string, extra = ""): string {
  return createHmac("sha256", account.secret)
    .update(`greader-${purpose}:v1\n${account.user}\n${account.passwordHash}\n${extra}`)
    .digest("base64url");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createAuthToken(account: TokenAccount): string {
  return `${account.user}/${sign(account, "auth")}`;
}

/** Whose token this says it is (checked by isValidAuthToken); the signature is base64url, without "/". */
export function nameInAuthToken(token: string): string {
  return token.slice(0, Math.max(token.lastIndexOf("/"), 0));
}

export function isValidAuthToken(token: string, account: TokenAccount): boolean {
  return token.length <= MAX_TOKEN_LENGTH && sameText(token, createAuthToken(account));
}

/** The token from `Authorization: GoogleLogin auth=<token>`, or null. */
export function readAuthorization(header: string | null): string | null {
  const match = /^\s*GoogleLogin\s+auth=(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

export function createActionToken(account: TokenAccount, now: Date): string {
  const issued = Math.floor(now.getTime() / 60_000).toString(36);
  return `${issued}.${sign(account, "action", issued).slice(0, 24)}`;
}

export function isValidActionToken(token: string | null, account: TokenAccount, now: Date): boolean {
  if (token === null || token.length > MAX_TOKEN_LENGTH) return false;
  const [issued, signature, ...more] = token.trim().split(".");
  if (!issued || !signature || more.length > 0 || !/^[0-9a-z]{1,10}$/.test(issued)) return false;
  if (!sameText(signature, sign(account, "action", issued).slice(0, 24))) return false;
  const issuedAt = parseInt(issued, 36) * 60_000;
  return issuedAt <= now.getTime() + CLOCK_SLACK_MS && now.getTime() - issuedAt < ACTION_TOKEN_LIFETIME_MS;
}

/**
 * Reeder sends `T=x` and FeedMe an empty `T`; FreshRSS accepts both from a caller whose
 * Authorization is valid, and so does Tidings (the dispatcher checks Authorization first). T is
 * a guard against forged cross-site forms, and a forged form cannot carry that header, so the
 * placeholders open nothing the Auth token did not. A missing T, or a real one gone stale, is
 * still refused: apps that send real tokens rely on the bad-token answer to fetch a new one.
 */
export function isAcceptedActionToken(token: string | null, account: TokenAccount, now: Date): boolean {
  const placeholder = token !== null && (token.trim() === "" || token.trim() === "x");
  return placeholder || isValidActionToken(token, account, now);
}
