// OPML 1.0/2.0 subscription lists → entries to import, and a list of what was skipped and why.
// htmlparser2 in xmlMode is event-based (no tree, no recursion) and never fetches or expands
// anything; a DOCTYPE is refused outright (no subscription list needs one, and it is how entity
// bombs and XXE arrive). Nested folders are flattened into "Parent / Child".
import { Parser } from "htmlparser2";
import { scanProlog } from "@/lib/pipeline/parse/encoding/scan-prolog";
import {
  MAX_FOLDER_LENGTH,
  MAX_OPML_BYTES,
  MAX_OPML_OUTLINES,
  MAX_TITLE_LENGTH,
} from "@/lib/pipeline/parse/opml/limits";
import { normalizeFeedUrl } from "@/lib/pipeline/parse/opml/normalize-feed-url";
import type { OpmlEntry, OpmlSkip, ParsedOpml } from "@/lib/pipeline/parse/opml/types";
import { capText } from "@/lib/base/text-limits";

type Frame = { folder: string | null; isFolder: boolean; name: string | null; children: number };

class TooManyOutlines extends Error {}

export function parseOpml(input: string): ParsedOpml {
  const text = input.replace(/^\uFEFF/, "");
  if (Buffer.byteLength(text, "utf8") > MAX_OPML_BYTES)
    return { ok: false, error: `the file is larger than ${MAX_OPML_BYTES / 1024 / 1024} MB` };
  if (!text.trimStart().startsWith("<"))
    return { ok: false, error: "not an XML file (OPML is XML: it starts with <?xml or <opml>)" };
  const prolog = scanProlog(text);
  if (prolog.doctype !== null)
    return { ok: false, error: "the file has a DOCTYPE declaration (refused: entity expansion risk)" };
  if (prolog.rootName?.toLowerCase() !== "opml") {
    return {
      ok: false,
      error: prolog.rootName
        ? `not an OPML file: the root element is <${prolog.rootName}>, not <opml>`
        : "not an XML file: no root element",
    };
  }

  const entries: OpmlEntry[] = [];
  const skipped: OpmlSkip[] = [];
  const seen = new Set<string>();
  const stack: Frame[] = [];
  let outlines = 0;
  let title: string | null = null;
  let inHeadTitle = false;

  const parser = new Parser(
    {
      onopentag(name, rawAttrs) {
        const tag = name.toLowerCase();
        if (tag === "title" && stack.length === 0) inHeadTitle = true;
        if (tag !== "outline") return;
        outlines += 1;
        if (outlines > MAX_OPML_OUTLINES) throw new TooManyOutlines();
        const attrs = lowerKeys(rawAttrs);
        const parent = stack.at(-1) ?? null;
        if (parent) parent.children += 1;
        const folder = parent?.folder ?? null;
        const label = clean(attrs.title) ?? clean(attrs.text);
        if (attrs.xmlurl !== undefined && attrs.xmlurl.trim() !== "") {
          addEntry(attrs.xmlurl, label, folder, attrs.htmlurl);
          stack.push({ folder, isFolder: false, name: label, children: 0 });
          return;
        }
        const folderName = clean(attrs.text) ?? clean(attrs.title);
        stack.push({ folder: joinFolder(folder, folderName), isFolder: true, name: folderName, children: 0 });
      },
      ontext(data) {
        if (inHeadTitle) title = (title ?? "") + data;
      },
      onclosetag(name) {
        const tag = name.toLowerCase();
        if (tag === "title") inHeadTitle = false;
        if (tag !== "outline") return;
        const frame = stack.pop();
        // A folder-like outline with no outlines inside is an entry without a feed address.
        if (frame?.isFolder && frame.children === 0)
          skipped.push({ url: null, title: frame.name, reason: "no xmlUrl: neither a feed nor a folder" });
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );

  function addEntry(rawUrl: string, label: string | null, folder: string | null, rawSite: string | undefined): void {
    const check = normalizeFeedUrl(rawUrl);
    if (!check.ok) {
      skipped.push({ url: rawUrl.trim().slice(0, 300), title: label, reason: check.reason });
      return;
    }
    if (seen.has(check.url)) {
      skipped.push({ url: check.url, title: label, reason: "listed twice in this file" });
      return;
    }
    seen.add(check.url);
    // The site link is a nicety: a bad one is dropped, never a reason to skip the feed.
    const site = rawSite === undefined ? null : normalizeFeedUrl(rawSite);
    entries.push({
      url: check.url,
      title: label === null ? null : capText(label, MAX_TITLE_LENGTH),
      folder,
      siteUrl: site?.ok ? site.url : null,
    });
  }

  try {
    parser.end(text);
  } catch (error) {
    if (error instanceof TooManyOutlines)
      return {
        ok: false,
        error: `the file has more than ${MAX_OPML_OUTLINES.toLocaleString("en")} outlines (split it into smaller files)`,
      };
    throw error;
  }
  if (outlines === 0) return { ok: false, error: "no outlines: the file lists no feeds" };
  return { ok: true, title: clean(title ?? undefined), entries, skipped };
}

function lowerKeys(attrs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attrs).map(([key, value]) => [key.toLowerCase(), value]));
}

function clean(value: string | undefined): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text : null;
}

function joinFolder(parent: string | null, name: string | null): string | null {
  const joined = [parent, name].filter((part): part is string => part !== null).join(" / ");
  return joined === "" ? null : capText(joined, MAX_FOLDER_LENGTH);
}
