// The pure-ish pieces behind issue 17's database faults: what counts as a database error, the
// bounded retry of a round's last writes, and when a lease holder's process is certainly gone.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { isDatabaseError } from "@/lib/db/is-database-error";
import { retryDatabase } from "@/lib/pipeline/round/retry-database";
import { currentHolderProcess, isHolderProcessGone } from "@/lib/base/holder-process";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const named = (name: string) => Object.assign(new Error("x"), { name });

describe("isDatabaseError", () => {
  it.each<[string, unknown, boolean]>([
    ["a Prisma request error", named("PrismaClientKnownRequestError"), true],
    ["a driver adapter error", named("DriverAdapterError"), true],
    ["better-sqlite3's disk full", withCode("database or disk is full", "SQLITE_FULL"), true],
    ["PostgreSQL refusing connections", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), true],
    [
      "PostgreSQL shutting down",
      new pg.DatabaseError("terminating connection due to administrator command", 0, "error"),
      true,
    ],
    ["a lost connection", new Error("Connection terminated unexpectedly"), true],
    ["a bug", new TypeError("cannot read properties of undefined"), false],
    ["not an error at all", "database", false],
  ])("%s: %s", (_label, error, expected) => {
    expect(isDatabaseError(error)).toBe(expected);
  });
});

describe("retryDatabase", () => {
  it("tries again after each database error, then gives up after the last wait", async () => {
    let calls = 0;
    const failing = () => Promise.reject(withCode(`full ${++calls}`, "SQLITE_FULL"));
    await expect(retryDatabase(failing, { delaysMs: [1, 1, 1] })).rejects.toThrow("full 4");
    let tries = 0;
    expect(
      await retryDatabase(async () => (++tries < 3 ? Promise.reject(withCode("x", "ECONNREFUSED")) : "done"), {
        delaysMs: [1, 1, 1, 1],
      }),
    ).toBe("done");
    expect(tries).toBe(3);
  });

  it("does not retry a bug, nor wait while shutting down", async () => {
    let calls = 0;
    await expect(
      retryDatabase(
        async () => {
          calls += 1;
          throw new TypeError("bug");
        },
        { delaysMs: [1, 1] },
      ),
    ).rejects.toThrow("bug");
    await expect(
      retryDatabase(
        async () => {
          calls += 1;
          throw withCode("x", "SQLITE_FULL");
        },
        { delaysMs: [60_000], shouldStop: () => true },
      ),
    ).rejects.toThrow("x");
    expect(calls).toBe(2);
  });
});

describe.skipIf(currentHolderProcess().bootId === null)("isHolderProcessGone (Linux)", () => {
  const here = currentHolderProcess();
  it.each<[string, Partial<typeof here>, boolean]>([
    ["this very process", {}, false],
    ["a pid that does not exist here", { pid: 2 ** 22 + 17 }, true],
    ["this pid, reused by a process started at another time", { startTicks: "1" }, true],
    ["a dead pid on another machine", { host: `not-${here.host}`, pid: 2 ** 22 + 17 }, false],
    ["a dead pid from an earlier boot (or another kernel)", { bootId: "another-boot", pid: 2 ** 22 + 17 }, false],
  ])("%s", (_label, change, gone) => {
    expect(isHolderProcessGone({ ...here, ...change })).toBe(gone);
  });
});
