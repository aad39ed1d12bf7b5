// `tidings user` and `tidings api-password --user`: the commands that read a password from stdin
// run as the real command line in a child process (a handful: each costs a start-up); the others
// are the same command functions called in-process, against the same real database.
import { describe, expect, it, vi } from "vitest";
import { setUpDatabaseInProcess } from "@/tests/helpers/database-in-process";
import { runCli } from "@/tests/helpers/run-cli";
import { digestFeverKey, feverKeyOf } from "@/lib/features/auth/api-credentials";
import { verifyPassword } from "@/lib/features/auth/password-hash";
import { runUserCommand } from "@/lib/entry/cli/commands/user";
import { runApiPasswordCommand } from "@/lib/entry/cli/commands/api-password";
import { UsageError } from "@/lib/entry/cli/cli-error";
import { seedSource } from "@/tests/helpers/seed-articles";

const database = setUpDatabaseInProcess();
const db = () => database().db;
const cli = (args: string[], stdin?: string) =>
  runCli(args, { DATABASE_URL: database().url }, stdin === undefined ? {} : { stdin });
const userRow = (name: string) => db().user.findUnique({ where: { name } });

/** A command function run in-process, with what it printed. */
async function inProcess(run: (args: string[]) => Promise<number>, args: string[]) {
  const printed: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
  try {
    return { code: await run(args), stdout: printed.join("\n") };
  } finally {
    spy.mockRestore();
  }
}

describe("tidings user", () => {
  it("adds users with a password from stdin, stored as a hash only, and refuses a short one or a taken name", async () => {
    const added = await cli(["user", "add", "ann"], "ann's password\n");
    expect([added.code, added.stdout], added.stderr).toEqual([0, expect.stringContaining('added member "ann"')]);
    const ann = await userRow("ann");
    expect(ann).toMatchObject({ role: "member", disabledAt: null });
    expect(await verifyPassword("ann's password", ann!.passwordHash!)).toBe(true);
    const admin = await cli(["user", "add", "boss", "--admin"], "short\n");
    expect([admin.code, admin.stderr]).toEqual([2, expect.stringContaining("at least 8 characters")]);
    expect(await userRow("boss")).toBeNull();
    await expect(runUserCommand(["add", "a:b"])).rejects.toThrow(UsageError);
  });

  it("sets a user's password, ending that user's sessions", async () => {
    const ann = (await userRow("ann"))!;
    await db().session.create({
      data: {
        userId: ann.id,
        tokenHash: "x".repeat(43),
        credentialStamp: "s",
        createdAt: new Date(),
        lastSeenAt: new Date(),
        expiresAt: new Date(Date.now() + 1e9),
      },
    });
    const set = await cli(["user", "passwd", "ann"], "ann's new password\n");
    expect([set.code, set.stdout], set.stderr).toEqual([0, expect.stringContaining("1 session(s) of theirs ended")]);
    expect(await verifyPassword("ann's new password", (await userRow("ann"))!.passwordHash!)).toBe(true);
    expect(await db().session.count({ where: { userId: ann.id } })).toBe(0);
  });

  it("lists, disables, enables and removes users, naming the users when a name is unknown", async () => {
    await db().user.create({ data: { name: "bob", role: "admin" } });
    const listed = await inProcess(runUserCommand, ["list"]);
    expect(listed.stdout.split("\n").map((line) => line.split("\t").slice(0, 3))).toEqual([
      ["ann", "member", "active"],
      ["bob", "admin", "no password"],
    ]);
    expect((await inProcess(runUserCommand, ["disable", "ann"])).code).toBe(0);
    expect((await userRow("ann"))!.disabledAt).not.toBeNull();
    expect((await inProcess(runUserCommand, ["enable", "ann"])).code).toBe(0);
    expect((await userRow("ann"))!.disabledAt).toBeNull();
    await expect(runUserCommand(["disable", "carol"])).rejects.toThrow('no user named "carol" (users: ann, bob)');
    const source = await seedSource(db(), { title: "Only Ann's", userId: (await userRow("ann"))!.id });
    const removed = await inProcess(runUserCommand, ["remove", "ann"]);
    expect(removed.stdout).toContain(
      '"ann" removed with their subscriptions and reading; 1 source(s) nobody followed removed',
    );
    expect(await userRow("ann")).toBeNull();
    expect(await db().source.count({ where: { id: source } })).toBe(0);
  });
});

describe("tidings api-password", () => {
  it("with several users, asks which one and lists them", async () => {
    await db().user.create({ data: { name: "carol", role: "member" } });
    await expect(runApiPasswordCommand([])).rejects.toThrow(
      /several users: say which with --user NAME \(users: bob, carol\)/,
    );
  });

  it('sets the named user\'s API password (Fever key md5("name:password")), never the password itself, and --clear removes it', async () => {
    const result = await cli(["api-password", "--user", "carol"], "carol api secret\n");
    expect([result.code, result.stdout], result.stderr).toEqual([0, expect.stringContaining('user "carol"')]);
    const carol = (await userRow("carol"))!;
    expect(carol.feverKey).toBe(digestFeverKey(feverKeyOf("carol", "carol api secret")));
    expect(await verifyPassword("carol api secret", carol.apiPasswordHash!)).toBe(true);
    expect((await userRow("bob"))!.apiPasswordHash).toBeNull();
    expect(JSON.stringify(await db().user.findMany())).not.toContain("carol api secret");
    expect((await inProcess(runApiPasswordCommand, ["--user", "carol", "--clear"])).code).toBe(0);
    expect(await userRow("carol")).toMatchObject({ feverKey: null, apiPasswordHash: null });
  });
});
