import "server-only";
import { getDb } from "@/lib/db/client";

/** The latest fetch rounds, newest first. */
export async function listRecentRounds(limit: number) {
  return getDb().round.findMany({ orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: limit });
}

export type RoundRow = Awaited<ReturnType<typeof listRecentRounds>>[number];
