// Parse: the ingest bench's 1,000-item feed (headlines, links, dates) and a 10 MB feed of items
// with ordinary article markup, each
// parsed and normalised (decode, XML parse, tree, item mapping, sanitize) by parseFeed. CPU
// time (process.cpuUsage: user + system, so a busy machine slows it less than wall time), the
// median of several runs after a warm-up, as a long-running server sees it.
// npx tsx scripts/bench/parse.ts [--items 1000] [--megabytes 10] [--runs 7]
import { parseArgs } from "node:util";
import { decodeBody } from "@/lib/pipeline/parse/encoding/decode-body";
import { detectFormat } from "@/lib/pipeline/parse/detect-format";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import { parseXmlFeed } from "@/lib/pipeline/parse/xml/parse-xml-feed";
import { readWholeXmlFeed } from "@/lib/pipeline/parse/formats/read-xml-feed";
import type { XmlElement } from "@/lib/pipeline/parse/xml/xml-tree";
import { repairXml } from "@/lib/pipeline/parse/xml/repair-xml";
import { bigRssFeed, headlinesFeed } from "@/tests/helpers/big-feed";
import { ms, percentile, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "1000" },
    megabytes: { type: "string", default: "10" },
    runs: { type: "string", default: "7" },
  },
});
const ITEMS = Number(values.items);
const MEGABYTES = Number(values.megabytes);
const RUNS = Math.max(1, Number(values.runs));

async function cpuMilliseconds(body: Buffer): Promise<{ cpu: number; items: number }> {
  const before = process.cpuUsage();
  const result = await parseFeed({
    body,
    contentType: "application/rss+xml",
    url: "https://publisher.example/feed.xml",
  });
  const used = process.cpuUsage(before);
  if (!result.ok) throw new Error(`the bench feed did not parse: ${result.detail}`);
  return { cpu: (used.user + used.system) / 1000, items: result.feed.items.length };
}

async function medianCpu(body: Buffer, runs: number): Promise<{ cpu: number; items: number }> {
  await cpuMilliseconds(body); // warm-up: compiled code and caches, as in a running server
  const samples: number[] = [];
  let items = 0;
  for (let run = 0; run < runs; run++) {
    const sample = await cpuMilliseconds(body);
    samples.push(sample.cpu);
    items = sample.items;
  }
  return { cpu: percentile(samples, 50), items };
}

// Where the big feed's time goes, phase by phase (the steps parseFeed takes for XML), so the next
// speed-up starts from a measurement: median CPU ms per phase.
function phaseCpu(body: Buffer, runs: number): Record<string, number> {
  const samples: Record<string, number[]> = {};
  const timed = <T>(phase: string, run: () => T): T => {
    const before = process.cpuUsage();
    const result = run();
    const used = process.cpuUsage(before);
    (samples[phase] ??= []).push((used.user + used.system) / 1000);
    return result;
  };
  for (let run = 0; run < runs; run++) {
    const { text } = timed("decode", () => decodeBody(body, "application/rss+xml"));
    const detected = detectFormat(text);
    const rootName = detected.format === "xml" ? detected.rootName : "rss";
    const repaired = timed("lexical repairs", () => repairXml(text));
    // The items' trees are kept here only to time the two phases apart; parseFeed reads each as it ends.
    const items: XmlElement[] = [];
    const parsed = timed("XML parse and tree", () =>
      parseXmlFeed(repaired, rootName, "https://publisher.example/feed.xml", (item) => items.push(item)),
    );
    if (parsed.ok) timed("item mapping and sanitize", () => readWholeXmlFeed({ ...parsed.head, items }));
  }
  return Object.fromEntries(Object.entries(samples).map(([phase, values]) => [phase, percentile(values, 50)]));
}

async function main(): Promise<void> {
  const itemFeed = Buffer.from(headlinesFeed(ITEMS, "Parse bench"));
  const bigFeed = bigRssFeed(MEGABYTES * 1024 * 1024);
  const small = await medianCpu(itemFeed, RUNS);
  const big = await medianCpu(bigFeed, Math.max(1, Math.ceil(RUNS / 3)));
  const phases = phaseCpu(bigFeed, Math.max(1, Math.ceil(RUNS / 3)));
  // The targets are for the full sizes; a smoke run only shows that the bench still works.
  const target = (limit: string, size: number, full: number, unit: string) =>
    size === full ? `≤ ${limit}` : `≤ ${limit} at ${full} ${unit}`;
  printFigures("Parse", [
    {
      figure: `${small.items}-item feed (${(itemFeed.length / 1024).toFixed(0)} KB) parsed and normalised, CPU`,
      value: ms(small.cpu),
      target: target("40 ms", ITEMS, 1000, "items"),
    },
    {
      figure: `${MEGABYTES} MB feed (${big.items} items) parsed and normalised, CPU`,
      value: ms(big.cpu, 0),
      target: target("1000 ms", MEGABYTES, 10, "MB"),
    },
    ...Object.entries(phases).map(([phase, cpu]) => ({
      figure: `${MEGABYTES} MB feed: ${phase}, CPU`,
      value: ms(cpu, 0),
      target: "(share of the above)",
    })),
  ]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
