import { readFile, stat } from "node:fs/promises";
import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { MAX_OPML_BYTES } from "@/lib/pipeline/parse/opml/limits";
import { importOpml } from "@/lib/reads/sources/import-opml";
import { resolveCliUser } from "@/lib/entry/cli/cli-user";

export const importUsage =
  "tidings import <file.opml> [--json]   subscribe to the feeds of an OPML file (they are fetched by the next rounds, not now)";

export async function runImportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError("give exactly one OPML file");
  const file = positionals[0]!;
  const size = (await stat(file)).size;
  if (size > MAX_OPML_BYTES) {
    console.error(
      `tidings import: ${file} is ${size} bytes; the limit is ${MAX_OPML_BYTES} (split it into smaller files)`,
    );
    return 1;
  }
  const text = (await readFile(file)).toString("utf8");
  const user = await resolveCliUser(getDb(), undefined);
  const report = await importOpml(
    getDb(),
    user.id,
    text,
    { allowPrivateNetworks: getEnv().TIDINGS_ALLOW_PRIVATE_NETWORKS },
    new Date(),
  );
  if (!report.ok) {
    console.error(`tidings import: ${file}: ${report.error}`);
    return 1;
  }
  if (values.json) {
    console.log(JSON.stringify({ added: report.added, skipped: report.skipped }, null, 2));
    return 0;
  }
  for (const skip of report.skipped) console.log(`skipped: ${skip.url ?? skip.title ?? "(outline)"}: ${skip.reason}`);
  console.log(
    `imported ${report.added.length} feeds, skipped ${report.skipped.length}; the next rounds fetch them one at a time`,
  );
  return 0;
}
