// Memory of the running server through a round of one feed of 100,000 items (5 MB, as the issue's
// attack): the production build (`npm run build` first) on SQLite (or --postgres), a local
// publisher, the round started by POST /api/rounds, and the server process's RSS read from
// /proc before, at its peak during the round, right after, and for a minute after.
// npx tsx scripts/bench/big-feed-memory.ts [--items 100000] [--settle-seconds 60] [--postgres]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer } from "@/tests/helpers/app-server";
import { addDueSource } from "@/tests/helpers/round-fixtures";
import { feed, startPublisher } from "@/tests/helpers/publisher";
import { printFigures } from "./bench-output";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "100000" },
    "settle-seconds": { type: "string", default: "60" },
    postgres: { type: "boolean", default: false },
  },
});
const ITEMS = Number(values.items);
const SETTLE_MS = Number(values["settle-seconds"]) * 1000;
const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;

/** The smallest items a feed can have: a guid and a title (about 54 bytes each). */
function bigFeed(items: number): string {
  const parts = [
    '<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><link>https://big.example/</link>',
  ];
  for (let n = 0; n < items; n += 1) parts.push(`<item><guid>urn:b:${n}</guid><title>T${n}</title></item>`);
  parts.push("</channel></rss>");
  return parts.join("");
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  return Number(line?.[1] ?? 0) * 1024;
}

async function main(): Promise<void> {
  if (!values.postgres) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/test";
  const body = bigFeed(ITEMS);
  const publisher = await startPublisher({ "/big.xml": feed({ body }) });
  const database = await createFreshDatabase();
  const server = await startAppServer({
    DATABASE_URL: database.url,
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
    TIDINGS_ROBOTS: "off",
    TIDINGS_HOST_GAP_MS: "0",
  });
  try {
    const pid = server.pid!;
    await addDueSource(database.db, publisher.url("/big.xml"));
    // Warm: a page and an API call, so that "before" is a server that has served something.
    await (await fetch(`${server.url}/api/sidebar`)).text();
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
    const started = performance.now();
    const answer = (await (await fetch(`${server.url}/api/rounds`, { method: "POST" })).json()) as {
      tally?: { newArticles: number; errorCount: number };
    };
    const roundSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = rssOf(pid);
    const settled: number[] = [];
    const settleStarted = performance.now();
    while (performance.now() - settleStarted < SETTLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, SETTLE_MS)));
      settled.push(rssOf(pid));
    }
    const stored = await database.db.article.count();
    printFigures(`Memory of the server through a ${ITEMS.toLocaleString("en")}-item feed`, [
      { figure: "feed size", value: `${(Buffer.byteLength(body) / MIB).toFixed(1)} MiB`, target: "" },
      {
        figure: `round (POST /api/rounds), articles stored`,
        value: `${roundSeconds.toFixed(1)} s, ${stored.toLocaleString("en")} (${answer.tally?.errorCount ?? "?"} errors)`,
        target: `${ITEMS.toLocaleString("en")} stored`,
      },
      { figure: "server RSS before the round", value: mib(before), target: "" },
      { figure: "server RSS at its peak during the round", value: mib(peak), target: "bounded" },
      { figure: "server RSS right after the round", value: mib(after), target: "" },
      {
        figure: `server RSS every 5 s for ${SETTLE_MS / 1000} s after`,
        value: settled.map(mib).join(" → "),
        target: "< 400 MiB within a minute",
      },
      {
        figure: "server RSS a minute after, against before (idle)",
        value: `${((settled.at(-1) ?? after) / before).toFixed(2)}×`,
        target: "",
      },
    ]);
  } finally {
    await server.stop();
    await publisher.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
