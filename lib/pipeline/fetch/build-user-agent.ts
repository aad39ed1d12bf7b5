// An identifying User-Agent: lets a publisher tell a small private reader from an anonymous
// scraper, find the project, and see how many readers one request serves (RFC 9110 §10.1.5).

import type { Env } from "@/lib/base/env";
import packageJson from "@/package.json";

const PROJECT_URL = "https://github.com/tidings-reader/tidings";

/** This installation's User-Agent, for every request it makes (feeds, robots.txt, notifications). */
export function userAgentFromEnv(env: Pick<Env, "TIDINGS_PUBLIC_URL">, subscribers: number): string {
  return buildUserAgent({ version: packageJson.version, publicUrl: env.TIDINGS_PUBLIC_URL ?? null, subscribers });
}

export function buildUserAgent(input: { version: string; publicUrl: string | null; subscribers: number }): string {
  const count = Math.max(0, Math.trunc(input.subscribers));
  const contact = sanitize(input.publicUrl ?? "") || PROJECT_URL;
  const noun = count === 1 ? "subscriber" : "subscribers";
  return `Tidings/${sanitize(input.version)} (+${contact}; self-hosted feed reader; ${count} ${noun})`;
}

/** The product token robots.txt groups name (RFC 9309 §2.2.1): "Tidings" of "Tidings/0.1.0 (...)". */
export function productTokenOf(userAgent: string): string {
  return userAgent.split(/[/\s]/, 1)[0] ?? userAgent;
}

/** Keeps the header valid (no control characters) and the comment parseable (no parentheses, no ';'). */
function sanitize(value: string): string {
  return value.replace(/[^\x21-\x7e]|[();]/g, "").trim();
}
