// Environment, parsed once with zod. Empty strings count as unset. Nothing here is NEXT_PUBLIC_:
// every value is server-only.
import { z } from "zod";
import { remember } from "@/lib/base/remember";
import { NOTIFY_FORMATS } from "@/lib/base/notify-formats";
import { describeBadNetwork, splitNetworkList } from "@/lib/base/network-list";

const unsetIfEmpty = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).max(max).default(fallback));
const flag = (fallback: boolean) =>
  z
    .preprocess(unsetIfEmpty, z.enum(["true", "false", "1", "0", "on", "off"]).default(fallback ? "true" : "false"))
    .transform((value) => value === "true" || value === "1" || value === "on");

/** A comma-separated list of addresses and CIDR networks; a bad entry is named. */
const networkList = z.preprocess(unsetIfEmpty, z.string().default("")).transform((text, context) => {
  const entries = splitNetworkList(text);
  for (const problem of entries.map(describeBadNetwork)) if (problem !== null) context.addIssue(problem);
  return entries;
});

const envSchema = z.object({
  DATABASE_URL: z.preprocess(unsetIfEmpty, z.string().optional()),
  TIDINGS_ROUND_CRON: z.preprocess(unsetIfEmpty, z.string().default("*/5 * * * *")),
  TIDINGS_SCHEDULER: flag(true),
  /** Read by next.config.js (gzip in Next); validated here like every other setting. */
  TIDINGS_COMPRESS: flag(false),
  TIDINGS_ROUND_BUDGET_SECONDS: integer(240, 5, 3600),
  TIDINGS_FETCH_TIMEOUT_MS: integer(20_000, 100, 300_000),
  TIDINGS_HOST_GAP_MS: integer(1000, 0, 60_000),
  // Requests in flight at once, each to another registrable domain (lib/round/request-lane.ts).
  TIDINGS_FETCH_LANES: integer(1, 1, 64),
  // PostgreSQL: instances that find the round lease taken walk beside its holder, on domains they claim.
  TIDINGS_SHARED_ROUNDS: flag(false),
  TIDINGS_MAX_BODY_BYTES: integer(10 * 1024 * 1024, 1024, 512 * 1024 * 1024),
  TIDINGS_MIN_INTERVAL: integer(60, 1, 7 * 24 * 60),
  TIDINGS_MAX_INTERVAL: integer(24 * 60, 1, 30 * 24 * 60),
  // The address others reach this instance at: named in the User-Agent, and the base of WebSub
  // callbacks (lib/websub), which hubs must be able to call. Kept without a trailing slash.
  TIDINGS_PUBLIC_URL: z.preprocess(
    unsetIfEmpty,
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .refine((value) => {
        // An unparseable value is already reported by the check above (zod goes on to this one).
        if (!URL.canParse(value)) return true;
        const url = new URL(value);
        return url.username === "" && url.password === "" && url.search === "" && url.hash === "";
      }, "must be a plain address, without credentials, query or fragment")
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  TIDINGS_ALLOW_PRIVATE_NETWORKS: flag(false),
  // Days a read, unstarred article is kept (lib/retention); 0 keeps every article for ever.
  TIDINGS_RETENTION_DAYS: integer(60, 0, 36_500),
  TIDINGS_ICONS: flag(true),
  // on: Crawl-delay and rules naming Tidings; strict: rules for every robot (*) too; off: robots.txt is not read.
  TIDINGS_ROBOTS: z.preprocess(unsetIfEmpty, z.enum(["on", "strict", "off"]).default("on")),
  // Read here only to refuse an open, password-less bind; `npm start` passes it to next start.
  TIDINGS_HOST: z.preprocess(unsetIfEmpty, z.string().default("127.0.0.1")),
  TIDINGS_PASSWORD: z.preprocess(unsetIfEmpty, z.string().min(8, "use at least 8 characters").max(1024).optional()),
  TIDINGS_ALLOWED_HOSTS: z.preprocess(unsetIfEmpty, z.string().default("")).transform((list) =>
    list
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ""),
  ),
  // Reverse proxies whose X-Forwarded-For, -Proto and -Host are believed (lib/http/client-address.ts); nobody else's are.
  TIDINGS_TRUSTED_PROXIES: networkList,
  // Prometheus' credentials for /metrics (lib/features/auth/check-metrics-access.ts).
  TIDINGS_METRICS_TOKEN: z.preprocess(
    unsetIfEmpty,
    z.string().min(16, "use at least 16 characters").max(512).optional(),
  ),
  TIDINGS_METRICS_ALLOWED_NETWORKS: networkList,
  /** Set by bin/tidings.mjs to its installation (lib/base/project-root.ts); the app uses its working directory. */
  TIDINGS_PROJECT_ROOT: z.preprocess(unsetIfEmpty, z.string().optional()),
  // Where alert notifications are POSTed (lib/features/notify); wins over the settings page's field.
  TIDINGS_NOTIFY_URL: z.preprocess(
    unsetIfEmpty,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  TIDINGS_NOTIFY_FORMAT: z.preprocess(unsetIfEmpty, z.enum(NOTIFY_FORMATS).optional()),
  TIDINGS_LOG_LEVEL: z.preprocess(unsetIfEmpty, z.enum(["debug", "info", "warn", "error", "silent"]).default("info")),
});

export type Env = z.infer<typeof envSchema>;

/** Parses an environment; throws one readable line naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`invalid environment: ${problems.join("; ")}`);
}

export function getEnv(): Env {
  return remember("env", () => parseEnv(process.env));
}
