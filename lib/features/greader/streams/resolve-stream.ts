import "server-only";
// A parsed stream id looked up: a label is a folder by its name, a feed a source by its id (or,
// as FreshRSS accepts too, by its feed URL). Null when the folder or source does not exist: the
// caller answers 404, and writes nothing.
import type { Db } from "@/lib/db/client";
import type { StreamId } from "@/lib/features/greader/protocol/stream-id";
import type { StreamTarget } from "@/lib/features/greader/streams/select-stream";

export async function resolveStream(db: Db, stream: StreamId): Promise<StreamTarget | null> {
  switch (stream.kind) {
    case "state":
      return { sourceId: null, folderId: null, state: stream.state };
    case "label": {
      const folder = await db.folder.findUnique({ where: { name: stream.name }, select: { id: true } });
      return folder === null ? null : { sourceId: null, folderId: folder.id, state: null };
    }
    case "feed": {
      const source = await db.source.findUnique({ where: { id: stream.sourceId }, select: { id: true } });
      return source === null ? null : { sourceId: source.id, folderId: null, state: null };
    }
    case "feed-url": {
      const source = await db.source.findUnique({ where: { feedUrl: stream.url }, select: { id: true } });
      return source === null ? null : { sourceId: source.id, folderId: null, state: null };
    }
  }
}
