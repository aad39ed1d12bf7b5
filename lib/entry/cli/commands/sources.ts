import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { displayTitleOf } from "@/lib/db/display-title";
import { resolveCliUser } from "@/lib/entry/cli/cli-user";

export const sourcesUsage = "tidings sources [--json]   list your sources with their state";

export async function runSourcesCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean", default: false } }, strict: true });
  const user = await resolveCliUser(getDb(), undefined);
  const subscriptions = await getDb().subscription.findMany({
    where: { userId: user.id },
    orderBy: { sourceId: "asc" },
    select: { customTitle: true, source: { select: SOURCE_COLUMNS } },
  });
  const sources = subscriptions.map(({ customTitle, source }) => ({ ...source, customTitle }));
  if (values.json) {
    console.log(JSON.stringify(sources, null, 2));
    return 0;
  }
  for (const source of sources) {
    const state = source.enabled ? (source.lastOutcome ?? "new") : `disabled (${source.disabledReason ?? "user"})`;
    console.log(
      `#${source.id} ${displayTitleOf(source)} <${source.feedUrl}>  ${state}${source.lastErrorKind ? ` ${source.lastErrorKind}` : ""}  next ${source.nextDueAt.toISOString()} (${source.nextCheckReason})`,
    );
  }
  if (sources.length === 0) console.log("no sources yet: tidings add <url>");
  return 0;
}

const SOURCE_COLUMNS = {
  id: true,
  feedUrl: true,
  title: true,
  enabled: true,
  disabledReason: true,
  lastOutcome: true,
  lastErrorKind: true,
  lastSuccessAt: true,
  nextDueAt: true,
  nextCheckReason: true,
  breakerState: true,
  intervalSeconds: true,
} as const;
