// Full text: extraction CPU (decode, lazy images, Readability, sanitize: readArticlePage, what a
// round does with each page) for a typical 100 KB article page, for 100 such pages (a round with
// 100 new full-text articles), and the peak memory of a 10 MB page (TIDINGS_MAX_BODY_BYTES).
// CPU time (process.cpuUsage); memory as the peak RSS (resourceUsage().maxRSS) of a fresh child
// process before and after the one page, so that nothing else raised it.
// npx tsx scripts/bench/full-text.ts [--articles 100] [--megabytes 10]
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { parseHTML } from "linkedom";
import type { FetchResult } from "@/lib/pipeline/fetch/types";
import { readArticlePage } from "@/lib/pipeline/parse/full-text/read-article-page";
import { readPageFixture } from "@/tests/helpers/article-site";
import { ms, percentile, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "100" },
    megabytes: { type: "string", default: "10" },
    /** In the child: extract (or only build linkedom's DOM of) one huge page, print the peak RSS growth. */
    "huge-only": { type: "string" },
  },
});
const ARTICLES = Math.max(1, Number(values.articles));
const MEGABYTES = Number(values.megabytes);
const MIB = 1024 * 1024;

/** The news fixture grown to `bytes` the way real pages grow: more story, more comments, more script. */
function articlePage(bytes: number, seed: number): string {
  const base = readPageFixture("news-article").replace("River towns", `River towns ${seed}`);
  const paragraph = `<p>Paragraph ${seed}: the volunteers met again at the barn, sawed, planed and carried the beams. </p>`;
  const comment = `<div class="comment"><p class="comment-author">reader${seed}</p><p>Another comment on the story.</p></div>`;
  const script = `<script>window.__state = ${JSON.stringify({ seed, filler: "x".repeat(400) })};</script>`;
  let page = base;
  const grow = (marker: string, piece: string, share: number) => {
    const target = Math.floor((bytes - base.length) * share);
    page = page.replace(marker, piece.repeat(Math.max(0, Math.ceil(target / piece.length))) + marker);
  };
  grow("<p>The county council said", paragraph, 0.25);
  grow("</section>", comment, 0.35);
  grow("</body>", script, 0.4);
  return page;
}

function asResult(html: string): FetchResult {
  const body = Buffer.from(html);
  const headers = {
    etag: null,
    lastModified: null,
    cacheControl: null,
    expires: null,
    retryAfter: null,
    contentType: "text/html; charset=utf-8",
    contentEncoding: null,
    date: null,
    contentLocation: null,
    link: null,
  };
  const url = "https://news.example/2026/bridges";
  const meta = {
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    permanentRedirectUrl: null,
    httpStatus: 200,
    conditional: false,
    bytesReceived: body.length,
    durationMs: 0,
    laneWaitMs: 0,
    headers,
  };
  return { outcome: "ok", body, meta };
}

function extractCpuMs(result: FetchResult): number {
  const before = process.cpuUsage();
  const verdict = readArticlePage(result, { storedHtml: null, selector: null });
  const used = process.cpuUsage(before);
  if (verdict.state !== "extracted") throw new Error(`the bench page gave no article: ${verdict.detail}`);
  return (used.user + used.system) / 1000;
}

/** Peak RSS growth (bytes) of one huge page, in this process: run only in a fresh child. */
function measureHuge(mode: string): void {
  const huge = asResult(articlePage(MEGABYTES * MIB, 999));
  global.gc?.();
  const before = process.resourceUsage().maxRSS * 1024;
  const cpu = mode === "extract" ? extractCpuMs(huge) : (parseHTML(articlePage(MEGABYTES * MIB, 999)), 0);
  console.log(JSON.stringify({ growth: process.resourceUsage().maxRSS * 1024 - before, cpu }));
}

function hugeInChild(mode: "extract" | "whole-dom"): { growth: number; cpu: number } {
  const output = execFileSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", __filename, "--megabytes", String(MEGABYTES), "--huge-only", mode],
    { encoding: "utf8" },
  );
  return JSON.parse(output.trim().split("\n").at(-1)!) as { growth: number; cpu: number };
}

if (values["huge-only"]) measureHuge(values["huge-only"]);
else main();

function main(): void {
  const typical = asResult(articlePage(100 * 1024, 0));
  extractCpuMs(typical); // warm-up: a server extracts many pages
  const single = Array.from({ length: 9 }, () => extractCpuMs(typical));
  const pages = Array.from({ length: ARTICLES }, (_, n) => asResult(articlePage(100 * 1024, n + 1)));
  const perPage = pages.map(extractCpuMs);
  const total = perPage.reduce((sum, value) => sum + value, 0);
  const huge = hugeInChild("extract");
  // For comparison only: the same page's DOM built whole, without the cut of parse-page-document.ts.
  const whole = hugeInChild("whole-dom");
  const size = typical.outcome === "ok" ? typical.body.length / 1024 : 0;
  printFigures("Full text: extraction", [
    {
      figure: `a ${size.toFixed(0)} KB article page, CPU (median of 9)`,
      value: ms(percentile(single, 50)),
      target: "≤ 50 ms",
    },
    { figure: `${ARTICLES} such pages (a round's extraction), CPU`, value: ms(total, 0), target: "≤ 2,000 ms" },
    { figure: `the slowest of the ${ARTICLES}`, value: ms(Math.max(...perPage)), target: "" },
    {
      figure: `a ${MEGABYTES} MB page: peak RSS growth (CPU ${ms(huge.cpu, 0)})`,
      value: `${(huge.growth / MIB).toFixed(0)} MiB`,
      target: "bounded (DOM cut at 1 M chars)",
    },
    {
      figure: `for comparison: linkedom's DOM of the whole ${MEGABYTES} MB page, peak RSS growth`,
      value: `${(whole.growth / MIB).toFixed(0)} MiB`,
      target: "",
    },
  ]);
}
