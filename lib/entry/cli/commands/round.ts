import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { runRound } from "@/lib/pipeline/round/run-round";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { withAlerts } from "@/lib/features/alerts/evaluate-alerts";

export const roundUsage = "tidings round [--source ID]   run one fetch round now (or fetch one source now)";

export async function runRoundCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { source: { type: "string" } }, strict: true });
  const sourceId = values.source === undefined ? undefined : Number(values.source);
  if (sourceId !== undefined && !(Number.isInteger(sourceId) && sourceId > 0))
    throw new UsageError(`--source needs a source id, got "${values.source}"`);
  const report = await runRound(getDb(), withAlerts(roundSettingsFromEnv(getEnv())), {
    trigger: sourceId === undefined ? "cli" : "manual",
    sourceId,
  });
  if (report.status === "skipped") {
    // Nothing due, or another instance is at work: not a failure of a plain round.
    if (sourceId === undefined) console.log(`round skipped: ${report.reason}`);
    else console.error(`tidings round: skipped: ${report.reason}`);
    return sourceId === undefined ? 0 : 1;
  }
  for (const line of report.lines) {
    const kind = line.errorKind ? ` ${line.errorKind}` : "";
    console.log(
      `#${line.sourceId} ${line.url}  ${line.outcome}${kind}  status=${line.httpStatus ?? "-"}  new=${line.newArticles}  bytes=${line.bytes}  ${line.ms}ms${line.detail ? `  (${line.detail})` : ""}`,
    );
  }
  const { tally } = report;
  console.log(
    `round ${report.roundId}: ${tally.sourcesAttempted} of ${tally.sourcesDue} due sources fetched: ok=${tally.okCount} not_modified=${tally.notModifiedCount} error=${tally.errorCount} new=${tally.newArticles} bytes=${tally.bytesReceived}${tally.offline ? " (offline: network errors not counted)" : ""}${tally.budgetExhausted ? " (time budget exhausted; the rest stay due)" : ""}`,
  );
  if (report.status === "failed") {
    console.error(`tidings round: failed: ${report.reason}`);
    return 1;
  }
  return 0;
}
