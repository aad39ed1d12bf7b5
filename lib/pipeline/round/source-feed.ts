// Where a round's walk gets its sources. Alone (SQLite, or PostgreSQL without
// TIDINGS_SHARED_ROUNDS) it takes the whole due list at once, as it always did. Sharing rounds on
// PostgreSQL, several instances walk at the same time, and each takes the due sources a batch of
// registrable domains at a time: a domain is claimed with a lease named after it (an atomic
// upsert: of two instances, one wins), held for the whole round and given back at its end. So two
// instances never fetch the same domain's sources in one round, the work spreads over both, and
// a crashed instance's domains are free again once its claims expire (the round lease's TTL).
import type { Db } from "@/lib/db/client";
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import { acquireLease, releaseLease, ROUND_DOMAIN_LEASE_PREFIX } from "@/lib/pipeline/store/fetch/lease";
import type { ListedSource } from "@/lib/pipeline/round/due-sources";
import { interleaveByHost } from "@/lib/pipeline/round/interleave-by-host";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";

export type SourceFeed = {
  /** The next batch of sources (interleaved by domain); empty when none is left to claim. */
  take(): Promise<ListedSource[]>;
  /** Whether take() could still bring something. */
  hasMore(): boolean;
  /** Gives back whatever was claimed (the end of the walk). */
  release(): Promise<void>;
};

/** The whole list, in one batch (one instance). */
export function feedAll(sources: ListedSource[]): SourceFeed {
  let left: ListedSource[] = sources;
  return {
    async take() {
      const batch = interleaveByHost(left);
      left = [];
      return batch;
    },
    hasMore: () => left.length > 0,
    release: async () => undefined,
  };
}

/** Batches of domains this instance claimed (rounds shared by several instances). */
export function feedByDomainClaims(
  db: Db,
  settings: RoundSettings,
  sources: ListedSource[],
  ttlMs: number,
): SourceFeed {
  const byDomain = new Map<string, ListedSource[]>();
  for (const source of sources) {
    const key = politenessKeyOf(source.feedUrl);
    const list = byDomain.get(key);
    if (list) list.push(source);
    else byDomain.set(key, [source]);
  }
  const pending = [...byDomain.keys()];
  const claimed: string[] = [];
  const holder = settings.instanceId;
  return {
    async take() {
      const batch: ListedSource[] = [];
      // One domain per lane at a time: the walk asks for more as soon as none it holds can be asked
      // now (walk-sources.ts), so little is held back from the other instances.
      const wanted = settings.laneQueue.lanes;
      for (let taken = 0; taken < wanted && pending.length > 0;) {
        const key = pending.shift()!;
        const name = `${ROUND_DOMAIN_LEASE_PREFIX}${key}`;
        if (!(await acquireLease(db, { name, holder, ttlMs, now: settings.clock.now() }))) continue;
        claimed.push(name);
        batch.push(...byDomain.get(key)!);
        taken += 1;
      }
      return interleaveByHost(batch);
    },
    hasMore: () => pending.length > 0,
    async release() {
      for (const name of claimed.splice(0)) await releaseLease(db, { name, holder });
    },
  };
}
