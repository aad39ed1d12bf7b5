import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { exportOpml } from "@/lib/reads/sources/export-opml";
import { resolveCliUser } from "@/lib/entry/cli/cli-user";

export const exportUsage =
  "tidings export [--output FILE]   write your sources as OPML 2.0 (folders kept) to stdout or FILE";

export async function runExportCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { output: { type: "string", short: "o" } }, strict: true });
  const user = await resolveCliUser(getDb(), undefined);
  const opml = await exportOpml(getDb(), user.id, new Date());
  if (values.output === undefined) process.stdout.write(opml);
  else await writeFile(values.output, opml);
  return 0;
}
