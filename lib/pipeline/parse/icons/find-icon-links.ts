// A site's home page → the icons it names, best first: <link rel="icon"> (and "shortcut icon")
// in document order, then apple-touch-icon (larger, but made for a home screen). Only the head is
// read: what comes before <body>, at most MAX_HEAD_CHARS. Pure.
import { Parser } from "htmlparser2";
import { resolveUrl } from "../sanitize/resolve-url";

const MAX_LINKS = 8;
const MAX_HEAD_CHARS = 200_000;

export function findIconLinks(html: string, pageUrl: string): string[] {
  const icons: string[] = [];
  const touch: string[] = [];
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "base" && attributes.href) base = resolveUrl(attributes.href, pageUrl) ?? base;
        if (name !== "link" || !attributes.href) return;
        const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
        const url = resolveUrl(attributes.href, base);
        if (url === null) return;
        if (rel.includes("icon")) icons.push(url);
        else if (rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed")) touch.push(url);
      },
    },
    { decodeEntities: true },
  );
  const body = html.search(/<body[\s>]/i);
  parser.end(html.slice(0, body < 0 ? MAX_HEAD_CHARS : Math.min(body, MAX_HEAD_CHARS)));
  return [...new Set([...icons, ...touch])].slice(0, MAX_LINKS);
}
