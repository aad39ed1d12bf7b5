// Full text: extraction CPU (decode, lazy images, Readability, sanitize: what a round does with
// each page, in the parse stage's worker as the round runs it) for a typical 100 KB article page,
// for 100 such pages (a round with 100 new full-text articles), and the peak memory of a 10 MB page
// (TIDINGS_MAX_BODY_BYTES). CPU time (process.cpuUsage: every thread of the process, the worker's
// included); memory as the peak RSS (resourceUsage().maxRSS) of a fresh child process before and
// after the one page, so that nothing else raised it. The main thread's longest stall while the
// 10 MB page is read (monitorEventLoopDelay) shows what readers' requests would wait: in the worker,
// and inline for comparison.
// npx tsx scripts/bench/full-text.ts [--articles 100] [--megabytes 10]
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseHTML } from "linkedom";
import type { FetchResult } from "@/lib/pipeline/fetch/types";
import { extractArticle } from "@/lib/pipeline/parse/full-text/extract-article";
import { judgeExtraction, preparePage } from "@/lib/pipeline/parse/full-text/read-article-page";
import { extractArticleOffThread } from "@/lib/pipeline/round/extract-off-thread";
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

type HugeMode = "worker" | "inline" | "whole-dom";
type HugeFigures = { growth: number; cpu: number; stallMs: number };

async function extractCpuMs(result: FetchResult, where: "worker" | "inline" = "worker"): Promise<number> {
  const before = process.cpuUsage();
  const prepared = preparePage(result, { storedHtml: null, selector: null });
  if (prepared.state !== "prepared") throw new Error(`the bench page was refused: ${prepared.detail}`);
  const extract = where === "worker" ? extractArticleOffThread : extractArticle;
  const verdict = judgeExtraction(prepared, await extract(prepared.extraction));
  const used = process.cpuUsage(before);
  if (verdict.state !== "extracted") throw new Error(`the bench page gave no article: ${verdict.detail}`);
  return (used.user + used.system) / 1000;
}

/** Lets the event loop turn a few times, so that the delay monitor records what came before. */
const nextTurns = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Peak RSS growth (bytes), CPU and the main thread's longest stall of one huge page: run only in a fresh child. */
async function measureHuge(mode: HugeMode): Promise<void> {
  const huge = asResult(articlePage(MEGABYTES * MIB, 999));
  // A warm worker, as in a round's stream of pages: its start is not the page's cost.
  if (mode === "worker") await extractCpuMs(asResult(articlePage(100 * 1024, 0)), mode);
  global.gc?.();
  const before = process.resourceUsage().maxRSS * 1024;
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  // The first turn only starts the monitor's clock: a stall before it would go unrecorded.
  await nextTurns();
  const cpu = mode === "whole-dom" ? (parseHTML(articlePage(MEGABYTES * MIB, 999)), 0) : await extractCpuMs(huge, mode);
  // The loop's delay is recorded when it turns again: a stall still under way is not yet counted.
  await nextTurns();
  stalls.disable();
  const figures: HugeFigures = {
    growth: process.resourceUsage().maxRSS * 1024 - before,
    cpu,
    stallMs: stalls.max / 1e6,
  };
  console.log(JSON.stringify(figures));
}

function hugeInChild(mode: HugeMode): HugeFigures {
  const output = execFileSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", __filename, "--megabytes", String(MEGABYTES), "--huge-only", mode],
    { encoding: "utf8" },
  );
  return JSON.parse(output.trim().split("\n").at(-1)!) as HugeFigures;
}

void (values["huge-only"] ? measureHuge(values["huge-only"] as HugeMode) : main());

/** One after another, as the round extracts its pages. */
async function eachCpuMs(results: FetchResult[], where: "worker" | "inline"): Promise<number[]> {
  const figures: number[] = [];
  for (const result of results) figures.push(await extractCpuMs(result, where));
  return figures;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function main(): Promise<void> {
  const typical = asResult(articlePage(100 * 1024, 0));
  await extractCpuMs(typical); // warm-up (the worker starts): a server extracts many pages
  await extractCpuMs(typical, "inline");
  const single = await eachCpuMs(
    Array.from({ length: 9 }, () => typical),
    "worker",
  );
  const singleInline = await eachCpuMs(
    Array.from({ length: 9 }, () => typical),
    "inline",
  );
  const pages = Array.from({ length: ARTICLES }, (_, n) => asResult(articlePage(100 * 1024, n + 1)));
  const perPage = await eachCpuMs(pages, "worker");
  const total = sum(perPage);
  // Inline in the same run: the worker's overhead as a ratio, whatever else loads the machine.
  const totalInline = sum(await eachCpuMs(pages, "inline"));
  const huge = hugeInChild("worker");
  const inline = hugeInChild("inline");
  // For comparison only: the same page's DOM built whole, without the cut of parse-page-document.ts.
  const whole = hugeInChild("whole-dom");
  const size = typical.outcome === "ok" ? typical.body.length / 1024 : 0;
  printFigures("Full text: extraction", [
    {
      figure: `a ${size.toFixed(0)} KB article page, CPU (median of 9)`,
      value: ms(percentile(single, 50)),
      target: "≤ 50 ms",
    },
    { figure: `the same page inline, CPU (median of 9)`, value: ms(percentile(singleInline, 50)), target: "" },
    { figure: `${ARTICLES} such pages (a round's extraction), CPU`, value: ms(total, 0), target: "≤ 2,000 ms" },
    {
      figure: `the same ${ARTICLES} pages inline, CPU (worker / inline ${(total / totalInline).toFixed(2)})`,
      value: ms(totalInline, 0),
      target: "",
    },
    { figure: `the slowest of the ${ARTICLES}`, value: ms(Math.max(...perPage)), target: "" },
    {
      figure: `a ${MEGABYTES} MB page: peak RSS growth (CPU ${ms(huge.cpu, 0)})`,
      value: `${(huge.growth / MIB).toFixed(0)} MiB`,
      target: "bounded (DOM cut at 1 M chars)",
    },
    {
      figure: `the main thread's longest stall during the ${MEGABYTES} MB page, extracted in the worker`,
      value: ms(huge.stallMs),
      target: "",
    },
    {
      figure: `for comparison: the same page extracted inline, the main thread's longest stall`,
      value: ms(inline.stallMs),
      target: "",
    },
    {
      figure: `for comparison: linkedom's DOM of the whole ${MEGABYTES} MB page, peak RSS growth`,
      value: `${(whole.growth / MIB).toFixed(0)} MiB`,
      target: "",
    },
  ]);
}
