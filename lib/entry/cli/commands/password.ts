import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { claimFirstAdmin } from "@/lib/features/auth/users";
import { setUserPassword } from "@/lib/features/auth/user-accounts";
import { newPasswordSchema } from "@/lib/features/auth/user-input";
import { endUserSessions } from "@/lib/features/auth/sessions";

export const passwordUsage =
  "tidings password [--clear]   set the first admin's login password (read from stdin), or remove it (others: tidings user passwd)";

export async function runPasswordCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { clear: { type: "boolean" } }, strict: true });
  const admin = await claimFirstAdmin(getDb());
  if (values.clear) {
    await getDb().user.update({ where: { id: admin.id }, data: { passwordHash: null } });
    await endUserSessions(getDb(), admin.id);
    console.log(
      `password of the first admin "${admin.name}" removed: after a restart, with no other password set, Tidings listens on 127.0.0.1 only, without a login`,
    );
    return 0;
  }
  const password = await readNewPassword();
  // At once, not at the restart: a reset because a session was stolen must end it now.
  const ended = await setUserPassword(getDb(), admin.id, password);
  console.log(
    `password of the first admin "${admin.name}" set (stored as an scrypt hash); restart Tidings if it had no login before. ${ended} session(s) ended now.`,
  );
  return 0;
}

/** A new login password from stdin, held to the same rule as the forms'. */
export async function readNewPassword(): Promise<string> {
  const parsed = newPasswordSchema.safeParse(await readPassword());
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message.toLowerCase());
  return parsed.data;
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
