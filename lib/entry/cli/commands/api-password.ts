import { parseArgs } from "node:util";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { readPassword } from "@/lib/entry/cli/commands/password";
import { resolveCliUser } from "@/lib/entry/cli/cli-user";
import { apiCredentialsSchema, deriveApiCredentials } from "@/lib/features/auth/api-credentials";
import { clearApiCredentials, saveApiCredentials } from "@/lib/features/auth/api-credential-store";

export const apiPasswordUsage =
  "tidings api-password [--user NAME] [--clear]   set a user's API password for feed apps (read from stdin), or remove it";

export async function runApiPasswordCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { clear: { type: "boolean" }, user: { type: "string" } },
    strict: true,
  });
  const user = await resolveCliUser(getDb(), values.user);
  if (values.clear) {
    await clearApiCredentials(getDb(), user.id);
    console.log(`API password of "${user.name}" removed: their feed apps are refused from now on`);
    return 0;
  }
  const parsed = apiCredentialsSchema.safeParse({ password: await readPassword("New API password") });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    throw new UsageError((errors.password ?? []).join("; ").toLowerCase());
  }
  await saveApiCredentials(getDb(), user.id, await deriveApiCredentials({ user: user.name, ...parsed.data }));
  console.log(`API password set for user "${user.name}"; apps use it at once (the web password is unchanged)`);
  return 0;
}
