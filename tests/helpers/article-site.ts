// A local site for full-text tests: a feed whose items link to article pages built from the page
// fixtures (tests/fixtures/pages: navigation, ads, comments, scripts, lazy images), served by the
// round world's publisher.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/client";
import { feed, rssFeed, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource } from "@/tests/helpers/round-fixtures";

export function readPageFixture(name: string): string {
  return readFileSync(path.join(__dirname, "..", "fixtures", "pages", `${name}.html`), "utf8");
}

export const htmlPage = (body: string, etag?: string) =>
  feed({ body, contentType: "text/html; charset=utf-8", ...(etag ? { etag } : {}) });

/**
 * Serves a feed at /feed.xml whose items link to `pages` (path → handler), each with a teaser as
 * its content; subscribes a full-text source to it. Returns the source id.
 */
export async function addFullTextSite(
  db: Db,
  publisher: Publisher,
  pages: Record<string, Parameters<Publisher["setRoute"]>[1]>,
  options: { selector?: string | null } = {},
): Promise<number> {
  const paths = Object.keys(pages);
  for (const [pagePath, handler] of Object.entries(pages)) publisher.setRoute(pagePath, handler);
  const items = paths.map((pagePath, index) => ({
    guid: `urn:page:${pagePath}`,
    title: `Article ${index + 1}`,
    link: publisher.url(pagePath),
    description: `Teaser ${index + 1}: read on.`,
    pubDate: new Date(Date.UTC(2026, 10, 1 + index)).toUTCString(),
  }));
  // The channel links to the local site itself, so that a round that looks for icons asks it.
  publisher.setRoute("/feed.xml", feed({ body: rssFeed({ link: publisher.url("/"), items }) }));
  const id = await addDueSource(db, publisher.url("/feed.xml"));
  await db.source.update({
    where: { id },
    data: { fullText: true, fullTextSelector: options.selector ?? null },
  });
  return id;
}
