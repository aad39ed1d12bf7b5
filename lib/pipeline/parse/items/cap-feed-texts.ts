// A parsed feed's short texts cut to their documented lengths (lib/text-limits.ts), so that no feed
// can make the sidebar, the list or a page heavy: the title a source takes from its feed, each
// item's title and author. The article's content is its body and keeps its length (the fetch's
// body limit bounds it).
import { capText, MAX_ARTICLE_TITLE_LENGTH, MAX_AUTHOR_LENGTH, MAX_SOURCE_TITLE_LENGTH } from "@/lib/base/text-limits";
import type { ParsedFeed, ParsedItem } from "../contract/types";

export function capFeedTexts(feed: ParsedFeed): ParsedFeed {
  return {
    ...feed,
    title: feed.title === null ? null : capText(feed.title, MAX_SOURCE_TITLE_LENGTH),
    items: feed.items.map(capItemTexts),
  };
}

function capItemTexts(item: ParsedItem): ParsedItem {
  const title = capText(item.title, MAX_ARTICLE_TITLE_LENGTH);
  const author = item.author === null ? null : capText(item.author, MAX_AUTHOR_LENGTH);
  return title === item.title && author === item.author ? item : { ...item, title, author };
}
