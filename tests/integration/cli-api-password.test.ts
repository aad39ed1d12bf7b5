// `tidings api-password`: the real command in a child process, against a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { runCli } from "@/tests/helpers/run-cli";
import { feverKeyOf, matchesFeverKey } from "@/lib/features/auth/api-credentials";
import { verifyPassword } from "@/lib/features/auth/password-hash";
import { readApiCredentials } from "@/lib/features/auth/api-credential-store";
import { SETTINGS } from "@/lib/settings/settings-registry";

let database: FreshDatabase;

beforeAll(async () => {
  database = await createFreshDatabase();
});

afterAll(async () => {
  await database.dispose();
});

describe("tidings api-password", () => {
  it("refuses a short password with the usage and exit code 2, storing nothing", async () => {
    const result = await runCli(
      ["api-password", "--user", "reader"],
      { DATABASE_URL: database.url },
      { stdin: "short\n" },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("at least 8 characters");
    expect(result.stderr).toContain("usage: tidings api-password");
    expect(await readApiCredentials(database.db)).toEqual({ user: null, feverKeyDigest: null, passwordHash: null });
  });

  it("stores the Fever key's digest and an scrypt hash for the default user, never the password", async () => {
    const result = await runCli(["api-password"], { DATABASE_URL: database.url }, { stdin: "api secret 123\n" });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('user "tidings"');
    const stored = await readApiCredentials(database.db);
    expect(stored.user).toBe("tidings");
    expect(matchesFeverKey(feverKeyOf("tidings", "api secret 123"), stored.feverKeyDigest!)).toBe(true);
    expect(await verifyPassword("api secret 123", stored.passwordHash!)).toBe(true);
    const rows = await database.db.setting.findMany();
    expect(
      rows.some(
        (row) => row.value.includes("api secret 123") || row.value.includes(feverKeyOf("tidings", "api secret 123")),
      ),
    ).toBe(false);
    // The web password is a different thing and stays unset.
    expect(rows.some((row) => row.key === SETTINGS.passwordHash.key)).toBe(false);
  });

  it("removes it with --clear, keeping the user name", async () => {
    const result = await runCli(["api-password", "--clear"], { DATABASE_URL: database.url });
    expect(result.code, result.stderr).toBe(0);
    expect(await readApiCredentials(database.db)).toEqual({
      user: "tidings",
      feverKeyDigest: null,
      passwordHash: null,
    });
  });
});
