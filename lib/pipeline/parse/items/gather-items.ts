// Where a parse puts each finished item. A large feed's items go on, `ITEM_BATCH_SIZE` at a time,
// to a sink (the parse worker stores each batch before it reads on), so that neither the parse nor
// its caller ever holds them all; without a sink they are kept, for the feed's own list.
import type { ParsedItem } from "../contract/types";
import { capItemTexts } from "./cap-feed-texts";

/** Takes one batch of a large feed's items; the parse waits while it is stored. */
export type ItemBatchSink = (items: ParsedItem[]) => void;

export const ITEM_BATCH_SIZE = 500;

export type ItemGatherer = {
  add(item: ParsedItem): void;
  /** The items not handed over: the whole list without a sink, the last part-batch with one. */
  kept(): ParsedItem[];
};

export function gatherItems(sink?: ItemBatchSink): ItemGatherer {
  let items: ParsedItem[] = [];
  return {
    add(item) {
      items.push(item);
      if (!sink || items.length < ITEM_BATCH_SIZE) return;
      // Capped here, since the feed's capFeedTexts will not see them. An Atom entry handed over
      // before the feed names its author (RFC 4287 lets it come after the entries) keeps none.
      sink(items.map(capItemTexts));
      items = [];
    },
    kept: () => items,
  };
}
