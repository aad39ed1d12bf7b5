// A fingerprint of what the parse step makes of every file in the development corpus, so a
// faster parse can be proven to give the same output without committing third-party feeds or
// their contents: only a sha256 per file is checked in (tests/fixtures/corpus-golden.json,
// written by scripts/corpus-golden.ts).
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { ParseResult } from "@/lib/pipeline/parse/contract/types";

const FEED_EXTENSIONS = new Set([".xml", ".rss", ".atom", ".rdf", ".json"]);
// The origin scripts/conformance.ts gives the corpus documents, so relative links resolve alike.
const DOCUMENT_ORIGIN = "http://example.com";

/** Relative path → sha256 of the normalised output, for every feed file under `root`. */
export async function digestCorpus(root: string): Promise<Record<string, string>> {
  const files = (await listFiles(root)).filter((file) => FEED_EXTENSIONS.has(path.extname(file).toLowerCase())).sort();
  const digests: Record<string, string> = {};
  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    const body = await readFile(file);
    const header = readCorpusHeader(body.toString("latin1"));
    const result = await parseFeed({
      body,
      contentType: header.contentType,
      contentLocation: header.contentLocation,
      url: `${DOCUMENT_ORIGIN}/${relative}`,
    });
    digests[relative] = createHash("sha256")
      .update(JSON.stringify(normalisedOutput(result)))
      .digest("hex");
  }
  return digests;
}

/** feedparser's test files carry their HTTP headers and expectation in a leading comment. */
export function readCorpusHeader(text: string): {
  expect: string | null;
  contentType: string | null;
  contentLocation: string | null;
} {
  const comment = /<!--([\s\S]*?)-->/.exec(text.slice(0, 4096))?.[1] ?? "";
  const line = (pattern: RegExp) => pattern.exec(comment)?.[1]?.trim() ?? null;
  return {
    expect: line(/^\s*Expect:(.*)$/m),
    contentType: line(/^\s*Header:\s*Content-type:(.*)$/im),
    contentLocation: line(/^\s*Header:\s*Content-Location:(.*)$/im),
  };
}

// What a reader sees: every feed and item field, the encoding used, whether the XML was
// recovered, the failure kind. Not the wording of a parser's error message: which parser
// reports the error is an implementation detail, what is kept is not.
function normalisedOutput(result: ParseResult): unknown {
  if (!result.ok) return { ok: false, errorKind: result.errorKind };
  const { feed, reading } = result;
  return {
    ok: true,
    encoding: reading.encoding,
    recovered: reading.xmlRecovery !== null,
    kind: feed.kind,
    title: feed.title,
    siteUrl: feed.siteUrl,
    ttlSeconds: feed.ttlSeconds,
    items: feed.items.map((item) => ({ ...item, publishedAt: item.publishedAt?.toISOString() ?? null })),
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}
