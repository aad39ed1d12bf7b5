// Fetch rows written straight into the log, as rounds would have left them, with the drift roll-up
// counted by the store's own rule (lib/pipeline/store/fetch/drift-rollup.ts): a test of the drift
// figures sets the log's days up without running a round for each row.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/sqlite";
import { runAtomically } from "@/lib/db/raw-statements";
import { driftRollupStatement } from "@/lib/pipeline/store/fetch/drift-rollup";

export async function addLoggedFetches(
  db: Db,
  rows: Array<Prisma.FetchCreateManyInput & { startedAt: Date; driftMs?: number | null }>,
): Promise<void> {
  await db.fetch.createMany({ data: rows });
  // Only the feed's own fetches count in the roll-up (writeFetch's rule): a page's or an icon's has no drift.
  // One statement each, as each fetch writes its own: PostgreSQL refuses one statement that adds
  // to the same row twice, and runAtomically merges a batch into one statement.
  for (const row of rows) {
    if ((row.kind ?? "feed") !== "feed") continue;
    const statement = driftRollupStatement(db, { startedAt: row.startedAt, driftMs: row.driftMs ?? null });
    if (statement) await runAtomically(db, [statement]);
  }
}
