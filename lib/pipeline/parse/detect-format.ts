// Decides which parser a decoded body goes to, from its first bytes and root element alone.
import { scanProlog } from "./encoding/scan-prolog";

export type DetectedFormat =
  | { format: "json" }
  | { format: "xml"; rootName: string; doctype: string | null }
  | { format: "not_a_feed"; detail: string }
  | { format: "parse_error"; detail: string };

const FEED_ROOTS = new Set(["rss", "RDF", "feed"]);
const HTML_ROOTS = new Set(["html", "head", "body"]);
const HTML_PAGE = "the server sent an HTML page, not a feed";

export function detectFormat(text: string): DetectedFormat {
  const start = text.search(/\S/);
  if (start === -1) return { format: "not_a_feed", detail: "the response body is empty" };
  const first = text.charAt(start);
  if (first === "{") return { format: "json" };
  if (first !== "<") return { format: "not_a_feed", detail: "the body is neither XML nor a JSON Feed" };

  if (/^<!doctype\s+html/i.test(text.slice(start, start + 20))) return { format: "not_a_feed", detail: HTML_PAGE };
  const { rootName, doctype } = scanProlog(text.slice(start));
  if (!rootName) return { format: "parse_error", detail: "invalid XML: no root element" };
  const localName = rootName.slice(rootName.indexOf(":") + 1);
  if (HTML_ROOTS.has(localName.toLowerCase())) return { format: "not_a_feed", detail: HTML_PAGE };
  if (!FEED_ROOTS.has(localName)) {
    return { format: "not_a_feed", detail: `the document's root element is <${rootName}>, not rss, rdf:RDF or feed` };
  }
  return { format: "xml", rootName, doctype };
}
