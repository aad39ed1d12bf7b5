// Round rows: one per fetch round, with its counts per outcome.
import type { Db } from "@/lib/db/prisma-client";

export type RoundTrigger = "cron" | "cli" | "manual";

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
};

export async function startRound(db: Db, input: { trigger: RoundTrigger; instanceId: string; startedAt: Date }): Promise<number> {
  const round = await db.round.create({ data: input, select: { id: true } });
  return round.id;
}

export async function finishRound(db: Db, input: { roundId: number; finishedAt: Date; tally: RoundTally }): Promise<void> {
  await db.round.update({ where: { id: input.roundId }, data: { finishedAt: input.finishedAt, ...input.tally } });
}
