// A domain's turn across processes and instances. The lanes of one process (request-lane.ts) keep
// its own requests polite; a `tidings round` or `tidings add` beside the server, or a second
// instance on the same PostgreSQL, has lanes of its own. So a turn is also claimed in the
// database, as a lease named after the registrable domain: taken for the request (at most the
// fetch timeout, plus a margin), and on release left taken for the domain's gap, so that no other
// process asks that domain before the gap has passed. A process whose claim is refused waits,
// bounded, while holding its own lane for that domain only; a claim held by a process known to
// be gone (killed) is taken over at once, any other expires on its own.
//
// The database is asked at most twice per request. When it cannot be asked (an outage), the
// process's own lanes still hold and the fetch's store step reports the database.
import type { Db } from "@/lib/db/client";
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import type { LaneTurn } from "@/lib/pipeline/fetch/types";
import { acquireLease, deleteExpiredLeases, releaseLease } from "@/lib/pipeline/store/fetch/lease";
import { currentHolderProcess, isHolderProcessGone } from "@/lib/base/holder-process";
import { takeTurn } from "@/lib/pipeline/lanes/request-lane";
import type { LaneSettings } from "@/lib/pipeline/lanes/lane-settings";
import { describeError } from "@/lib/base/describe-error";
import { createLogger } from "@/lib/base/log";

const log = createLogger("fetch");

export const DOMAIN_TURN_PREFIX = "domain:";
/** How often a refused claim is asked again. */
const CLAIM_POLL_MS = 100;
/** Beyond the fetch timeout: a request's own bookkeeping before its turn is given back. */
const CLAIM_MARGIN_MS = 5_000;

type Granted = Extract<LaneTurn, { go: true }>;

/** This process's lane for the URL's domain, then the domain's claim in the database. */
export async function takeSharedTurn(db: Db, settings: LaneSettings, url: URL, gapMs: number): Promise<LaneTurn> {
  const { clock } = settings;
  const asked = clock.monotonicMs();
  const turn = await takeTurn(url, gapMs, settings.laneQueue);
  const name = `${DOMAIN_TURN_PREFIX}${politenessKeyOf(url.href)}`;
  const ttlMs = settings.fetch.timeoutMs + CLAIM_MARGIN_MS;
  const claimed = await claimDomain(db, settings, name, ttlMs);
  if (claimed === "busy") {
    turn.release();
    return {
      go: false,
      errorKind: "rate_limited",
      detail: `another Tidings process kept ${url.hostname} busy for over ${Math.round((ttlMs + gapMs) / 1000)} s: not asked`,
    };
  }
  return {
    go: true,
    waitedMs: clock.monotonicMs() - asked,
    async release() {
      if (claimed === "claimed")
        await releaseLease(db, {
          name,
          holder: settings.instanceId,
          until: new Date(clock.now().getTime() + gapMs),
        }).catch((error: unknown) => log.warn(`could not give back the turn of ${name}: ${describeError(error)}`));
      turn.release();
    },
  } satisfies Granted;
}

/**
 * Claims the domain, waiting while another process holds it: at most its request's time and the
 * gap after it (ttlMs + the longest gap), then "busy". "unknown" when the database failed.
 */
async function claimDomain(
  db: Db,
  settings: LaneSettings,
  name: string,
  ttlMs: number,
): Promise<"claimed" | "busy" | "unknown"> {
  const { clock } = settings;
  const tries = Math.ceil((ttlMs + 60_000) / CLAIM_POLL_MS);
  for (let attempt = 0; attempt < tries; attempt += 1) {
    try {
      const taken = await acquireLease(db, {
        name,
        holder: settings.instanceId,
        ttlMs,
        now: clock.now(),
        process: currentHolderProcess(),
        isHolderGone: isHolderProcessGone,
      });
      if (taken) return "claimed";
    } catch (error) {
      log.warn(`could not claim ${name} in the database (this process's lanes still hold): ${describeError(error)}`);
      return "unknown";
    }
    await clock.sleep(CLAIM_POLL_MS);
  }
  return "busy";
}

/** Claims that ended over an hour ago are only rows: forgotten (a round calls this once). */
export async function forgetOldDomainTurns(db: Db, now: Date): Promise<void> {
  await deleteExpiredLeases(db, DOMAIN_TURN_PREFIX, new Date(now.getTime() - 3600_000)).catch((error: unknown) =>
    log.warn(`could not forget old domain turns: ${describeError(error)}`),
  );
}
