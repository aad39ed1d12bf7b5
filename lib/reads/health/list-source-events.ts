import "server-only";
import { getDb } from "@/lib/db/client";

/** The source's own history (added, URL changes, disabled/enabled, breaker), newest first. */
export async function listSourceEvents(sourceId: number, limit = 50) {
  return getDb().sourceEvent.findMany({ where: { sourceId }, orderBy: [{ at: "desc" }, { id: "desc" }], take: limit });
}
