// The fleet's schedule drift roll-up (FetchDrift): each scheduled feed fetch adds one to the count
// of its UTC hour and drift bucket, in the fetch's own transaction (writeFetch, in
// lib/pipeline/store/fetch/record-fetch.ts), so that /health's drift chart and the alert's last
// 24 hours rank a few hundred buckets an hour instead of the raw log (about 160,000 rows a day at
// 10,000 sources).
//
// A bucket is the drift rounded toward zero to two significant digits, and never finer than
// 100 ms: 4,270 ms → 4,200; 14 min 59 s → 14 min 50 s. A median or p95 read from the buckets is
// the lower bound of the bucket the exact nearest-rank value falls in: at most 10% (and below
// 1 s, 100 ms) under it, never over it. Exact figures would need every value (the raw log), and
// the chart shows two digits ("4.2 s", "15 min") anyway. The bucket count is bounded whatever the
// fleet's size: 90 a decade, about 650 from 100 ms to the 32-bit column's 24.8 days.
//
// Migration 0035 filled the roll-up from the kept log with this rule written in SQL (its CASE);
// tests/integration/migrations.test.ts checks the two agree.
import type { Db } from "@/lib/db/client";
import { insertOrAdd, type Statement } from "@/lib/db/raw-statements";

const FINEST_STEP_MS = 100;

/** The drift's bucket: rounded toward zero to two significant digits, in steps of at least 100 ms. */
export function driftBucketMs(driftMs: number): number {
  let step = FINEST_STEP_MS;
  while (Math.abs(driftMs) >= step * 100) step *= 10;
  // `|| 0`: a small negative drift truncates to -0, which is the bucket 0.
  return Math.trunc(driftMs / step) * step || 0;
}

/** The roll-up's hour key of a fetch's start: 'YYYY-MM-DDTHH' (UTC), which sorts as time does. */
export function driftHour(at: Date): string {
  return at.toISOString().slice(0, 13);
}

/**
 * The statement that counts one fetch in the roll-up; null when the fetch has no drift (not
 * scheduled: "fetch now", a subscription's first fetch, a WebSub push). Only the feed's own fetches
 * come here (writeFetch): drift is one of the feed's own rules (lib/base/fetch-kinds.ts).
 */
export function driftRollupStatement(db: Db, fetch: { startedAt: Date; driftMs: number | null }): Statement | null {
  if (fetch.driftMs === null) return null;
  return insertOrAdd(
    db,
    "FetchDrift",
    ["hour", "driftMs"],
    { hour: driftHour(fetch.startedAt), driftMs: driftBucketMs(fetch.driftMs), fetches: 1 },
    ["fetches"],
  );
}
