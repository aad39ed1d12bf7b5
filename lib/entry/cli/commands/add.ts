import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { subscribe } from "@/lib/reads/sources/subscribe";

export const addUsage =
  "tidings add <url> [--title T] [--folder F]   subscribe to a feed (a site URL is searched for its feed)";

export async function runAddCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { title: { type: "string" }, folder: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError("give exactly one URL");
  const result = await subscribe(getDb(), roundSettingsFromEnv(getEnv()), {
    url: positionals[0]!,
    title: values.title,
    folderName: values.folder,
  });
  if (result.status === "subscribed") {
    console.log(
      `subscribed: source #${result.sourceId} ${result.title} <${result.feedUrl}>, ${result.newArticles} articles`,
    );
    return 0;
  }
  if (result.status === "choose") {
    console.error("tidings add: the page lists several feeds; run `tidings add` with one of them:");
    for (const candidate of result.candidates)
      console.error(`  ${candidate.url}  ${candidate.title ?? ""} (${candidate.type})`);
    return 1;
  }
  console.error(`tidings add: ${result.message}`);
  return 1;
}
