// Round rows: one per fetch round, with its counts per outcome. The hot statements are plain SQL
// (raw-statements.ts): in a one-source round ("fetch now") Prisma's query compiler would
// otherwise cost more than the fetch's own statements.
import { FEED_ONLY } from "@/lib/base/fetch-kinds";
import type { Db } from "@/lib/db/client";
import { execute, insertRow, placeholders, selectRows, updateById } from "@/lib/db/raw-statements";
import { ROUND_DOMAIN_LEASE_PREFIX } from "@/lib/pipeline/store/fetch/lease";

/**
 * Who started a round: the scheduler (`cron`), `tidings round` (`cli`), POST /api/rounds, which the
 * reader's Refresh and scripts call (`api`), or "fetch now" on one source (`manual`).
 */
export type RoundTrigger = "cron" | "cli" | "api" | "manual";

export type RoundTally = {
  sourcesDue: number;
  sourcesAttempted: number;
  okCount: number;
  notModifiedCount: number;
  errorCount: number;
  newArticles: number;
  bytesReceived: number;
  offline: boolean;
  budgetExhausted: boolean;
  /** Due sources not reached before the budget ran out. */
  leftForBudget: number;
  /** Due sources whose host's Retry-After hold outlasted the round (set aside, never asked). */
  leftForHostHold: number;
};

export async function startRound(
  db: Db,
  input: { trigger: RoundTrigger; instanceId: string; startedAt: Date },
): Promise<number> {
  const insert = insertRow(db, "Round", input);
  const [round] = await selectRows<{ id: number }>(db, {
    text: `${insert.text} RETURNING "id"`,
    values: insert.values,
  });
  return round!.id;
}

export async function finishRound(
  db: Db,
  input: { roundId: number; finishedAt: Date; tally: RoundTally },
): Promise<void> {
  await execute(db, updateById(db, "Round", input.roundId, { finishedAt: input.finishedAt, ...input.tally }));
}

/**
 * Rounds whose process died before finishing them (kill -9, power loss) would look "running"
 * forever. Called under the round lease, when no round can be running anywhere, it marks them
 * interrupted and counts what their committed fetches did (each fetch is its own transaction).
 */
export async function markInterruptedRounds(db: Db, now = new Date()): Promise<number> {
  // A round of an instance that still holds domains for it (rounds shared on PostgreSQL) is running.
  const p = placeholders(db);
  const orphans = await selectRows<{ id: number }>(db, {
    text: `SELECT "id" FROM "Round" WHERE "finishedAt" IS NULL AND "interrupted" = false
      AND NOT EXISTS (SELECT 1 FROM "Lease" WHERE "Lease"."holder" = "Round"."instanceId"
        AND "Lease"."name" LIKE ${p(1)} AND "Lease"."expiresAt" > ${p(2)})`,
    values: [`${ROUND_DOMAIN_LEASE_PREFIX}%`, now],
  });
  for (const { id } of orphans) {
    await db.round.update({ where: { id }, data: { interrupted: true, ...(await countCommittedFetches(db, id)) } });
  }
  return orphans.length;
}

/**
 * A round that its own database stopped (disk full, PostgreSQL gone): finished, with the reason,
 * and with what its committed fetches did (the walk's own tally may not have survived the fault).
 */
export async function failRound(db: Db, input: { roundId: number; finishedAt: Date; failure: string }): Promise<void> {
  const counts = await countCommittedFetches(db, input.roundId);
  await execute(
    db,
    updateById(db, "Round", input.roundId, {
      finishedAt: input.finishedAt,
      failure: input.failure.slice(0, MAX_FAILURE_LENGTH),
      ...counts,
    }),
  );
}

const MAX_FAILURE_LENGTH = 500;

async function countCommittedFetches(db: Db, roundId: number) {
  const groups = await db.fetch.groupBy({
    by: ["outcome"],
    // The round's sources: their feed requests (pages and icons are costs, not sources attempted).
    where: { roundId, ...FEED_ONLY },
    _count: true,
    _sum: { newArticles: true, bytesReceived: true },
  });
  const count = (outcome: string) => groups.find((group) => group.outcome === outcome)?._count ?? 0;
  const sum = (field: "newArticles" | "bytesReceived") =>
    groups.reduce((total, group) => total + (group._sum[field] ?? 0), 0);
  return {
    sourcesAttempted: groups.reduce((total, group) => total + group._count, 0),
    okCount: count("ok"),
    notModifiedCount: count("not_modified"),
    errorCount: count("error"),
    newArticles: sum("newArticles"),
    bytesReceived: sum("bytesReceived"),
  };
}
