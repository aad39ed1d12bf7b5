// A parsed feed's short texts cut to their documented lengths (lib/text-limits.ts), so that no feed
// can make the sidebar, the list or a page heavy: the title a source takes from its feed, each
// item's title and author, its GUID and its link. The article's content is its body and keeps its
// length (the fetch's body limit bounds it).
import {
  capText,
  MAX_ARTICLE_TITLE_LENGTH,
  MAX_AUTHOR_LENGTH,
  MAX_ITEM_URL_LENGTH,
  MAX_SOURCE_TITLE_LENGTH,
} from "@/lib/base/text-limits";
import type { ParsedFeed, ParsedItem } from "../contract/types";
import { capItemId } from "./dedupe-key";

export function capFeedTexts(feed: ParsedFeed): ParsedFeed {
  return {
    ...feed,
    title: feed.title === null ? null : capText(feed.title, MAX_SOURCE_TITLE_LENGTH),
    items: feed.items.map(capItemTexts),
  };
}

export function capItemTexts(item: ParsedItem): ParsedItem {
  const title = capText(item.title, MAX_ARTICLE_TITLE_LENGTH);
  const author = item.author === null ? null : capText(item.author, MAX_AUTHOR_LENGTH);
  const guid = item.guid === null ? null : capItemId(item.guid);
  const url = item.url === null ? null : capItemUrl(item.url);
  const same = title === item.title && author === item.author && guid === item.guid && url === item.url;
  return same ? item : { ...item, title, author, guid, url };
}

// A link is never cut (half a link leads elsewhere): without its fragment if that fits, else none,
// and the item is then known by its GUID or its content (dedupe-key.ts).
function capItemUrl(url: string): string | null {
  if (url.length <= MAX_ITEM_URL_LENGTH) return url;
  const page = url.split("#", 1)[0]!;
  return page.length <= MAX_ITEM_URL_LENGTH ? page : null;
}
