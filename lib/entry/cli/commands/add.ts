import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { resolveCliUser } from "@/lib/entry/cli/cli-user";
import { fullTextSchema } from "@/lib/reads/sources/full-text-fields";
import { setFullText } from "@/lib/pipeline/store/pages/set-full-text";

export const addUsage =
  "tidings add <url> [--title T] [--folder F] [--full-text] [--selector CSS]   subscribe to a feed (a site URL is searched for its feed); --full-text fetches each new article's page";

export async function runAddCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      title: { type: "string" },
      folder: { type: "string" },
      "full-text": { type: "boolean" },
      selector: { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError("give exactly one URL");
  // Checked before anything is subscribed: a refused selector leaves nothing half done.
  const fullText = fullTextSchema.safeParse({
    fullText: values["full-text"] ? "on" : "off",
    selector: values.selector ?? "",
  });
  if (!fullText.success) throw new UsageError(fullText.error.issues[0]?.message ?? "invalid --selector");
  const user = await resolveCliUser(getDb(), undefined);
  const result = await subscribe(getDb(), roundSettingsFromEnv(getEnv()), {
    userId: user.id,
    url: positionals[0]!,
    title: values.title,
    folderName: values.folder,
  });
  if (result.status === "subscribed") {
    const { fullText: on, selector } = fullText.data;
    if (on || selector !== null) await setFullText(getDb(), { sourceId: result.sourceId, fullText: on, selector });
    console.log(
      `subscribed: source #${result.sourceId} ${result.title} <${result.feedUrl}>, ${result.newArticles} articles${on ? "; full text: their pages are fetched by the next rounds" : ""}`,
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
