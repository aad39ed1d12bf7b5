// A named lease in the database: several app instances share one PostgreSQL (or one SQLite
// file), and only the holder of the "round" lease runs a fetch round. A lease expires on its own,
// so an instance that dies mid-round blocks the others for one TTL at most; one whose holder's
// process is known to be gone (the caller judges, lib/pipeline/round/holder-process.ts) is free at once.
import type { Db } from "@/lib/db/client";
import { execute, insertRow, placeholders, selectRows } from "@/lib/db/raw-statements";

export const ROUND_LEASE = "round";
/** A registrable domain claimed for a round by one of the instances sharing it (lib/round/source-feed.ts). */
export const ROUND_DOMAIN_LEASE_PREFIX = "round-domain:";

export type LeaseHolderProcess = { host: string; pid: number; bootId: string | null; startTicks: string | null };

export type AcquireLeaseInput = {
  name: string;
  holder: string;
  ttlMs: number;
  now: Date;
  /** The process taking the lease, recorded with it. */
  process?: LeaseHolderProcess;
  /** Whether the process recorded with someone else's live lease is certainly gone. */
  isHolderGone?: (holder: LeaseHolderProcess) => boolean;
};

/** Takes the lease if it is free, expired, already ours, or its holder's process is gone. True when we hold it now. */
export async function acquireLease(db: Db, input: AcquireLeaseInput): Promise<boolean> {
  const fields = leaseFields(input);
  const insert = insertRow(db, "Lease", { name: input.name, ...fields });
  const assignments = Object.keys(fields)
    .map((column) => `"${column}" = excluded."${column}"`)
    .join(", ");
  // One conditional upsert: atomic on both databases, so two instances cannot both win. It
  // creates the row the first time; then it changes it (count 1) only if expired or ours.
  const taken = await execute(db, {
    text: `${insert.text} ON CONFLICT ("name") DO UPDATE SET ${assignments}
      WHERE "Lease"."expiresAt" < excluded."acquiredAt" OR "Lease"."holder" = excluded."holder"`,
    values: insert.values,
  });
  if (taken === 1) return true;
  return input.isHolderGone ? takeFromGoneHolder(db, input, input.isHolderGone) : false;
}

type HeldLease = {
  holder: string;
  holderHost: string | null;
  holderPid: number | null;
  holderBootId: string | null;
  holderStartTicks: string | null;
};

async function takeFromGoneHolder(
  db: Db,
  input: AcquireLeaseInput,
  isHolderGone: (holder: LeaseHolderProcess) => boolean,
): Promise<boolean> {
  const p = placeholders(db);
  const [held] = await selectRows<HeldLease>(db, {
    text: `SELECT "holder", "holderHost", "holderPid", "holderBootId", "holderStartTicks" FROM "Lease" WHERE "name" = ${p(1)}`,
    values: [input.name],
  });
  if (!held || held.holderHost === null || held.holderPid === null) return false;
  const gone = isHolderGone({
    host: held.holderHost,
    pid: Number(held.holderPid),
    bootId: held.holderBootId,
    startTicks: held.holderStartTicks,
  });
  if (!gone) return false;
  // Compare-and-set on the dead holder: of two instances that both saw it dead, one wins.
  const fields = leaseFields(input);
  const columns = Object.keys(fields);
  const changed = await execute(db, {
    text: `UPDATE "Lease" SET ${columns.map((column, index) => `"${column}" = ${p(index + 1)}`).join(", ")} WHERE "name" = ${p(columns.length + 1)} AND "holder" = ${p(columns.length + 2)}`,
    values: [...Object.values(fields), input.name, held.holder],
  });
  return changed === 1;
}

function leaseFields(input: AcquireLeaseInput) {
  return {
    holder: input.holder,
    acquiredAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    holderHost: input.process?.host ?? null,
    holderPid: input.process?.pid ?? null,
    holderBootId: input.process?.bootId ?? null,
    holderStartTicks: input.process?.startTicks ?? null,
  };
}

/**
 * Frees the lease at once, or from `until` on (a domain's turn stays taken for its gap). Held on
 * until then, it no longer names its process: the gap stands even if that process exits at once.
 */
export async function releaseLease(db: Db, input: { name: string; holder: string; until?: Date }): Promise<void> {
  const p = placeholders(db);
  const forgetProcess = input.until ? `, "holderPid" = NULL` : "";
  await execute(db, {
    text: `UPDATE "Lease" SET "expiresAt" = ${p(1)}${forgetProcess} WHERE "name" = ${p(2)} AND "holder" = ${p(3)}`,
    values: [input.until ?? new Date(0), input.name, input.holder],
  });
}

/** Forgets the leases named `prefix…` that expired before `before` (a domain's turn is a row while it matters). */
export async function deleteExpiredLeases(db: Db, prefix: string, before: Date): Promise<number> {
  const p = placeholders(db);
  return execute(db, {
    text: `DELETE FROM "Lease" WHERE "name" LIKE ${p(1)} AND "expiresAt" < ${p(2)}`,
    values: [`${prefix.replace(/[%_]/g, "")}%`, before],
  });
}
