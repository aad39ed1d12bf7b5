// Where a round's walk gets its sources: the due list read a page at a time in due order (a
// bounded number of sources in memory whatever the fleet's size), never the whole list at once.
// Alone (SQLite, or PostgreSQL without TIDINGS_SHARED_ROUNDS) every page is the walk's. Sharing
// rounds on PostgreSQL, several instances walk at the same time, and each keeps the sources of the
// registrable domains it claimed: a domain is claimed with a lease named after it (an atomic
// upsert: of two instances, one wins), held for the whole round and given back at its end. So two
// instances never fetch the same domain's sources in one round, the work spreads over both, and
// a crashed instance's domains are free again once its claims expire (the round lease's TTL).
import type { Db } from "@/lib/db/client";
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import { acquireLease, releaseLease, ROUND_DOMAIN_LEASE_PREFIX } from "@/lib/pipeline/store/fetch/lease";
import { listDuePage, type DueCursor, type ListedSource } from "@/lib/pipeline/round/due-sources";
import { interleaveByHost } from "@/lib/pipeline/round/interleave-by-host";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";

/** Sources read from the database at a time: a few seconds of 16 lanes' work, a few hundred KB. */
export const DUE_PAGE_SIZE = 500;

export type SourceFeed = {
  /** The next batch of sources (interleaved by domain); empty when none is left. */
  take(): Promise<ListedSource[]>;
  /** Whether take() could still bring something. */
  hasMore(): boolean;
  /** The due sources this walk answers for: all of them alone, those of its claimed domains when sharing. */
  dueCount(): number;
  /** Of those, how many take() has not handed over yet (left for the next round if the budget ends first). */
  notTaken(): number;
  /** Gives back whatever was claimed (the end of the walk). */
  release(): Promise<void>;
};

/** A list known in advance, in one batch ("fetch now" of one source). */
export function feedList(sources: ListedSource[]): SourceFeed {
  let left: ListedSource[] = sources;
  return {
    async take() {
      const batch = interleaveByHost(left);
      left = [];
      return batch;
    },
    hasMore: () => left.length > 0,
    dueCount: () => sources.length,
    notTaken: () => left.length,
    release: async () => undefined,
  };
}

/** The due list page after page, in due order (one instance); `due` sources were counted at `now`. */
export function feedDuePages(db: Db, input: { now: Date; due: number; pageSize?: number }): SourceFeed {
  const { due } = input;
  const pages = readDuePages(db, input.now, input.pageSize ?? DUE_PAGE_SIZE);
  let handed = 0;
  return {
    async take() {
      const page = await pages.next();
      handed += page.length;
      return interleaveByHost(page);
    },
    hasMore: pages.hasMore,
    // Sources that became due between the count and a page (a person's edit) are counted as read.
    dueCount: () => Math.max(due, handed),
    notTaken: () => (pages.hasMore() ? Math.max(0, due - handed) : 0),
    release: async () => undefined,
  };
}

/** Batches of sources of domains this instance claimed (rounds shared by several instances). */
export function feedByDomainClaims(
  db: Db,
  settings: RoundSettings,
  input: { now: Date; ttlMs: number; pageSize?: number },
): SourceFeed {
  const pageSize = input.pageSize ?? DUE_PAGE_SIZE;
  const pages = readDuePages(db, input.now, pageSize);
  // Sources of the page read last whose domain is not decided yet, by domain in due order.
  const pending = new Map<string, ListedSource[]>();
  // Domain → whether it is ours this round. Grows with the domains met, not with the sources.
  const decided = new Map<string, boolean>();
  const claimed: string[] = [];
  const holder = settings.instanceId;
  let handed = 0;
  return {
    async take() {
      const batch: ListedSource[] = [];
      // One new domain per lane at a time: the walk asks for more as soon as none it holds can be
      // asked now (walk-sources.ts), so little is held back from the other instances. At most a
      // page's worth of sources of domains already ours, so memory stays bounded.
      for (let taken = 0; taken < settings.laneQueue.lanes && batch.length < pageSize;) {
        const next = pending.entries().next();
        if (next.done) {
          if (!pages.hasMore()) break;
          for (const source of await pages.next()) {
            const key = politenessKeyOf(source.feedUrl);
            const ours = decided.get(key);
            if (ours === true) batch.push(source);
            else if (ours === undefined) pending.set(key, [...(pending.get(key) ?? []), source]);
          }
          continue;
        }
        const [key, sources] = next.value;
        pending.delete(key);
        const name = `${ROUND_DOMAIN_LEASE_PREFIX}${key}`;
        const ours = await acquireLease(db, { name, holder, ttlMs: input.ttlMs, now: settings.clock.now() });
        decided.set(key, ours);
        if (!ours) continue;
        claimed.push(name);
        batch.push(...sources);
        taken += 1;
      }
      handed += batch.length;
      return interleaveByHost(batch);
    },
    hasMore: () => pending.size > 0 || pages.hasMore(),
    dueCount: () => handed,
    // What the other instances did not take is theirs or the next round's, not this walk's.
    notTaken: () => 0,
    async release() {
      for (const name of claimed.splice(0)) await releaseLease(db, { name, holder });
    },
  };
}

/** The due list's pages in order; done once a page comes back short. */
function readDuePages(db: Db, now: Date, limit: number) {
  let after: DueCursor | null = null;
  let done = false;
  return {
    hasMore: () => !done,
    async next(): Promise<ListedSource[]> {
      if (done) return [];
      const page = await listDuePage(db, { now, after, limit });
      after = page.last;
      done = page.sources.length < limit;
      return page.sources;
    },
  };
}
