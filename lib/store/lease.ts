// A named lease in the database: several app instances share one PostgreSQL (or one SQLite
// file), and only the holder of the "round" lease runs a fetch round. A lease expires on its own,
// so an instance that dies mid-round blocks the others for one TTL at most.
import type { Db } from "@/lib/db/prisma-client";

export const ROUND_LEASE = "round";

/** Takes the lease if it is free, expired, or already ours. True when we hold it now. */
export async function acquireLease(db: Db, input: { name: string; holder: string; ttlMs: number; now: Date }): Promise<boolean> {
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  await ensureLeaseRow(db, input.name);
  // One conditional UPDATE: atomic on both databases, so two instances cannot both win.
  const taken = await db.lease.updateMany({
    where: { name: input.name, OR: [{ expiresAt: { lt: input.now } }, { holder: input.holder }] },
    data: { holder: input.holder, acquiredAt: input.now, expiresAt },
  });
  return taken.count === 1;
}

export async function releaseLease(db: Db, input: { name: string; holder: string }): Promise<void> {
  await db.lease.updateMany({ where: { name: input.name, holder: input.holder }, data: { expiresAt: new Date(0) } });
}

async function ensureLeaseRow(db: Db, name: string): Promise<void> {
  const existing = await db.lease.findUnique({ where: { name }, select: { name: true } });
  if (existing) return;
  try {
    await db.lease.create({ data: { name, holder: "", acquiredAt: new Date(0), expiresAt: new Date(0) } });
  } catch (error) {
    // Another instance created it between our read and our write: that is fine (P2002).
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
}
