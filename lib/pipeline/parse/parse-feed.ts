// The parse step: one response body in, a normalised and sanitized feed or a classified failure
// out. Expected failures are values; nothing here does I/O or reads the clock.
import { decodeBody } from "./encoding/decode-body";
import { capFeedTexts } from "./items/cap-feed-texts";
import { gatherItems, type ItemBatchSink } from "./items/gather-items";
import { detectFormat } from "./detect-format";
import { parseJsonFeed } from "./formats/parse-json-feed";
import { parseXmlFeed } from "./xml/parse-xml-feed";
import { pickDocumentUrl } from "./pick-document-url";
import { readWholeXmlFeed, readXmlFeed, readXmlItem } from "./formats/read-xml-feed";
import { recoverXmlFeed } from "./xml/recover-xml-feed";
import { declaresEntities, ENTITY_REFUSAL } from "./xml/refuse-entities";
import { repairXml } from "./xml/repair-xml";
import type { ParsedFeed, ParseFailure, ParseInput, ParseResult } from "./contract/types";

/**
 * With a sink, a large feed's items are handed over in batches as the parse finishes them (XML as
 * each item ends, JSON Feed as each entry is read): the result then carries only the items not
 * handed over yet. A recovered XML document's items come whole, in the result.
 */
export async function parseFeed(input: ParseInput, sink?: ItemBatchSink): Promise<ParseResult> {
  const { text, encoding, source } = decodeBody(input.body, input.contentType);
  const documentUrl = pickDocumentUrl(input.url, input.contentLocation ?? null);
  const detected = detectFormat(text);
  const reading = { encoding, encodingSource: source, xmlRecovery: null };

  switch (detected.format) {
    case "not_a_feed":
      return { ok: false, errorKind: "not_a_feed", detail: detected.detail };
    case "parse_error":
      return { ok: false, errorKind: "parse", detail: detected.detail };
    case "json": {
      const parsed = parseJsonFeed(text, documentUrl, gatherItems(sink));
      return parsed.ok ? { ...parsed, feed: capFeedTexts(parsed.feed), reading } : parsed;
    }
    case "xml": {
      // Checked on the raw prolog, before any parser or repair touches the document.
      if (declaresEntities(detected.doctype)) return { ok: false, errorKind: "parse", detail: ENTITY_REFUSAL };
      const parsed = readXml(repairXml(text), detected.rootName, documentUrl, sink);
      if (!parsed.ok) return parsed;
      return { ok: true, feed: capFeedTexts(parsed.feed), reading: { ...reading, xmlRecovery: parsed.recovery } };
    }
  }
}

type XmlRead = { ok: true; feed: ParsedFeed; recovery: string | null } | ParseFailure;

// One path for damaged XML: lexical repairs first (repair-xml.ts: bare "&", HTML entities,
// control characters), then the strict parse; only when that fails, the lenient one on the same
// text, with the strict parser's first error kept as the flag the fetch log shows.
// The strict parse's items are read as each one ends, so only one item's tree is alive at a time.
// Without a sink, the ones read before a failure are dropped with it; with one, the batches already
// handed over stay handed over, and the recovery's items (all of them, the same ones among them)
// follow: the store knows the items it already has.
function readXml(xml: string, rootName: string, documentUrl: string | null, sink?: ItemBatchSink): XmlRead {
  const items = gatherItems(sink);
  const strict = parseXmlFeed(xml, rootName, documentUrl, (item, vocabulary) =>
    items.add(readXmlItem(vocabulary, item)),
  );
  if (strict.ok) return { ok: true, feed: readXmlFeed(strict.head, items.kept()), recovery: null };
  const recovered = recoverXmlFeed(xml, rootName, documentUrl);
  if (recovered === null) return { ok: false, errorKind: "parse", detail: strict.detail };
  return {
    ok: true,
    feed: readWholeXmlFeed(recovered),
    recovery: `recovered from malformed XML: ${strict.detail.replace(/^invalid XML: /, "")}`,
  };
}
