/**
 * Simulated readers for load tests and benchmarks: plain fetch loops against a running app.
 * Each reader walks the article list page by page (following nextCursor), then asks for the
 * sidebar and the server-rendered home page, and starts over, until keepGoing() says stop,
 * pausing `thinkMs` between requests (people read; fifty tight loops would be a flood, not readers).
 * Every response must be a 200 with a valid body; anything else is recorded in `errors`
 * (never thrown, so one bad answer does not hide the others).
 *
 *   const stats = await simulateReaders({ baseUrl: server.url, readers: 50, keepGoing: () => !done });
 *   expect(stats.errors).toEqual([]);
 *   console.log(describeLatencies("list API", stats.latencies.list));
 */
import type { ArticlePage, Sidebar } from "@/lib/reads/articles/dto";
import { percentile } from "@/scripts/bench/bench-output";

export type ReaderStats = {
  latencies: { list: number[]; sidebar: number[]; home: number[] };
  errors: string[];
  /** Complete walks (list pages, sidebar, home page). */
  walks: number;
};

export type ReaderOptions = {
  baseUrl: string;
  readers: number;
  keepGoing: () => boolean;
  /** List pages per walk (a reader scrolling down), 5 by default. */
  pagesPerWalk?: number;
  /** Pause between two requests of one reader; the readers start spread over one pause. */
  thinkMs?: number;
};

export async function simulateReaders(options: ReaderOptions): Promise<ReaderStats> {
  const stats: ReaderStats = { latencies: { list: [], sidebar: [], home: [] }, errors: [], walks: 0 };
  await Promise.all(Array.from({ length: options.readers }, (_, reader) => readLoop(options, reader, stats)));
  return stats;
}

async function readLoop(options: ReaderOptions, reader: number, stats: ReaderStats): Promise<void> {
  // Half the readers look at everything, half at what is unread (the default view).
  const scope = reader % 2 === 0 ? "" : "unread=true";
  const thinkMs = options.thinkMs ?? 0;
  const think = (ms = thinkMs) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
  await think((thinkMs * reader) / options.readers);
  while (options.keepGoing()) {
    const seen = new Set<number>();
    let cursor: string | null = null;
    let previous: { publishedAt: string; id: number } | null = null;
    for (let page = 0; page < (options.pagesPerWalk ?? 5) && options.keepGoing(); page++) {
      const query = [scope, cursor ? `cursor=${encodeURIComponent(cursor)}` : ""].filter(Boolean).join("&");
      await think();
      const body = await timedGet(
        options.baseUrl,
        `/api/articles${query ? `?${query}` : ""}`,
        stats.latencies.list,
        stats.errors,
        "json",
      );
      const problem = body === null ? "no page" : checkPage(body as ArticlePage, seen, previous);
      if (problem) {
        if (body !== null) stats.errors.push(`/api/articles?${query}: ${problem}`);
        break;
      }
      const { items, nextCursor } = body as ArticlePage;
      const last = items.at(-1);
      if (last) previous = { publishedAt: last.publishedAt, id: last.id };
      cursor = nextCursor;
      if (cursor === null) break;
    }
    if (!options.keepGoing()) return;
    await think();
    const sidebar = await timedGet(options.baseUrl, "/api/sidebar", stats.latencies.sidebar, stats.errors, "json");
    if (sidebar !== null && !isSidebar(sidebar))
      stats.errors.push(`/api/sidebar: not a sidebar: ${JSON.stringify(sidebar).slice(0, 200)}`);
    if (!options.keepGoing()) return;
    await think();
    const home = await timedGet(options.baseUrl, "/", stats.latencies.home, stats.errors, "text");
    // The server-rendered reader (not the empty state, not an error page).
    if (home !== null && !String(home).includes('aria-label="Article list"'))
      stats.errors.push(`/: the reader is not in the page: ${String(home).slice(0, 200)}`);
    stats.walks += 1;
  }
}

/** GET, timed from the request to the end of the body; null (and an error) unless a 200. */
async function timedGet(
  baseUrl: string,
  path: string,
  latencies: number[],
  errors: string[],
  as: "json" | "text",
): Promise<unknown> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`);
    const text = await response.text();
    latencies.push(performance.now() - started);
    if (response.status !== 200) {
      errors.push(`${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
      return null;
    }
    return as === "json" ? JSON.parse(text) : text;
  } catch (error) {
    // fetch() says only "fetch failed"; the cause says what happened to the connection.
    const cause = (error as Error).cause as (Error & { code?: string }) | undefined;
    const detail = cause ? `: ${cause.code ?? cause.name} ${cause.message}` : "";
    errors.push(`${path}: ${(error as Error).message}${detail} after ${(performance.now() - started).toFixed(0)} ms`);
    return null;
  }
}

/** A page must be well-formed, newest first, continue where the last one stopped, and repeat nothing. */
function checkPage(
  page: ArticlePage,
  seen: Set<number>,
  previous: { publishedAt: string; id: number } | null,
): string | null {
  if (
    !Array.isArray(page.items) ||
    typeof page.latestId !== "number" ||
    !(page.nextCursor === null || typeof page.nextCursor === "string")
  ) {
    return `not an article page: ${JSON.stringify(page).slice(0, 200)}`;
  }
  let before = previous;
  for (const item of page.items) {
    if (typeof item.id !== "number" || typeof item.title !== "string" || Number.isNaN(Date.parse(item.publishedAt)))
      return `malformed item ${JSON.stringify(item).slice(0, 200)}`;
    if (seen.has(item.id)) return `article ${item.id} repeated across pages`;
    seen.add(item.id);
    if (
      before &&
      (Date.parse(item.publishedAt) > Date.parse(before.publishedAt) ||
        (item.publishedAt === before.publishedAt && item.id > before.id))
    ) {
      return `article ${item.id} out of order after ${before.id}`;
    }
    before = item;
  }
  return null;
}

function isSidebar(value: unknown): value is Sidebar {
  const sidebar = value as Sidebar;
  return (
    typeof sidebar.unread === "number" &&
    typeof sidebar.starred === "number" &&
    Array.isArray(sidebar.folders) &&
    Array.isArray(sidebar.sources)
  );
}

/** "list API: 1234 requests, p50 12.3 ms, p95 45.6 ms, max 78.9 ms". */
export function describeLatencies(label: string, latencies: number[]): string {
  const max = latencies.length === 0 ? Number.NaN : Math.max(...latencies);
  return `${label}: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${max.toFixed(1)} ms`;
}
