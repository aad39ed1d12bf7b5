import { afterAll, describe, expect, it } from "vitest";
import { createEmptyTarget } from "@/tests/helpers/fresh-database";
import { runCli } from "@/tests/helpers/run-cli";

const empty = createEmptyTarget();
afterAll(() => empty.drop());

describe("tidings migrate", () => {
  it("migrates a new database, then says it is up to date", async () => {
    const first = await runCli(["migrate"], { DATABASE_URL: empty.url });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/applied 0001_init/);
    const second = await runCli(["migrate"], { DATABASE_URL: empty.url });
    expect(second.stdout).toMatch(/already up to date/);
  });

  it.each([
    [
      "an unknown scheme",
      "mysql://root@127.0.0.1/tidings",
      /^tidings migrate: DATABASE_URL: unsupported scheme "mysql:"/,
    ],
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    [
      "an unreachable PostgreSQL",
      "postgresql://postgres@127.0.0.1:1/test",
      /^tidings migrate: cannot open the postgresql database at 127\.0\.0\.1:1: .*ECONNREFUSED/,
    ],
  ])("gives one clear line and exit 1 for %s", async (_label, url, message) => {
    const result = await runCli(["migrate"], { DATABASE_URL: url });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it("rejects bad arguments with usage and exit 2", async () => {
    const unknownFlag = await runCli(["migrate", "--frobnicate"], { DATABASE_URL: empty.url });
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toMatch(/usage: tidings migrate/);
    const unknownCommand = await runCli(["frobnicate"], { DATABASE_URL: empty.url });
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/unknown command "frobnicate"/);
  });
});

describe("any other command on a new database", () => {
  const fresh = createEmptyTarget();
  afterAll(() => fresh.drop());

  it("migrates it first, says so on stderr, then does its work", async () => {
    const first = await runCli(["sources"], { DATABASE_URL: fresh.url });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/^tidings: prepared the database \(applied 0001_init, /);
    const again = await runCli(["sources"], { DATABASE_URL: fresh.url });
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");
    expect((await runCli(["migrate"], { DATABASE_URL: fresh.url })).stdout).toMatch(/already up to date/);
  });
});
