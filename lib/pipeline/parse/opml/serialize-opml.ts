// Sources → OPML 2.0 (http://opml.org/spec2.opml): folders become parent outlines, every value is
// XML-escaped, and characters XML 1.0 cannot carry are dropped so the file always parses.
import type { OpmlSource } from "@/lib/pipeline/parse/opml/types";

export function serializeOpml(input: { title: string; dateCreated: Date; sources: readonly OpmlSource[] }): string {
  const folders = new Map<string, OpmlSource[]>();
  const unfiled: OpmlSource[] = [];
  for (const source of input.sources) {
    if (source.folder === null) unfiled.push(source);
    else folders.set(source.folder, [...(folders.get(source.folder) ?? []), source]);
  }
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<opml version="2.0">`,
    `  <head>`,
    `    <title>${escapeXml(input.title)}</title>`,
    `    <dateCreated>${input.dateCreated.toUTCString()}</dateCreated>`,
    `  </head>`,
    `  <body>`,
  ];
  for (const [folder, sources] of folders) {
    lines.push(`    <outline text="${escapeXml(folder)}" title="${escapeXml(folder)}">`);
    for (const source of sources) lines.push(`      ${feedOutline(source)}`);
    lines.push(`    </outline>`);
  }
  for (const source of unfiled) lines.push(`    ${feedOutline(source)}`);
  lines.push(`  </body>`, `</opml>`, ``);
  return lines.join("\n");
}

function feedOutline(source: OpmlSource): string {
  const title = escapeXml(source.title);
  const site = source.siteUrl ? ` htmlUrl="${escapeXml(source.siteUrl)}"` : "";
  return `<outline type="rss" text="${title}" title="${title}" xmlUrl="${escapeXml(source.feedUrl)}"${site}/>`;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\n": "&#10;",
  "\r": "&#13;",
  "\t": "&#9;",
};

export function escapeXml(value: string): string {
  return value
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      "",
    )
    .replace(/[&<>"'\n\r\t]/g, (char) => XML_ESCAPES[char]!);
}
