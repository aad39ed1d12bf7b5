// A named lease in the database: several app instances share one PostgreSQL (or one SQLite
// file), and only the holder of the "round" lease runs a fetch round. A lease expires on its own,
// so an instance that dies mid-round blocks the others for one TTL at most.
import type { Db } from "@/lib/db/prisma-client";
import { execute, insertRow, placeholders } from "@/lib/store/raw-statements";

export const ROUND_LEASE = "round";

/** Takes the lease if it is free, expired, or already ours. True when we hold it now. */
export async function acquireLease(db: Db, input: { name: string; holder: string; ttlMs: number; now: Date }): Promise<boolean> {
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  const insert = insertRow(db, "Lease", { name: input.name, holder: input.holder, acquiredAt: input.now, expiresAt });
  // One conditional upsert: atomic on both databases, so two instances cannot both win. It
  // creates the row the first time; then it changes it (count 1) only if expired or ours.
  const taken = await execute(db, {
    text: `${insert.text} ON CONFLICT ("name") DO UPDATE SET "holder" = excluded."holder", "acquiredAt" = excluded."acquiredAt", "expiresAt" = excluded."expiresAt"
      WHERE "Lease"."expiresAt" < excluded."acquiredAt" OR "Lease"."holder" = excluded."holder"`,
    values: insert.values,
  });
  return taken === 1;
}

export async function releaseLease(db: Db, input: { name: string; holder: string }): Promise<void> {
  const p = placeholders(db);
  await execute(db, { text: `UPDATE "Lease" SET "expiresAt" = ${p(1)} WHERE "name" = ${p(2)} AND "holder" = ${p(3)}`, values: [new Date(0), input.name, input.holder] });
}
