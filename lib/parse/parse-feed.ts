// The parse step: one response body in, a normalised and sanitized feed or a classified failure
// out. Expected failures are values; nothing here does I/O or reads the clock.
import { decodeBody } from "./decode-body";
import { detectFormat } from "./detect-format";
import { parseJsonFeed } from "./parse-json-feed";
import { parseXmlFeed } from "./parse-xml-feed";
import { pickDocumentUrl } from "./pick-document-url";
import { readXmlFeed } from "./read-xml-feed";
import { declaresEntities, ENTITY_REFUSAL } from "./refuse-entities";
import { repairXml } from "./repair-xml";
import type { ParseInput, ParseResult } from "./types";

export async function parseFeed(input: ParseInput): Promise<ParseResult> {
  const { text } = decodeBody(input.body, input.contentType);
  const documentUrl = pickDocumentUrl(input.url, input.contentLocation ?? null);
  const detected = detectFormat(text);

  switch (detected.format) {
    case "not_a_feed":
      return { ok: false, errorKind: "not_a_feed", detail: detected.detail };
    case "parse_error":
      return { ok: false, errorKind: "parse", detail: detected.detail };
    case "json":
      return parseJsonFeed(text, documentUrl);
    case "xml": {
      // Checked on the raw prolog, before any parser or repair touches the document.
      if (declaresEntities(detected.doctype)) return { ok: false, errorKind: "parse", detail: ENTITY_REFUSAL };
      const parsed = await parseXmlFeed(repairXml(text), detected.rootName, documentUrl);
      if (!parsed.ok) return { ok: false, errorKind: "parse", detail: parsed.detail };
      return { ok: true, feed: readXmlFeed(parsed.document) };
    }
  }
}
