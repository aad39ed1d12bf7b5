import "server-only";
import { getDb } from "@/lib/db/client";

/** Whether the user follows the source: what a source's own actions (fetch now, re-extract, icon) ask first. */
export async function followsSource(userId: number, sourceId: number): Promise<boolean> {
  return (await getDb().subscription.count({ where: { userId, sourceId } })) > 0;
}
