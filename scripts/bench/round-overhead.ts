// Round overhead: N sources all answering 304 from a local publisher. Time per source spent in
// Tidings = (round wall time − time inside the HTTP exchanges) / N.
// npx tsx scripts/bench/round-overhead.ts [--sources 1000] [--postgres]
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { evaluateAlerts } from "@/lib/features/alerts/evaluate-alerts";
import { ms, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: { sources: { type: "string", default: "1000" }, postgres: { type: "boolean", default: false } },
});
const SOURCES = Number(values.sources);

async function main(): Promise<void> {
  if (values.postgres) process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/test";
  else delete process.env.DATABASE_URL;
  const server = createServer((_request, response) => void response.writeHead(304, { ETag: '"same"' }).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const database = await createFreshDatabase();
  try {
    await database.db.source.createMany({
      data: Array.from({ length: SOURCES }, (_, index) => ({
        feedUrl: `http://127.0.0.1:${port}/feed${index}.xml`,
        title: `Feed ${index}`,
        etag: '"same"',
        nextDueAt: new Date(Date.now() - 1000),
      })),
    });
    const started = performance.now();
    const report = await runRound(database.db, testRoundSettings({ budgetMs: 3_600_000 }), { trigger: "cli" });
    const total = performance.now() - started;
    if (report.status !== "completed") throw new Error(`round skipped: ${report.reason}`);
    const network = report.lines.reduce((sum, line) => sum + line.ms, 0);
    // The round above included one alert evaluation; a second one alone shows its share.
    const evaluationStarted = performance.now();
    await evaluateAlerts(database.db, {
      now: new Date(),
      fetchedSourceIds: report.lines.map((line) => line.sourceId),
      env: {},
    });
    const evaluation = performance.now() - evaluationStarted;
    const perSource = (total - network) / SOURCES;
    printFigures(`Round overhead (${values.postgres ? "PostgreSQL" : "SQLite"})`, [
      {
        figure: `round of ${SOURCES} sources answering 304, ${values.postgres ? "PostgreSQL" : "SQLite"}: Tidings time per source`,
        value: ms(perSource, 2),
        target: "≤ 2 ms",
      },
      { figure: `same round: wall time (network ${ms(network, 0)})`, value: ms(total, 0), target: "—" },
      {
        figure: "same round: outcomes",
        value: `${report.tally.notModifiedCount} not_modified, ${report.tally.errorCount} errors`,
        target: `${SOURCES} not_modified`,
      },
      {
        figure: `alert evaluation after that round (its ${SOURCES} sources' inputs read and judged), per source`,
        value: ms(evaluation / SOURCES, 2),
        target: "≤ 1 ms",
      },
    ]);
  } finally {
    server.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
