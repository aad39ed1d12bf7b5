import "server-only";
// A parsed stream id looked up among one user's folders and subscriptions: a label is a folder by
// its name, a feed a source by its id (or, as FreshRSS accepts too, by its feed URL). Null when
// the user has no such folder or subscription: the caller answers 404, and writes nothing.
import type { Db } from "@/lib/db/client";
import type { StreamId } from "@/lib/features/greader/protocol/stream-id";
import type { StreamTarget } from "@/lib/features/greader/streams/select-stream";

export async function resolveStream(db: Db, userId: number, stream: StreamId): Promise<StreamTarget | null> {
  switch (stream.kind) {
    case "state":
      return { sourceId: null, folderId: null, state: stream.state };
    case "label": {
      const folder = await db.userFolder.findUnique({
        where: { userId_name: { userId, name: stream.name } },
        select: { id: true },
      });
      return folder === null ? null : { sourceId: null, folderId: folder.id, state: null };
    }
    case "feed": {
      const followed = await db.subscription.findFirst({
        where: { userId, sourceId: stream.sourceId },
        select: { sourceId: true },
      });
      return followed === null ? null : { sourceId: followed.sourceId, folderId: null, state: null };
    }
    case "feed-url": {
      const followed = await db.subscription.findFirst({
        where: { userId, source: { feedUrl: stream.url } },
        select: { sourceId: true },
      });
      return followed === null ? null : { sourceId: followed.sourceId, folderId: null, state: null };
    }
  }
}
