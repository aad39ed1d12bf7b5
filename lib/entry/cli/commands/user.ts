// `tidings user`: the users of this installation from the command line, as /admin/users manages
// them in the browser (the same functions: lib/features/auth/user-accounts.ts).
import { parseArgs } from "node:util";
import { getDb } from "@/lib/db/client";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { readNewPassword } from "@/lib/entry/cli/commands/password";
import { createUser, deleteUser, setUserDisabled, setUserPassword } from "@/lib/features/auth/user-accounts";
import { listUserSummaries } from "@/lib/features/auth/list-user-summaries";
import type { ReaderUser } from "@/lib/features/auth/users";
import { resolveCliUser } from "@/lib/entry/cli/cli-user";
import { userNameSchema } from "@/lib/features/auth/user-input";
import { removeOrphanSources } from "@/lib/pipeline/store/sources/remove-orphan-sources";

export const userUsage =
  "tidings user add NAME [--admin] | list | passwd NAME | disable NAME | enable NAME | remove NAME   manage users (passwords from stdin)";

const RESTART_NOTE = "a running Tidings sees a change of login mode (the first password) when it restarts";

export async function runUserCommand(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    options: { admin: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  const [action, name, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(" ")}`);
  if (action === "list") return listUsers();
  if (action === "add") return addUser(nameOf(name), values.admin === true);
  if (values.admin) throw new UsageError("--admin goes with `user add`");
  if (action === "passwd") {
    const user = await existing(name);
    const ended = await setUserPassword(getDb(), user.id, await readNewPassword());
    console.log(`password of "${user.name}" set; ${ended} session(s) of theirs ended now`);
    return 0;
  }
  if (action === "disable" || action === "enable") {
    const user = await existing(name);
    await setUserDisabled(getDb(), user.id, action === "disable", new Date());
    console.log(`"${user.name}" ${action}d${action === "disable" ? ": their sessions and feed apps are refused" : ""}`);
    return 0;
  }
  if (action === "remove") {
    const user = await existing(name);
    await deleteUser(getDb(), user.id);
    const orphans = await removeOrphanSources(getDb());
    console.log(
      `"${user.name}" removed with their subscriptions and reading; ${orphans.length} source(s) nobody followed removed`,
    );
    return 0;
  }
  throw new UsageError(action === undefined ? "say what to do" : `unknown action "${action}"`);
}

async function addUser(name: string, admin: boolean): Promise<number> {
  const created = await createUser(getDb(), {
    name,
    password: await readNewPassword(),
    role: admin ? "admin" : "member",
  });
  if (created === null) throw new UsageError(`a user named "${name}" exists already`);
  console.log(`added ${created.role} "${created.name}"; ${RESTART_NOTE}`);
  return 0;
}

async function listUsers(): Promise<number> {
  for (const user of await listUserSummaries(getDb())) {
    const state = user.disabled ? "disabled" : user.hasPassword ? "active" : "no password";
    const seen = user.lastSeenAt === null ? "never seen" : `last seen ${user.lastSeenAt.toISOString()}`;
    console.log(
      [user.name, user.role, state, `${user.subscriptions} subscriptions`, `${user.unread} unread`, seen].join("\t"),
    );
  }
  return 0;
}

function nameOf(name: string | undefined): string {
  const parsed = userNameSchema.safeParse(name ?? "");
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message.toLowerCase());
  return parsed.data;
}

/** A named user that exists (an unknown name is an error listing the users). */
function existing(name: string | undefined): Promise<ReaderUser> {
  return resolveCliUser(getDb(), nameOf(name));
}
