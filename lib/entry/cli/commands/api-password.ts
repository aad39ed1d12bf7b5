import { parseArgs } from "node:util";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { readPassword } from "@/lib/entry/cli/commands/password";
import { apiCredentialsSchema, DEFAULT_API_USER, deriveApiCredentials } from "@/lib/features/auth/api-credentials";
import { clearApiCredentials, readApiCredentials, saveApiCredentials } from "@/lib/features/auth/api-credential-store";

export const apiPasswordUsage =
  "tidings api-password [--user NAME] [--clear]   set the feed apps' API password (read from stdin), or remove it";

export async function runApiPasswordCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { clear: { type: "boolean" }, user: { type: "string" } },
    strict: true,
  });
  if (values.clear) {
    await clearApiCredentials(getDb());
    console.log("API password removed: the Fever API now answers every app with auth 0");
    return 0;
  }
  const stored = await readApiCredentials(getDb());
  const parsed = apiCredentialsSchema.safeParse({
    user: values.user ?? stored.user ?? DEFAULT_API_USER,
    password: await readPassword("New API password"),
  });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    throw new UsageError([...(errors.user ?? []), ...(errors.password ?? [])].join("; ").toLowerCase());
  }
  await saveApiCredentials(getDb(), await deriveApiCredentials(parsed.data));
  console.log(`API password set for user "${parsed.data.user}"; apps use it at once (the web password is unchanged)`);
  return 0;
}
