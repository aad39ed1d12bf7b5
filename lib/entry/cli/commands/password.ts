import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { hashPassword } from "@/lib/features/auth/password-hash";
import { deleteSetting, writeSetting } from "@/lib/settings/setting-store";
import { endAllSessions } from "@/lib/features/auth/sessions";

export const passwordUsage = "tidings password [--clear]   set the login password (read from stdin), or remove it";

export async function runPasswordCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { clear: { type: "boolean" } }, strict: true });
  if (values.clear) {
    await deleteSetting(getDb(), "passwordHash");
    await endAllSessions(getDb());
    console.log("password removed: after a restart Tidings listens on 127.0.0.1 only, without a login");
    return 0;
  }
  const password = await readPassword();
  if (password.length < 8) throw new UsageError("use at least 8 characters");
  if (password.length > 1024) throw new UsageError("use at most 1024 characters");
  await writeSetting(getDb(), "passwordHash", await hashPassword(password));
  // At once, not at the restart: a reset because a session was stolen must end it now.
  const ended = await endAllSessions(getDb());
  console.log(
    `password set (stored as an scrypt hash); restart Tidings for it to take effect. ${ended} session(s) ended now.`,
  );
  return 0;
}

/** The first line of stdin: typed at a prompt, or piped (`printf '%s' "$PW" | tidings password`). */
export async function readPassword(prompt = "New password"): Promise<string> {
  const lines = createInterface({
    input: process.stdin,
    output: process.stdin.isTTY ? process.stdout : undefined,
    terminal: false,
  });
  try {
    if (process.stdin.isTTY) process.stdout.write(`${prompt} (shown as you type; or pipe it in): `);
    for await (const line of lines) return line;
    return "";
  } finally {
    lines.close();
  }
}
