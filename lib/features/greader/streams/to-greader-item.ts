// An article as a Google Reader item (stream/contents, stream/items/contents), in the shape
// FreshRSS and Miniflux answer. Pure. Times: `timestampUsec` and `published` are the article's
// publication time, the key streams are ordered by (as Miniflux has them); `crawlTimeMsec` is when
// Tidings first stored it. The body is the sanitized HTML the parse step stored, the same the web
// reader shows, under both `summary` and `content` (apps read one or the other).
import { formatLongItemId } from "@/lib/features/greader/protocol/item-id";
import { feedStreamId, formatStreamId, labelStreamId } from "@/lib/features/greader/protocol/stream-id";
import type { StreamItemRow } from "@/lib/features/greader/streams/stream-rows-sql";
import { parseEnclosures, webUrlOrNull } from "@/lib/reads/articles/to-dto";

type Link = { href: string; type: string };
type Text = { direction: "ltr"; content: string };

export type GReaderItem = {
  id: string;
  crawlTimeMsec: string;
  timestampUsec: string;
  published: number;
  updated: number;
  title: string;
  canonical: { href: string }[];
  alternate: Link[];
  summary: Text;
  content: Text;
  author: string;
  origin: { streamId: string; title: string; htmlUrl: string };
  categories: string[];
  enclosure: { href: string; type: string; length?: number }[];
};

export const READING_LIST_ID = formatStreamId({ kind: "state", state: "reading-list" });
const READ_ID = formatStreamId({ kind: "state", state: "read" });
const STARRED_ID = formatStreamId({ kind: "state", state: "starred" });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toGReaderItem(row: StreamItemRow): GReaderItem {
  const url = webUrlOrNull(row.url);
  const body: Text = { direction: "ltr", content: row.content ?? row.summary ?? "" };
  return {
    id: formatLongItemId(row.id),
    crawlTimeMsec: String(row.firstSeenAt.getTime()),
    timestampUsec: `${row.publishedAt.getTime()}000`,
    published: seconds(row.publishedAt),
    updated: seconds(row.updatedAt ?? row.publishedAt),
    title: row.title,
    canonical: url === null ? [] : [{ href: url }],
    alternate: url === null ? [] : [{ href: url, type: "text/html" }],
    summary: body,
    content: body,
    author: row.author ?? "",
    origin: {
      streamId: feedStreamId(row.sourceId),
      title: row.sourceTitle,
      htmlUrl: webUrlOrNull(row.sourceSiteUrl) ?? "",
    },
    categories: [
      READING_LIST_ID,
      ...(row.folderName === null ? [] : [labelStreamId(row.folderName)]),
      ...(row.unreadMark === null ? [READ_ID] : []),
      ...(row.starredAt === null ? [] : [STARRED_ID]),
    ],
    enclosure: parseEnclosures(row.enclosures).map((enclosure) => ({
      href: enclosure.url,
      // Google Reader's enclosures always carry a type; a feed that gave none is said to be binary.
      type: enclosure.type ?? "application/octet-stream",
      ...(enclosure.length === null ? {} : { length: enclosure.length }),
    })),
  };
}
