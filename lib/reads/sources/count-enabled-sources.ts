import "server-only";
import { getDb } from "@/lib/db/client";

/** Sources the rounds walk (paused ones are not asked): "Refresh" says how many were not due. */
export async function countEnabledSources(): Promise<number> {
  return getDb().source.count({ where: { enabled: true } });
}
