// The one transaction helper: several model-API writes (and the reads that decide them) all or
// nothing. The raw-SQL path has its own atomic batch (runAtomically in raw-statements.ts), built on
// this one where it needs a transaction. Nothing outside lib/db calls `$transaction` (a lint rule).
import type { Db, Tx } from "@/lib/db/prisma-client";

/**
 * How long a transaction may take, by what it holds. Ordinary: Prisma's defaults (2 s to start,
 * 5 s to finish), which fail fast when another writer holds SQLite. Bulk: marking thousands of
 * articles read, an OPML import, a first fetch of a huge feed, whose own statements take long.
 */
export type TransactionSize = "ordinary" | "bulk";

const BULK_LIMITS = { maxWait: 30_000, timeout: 120_000 };

export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, size: TransactionSize = "ordinary"): Promise<T> {
  return size === "bulk" ? db.$transaction(work, BULK_LIMITS) : db.$transaction(work);
}
