// Whose a source's own page is (issue 25): the fetch health of a source is the same for everyone
// who follows it (one fetch serves them all), so every subscriber sees it; an admin sees every
// source's. Anyone else gets the same 404 as for a source that does not exist.
import type { Db } from "@/lib/db/client";

export type SourceViewer = { id: number; role: "admin" | "member" };

export async function canSeeSource(db: Db, viewer: SourceViewer, sourceId: number): Promise<boolean> {
  if (viewer.role === "admin") return true;
  const subscription = await db.subscription.findUnique({
    where: { userId_sourceId: { userId: viewer.id, sourceId } },
    select: { id: true },
  });
  return subscription !== null;
}
