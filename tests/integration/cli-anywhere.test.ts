// The command line as an operator uses it: from any directory, in a pipe, on a large feed.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyTarget } from "@/tests/helpers/fresh-database";
import { feed, largeFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { BIN, runCli } from "@/tests/helpers/run-cli";
import { OFF_THREAD_THRESHOLD_BYTES } from "@/lib/pipeline/round/parse-off-thread";

const LARGE = largeFeed({ key: "cli-large", items: 500 });

let publisher: Publisher;
let elsewhere: string;
let database: ReturnType<typeof createEmptyTarget>;
let env: Record<string, string>;

beforeAll(async () => {
  publisher = await startPublisher({ "/large.xml": feed({ body: LARGE }) });
  // A working directory with no tsconfig.json, prisma/ or lib/ of Tidings in it.
  elsewhere = mkdtempSync(path.join(tmpdir(), "tidings-elsewhere-"));
  // Not migrated: the command line must find the installation's migrations, not the cwd's.
  database = createEmptyTarget();
  env = { DATABASE_URL: database.url, TIDINGS_ALLOW_PRIVATE_NETWORKS: "true" };
});
afterAll(async () => {
  await publisher?.close();
  await database?.drop();
  rmSync(elsewhere, { recursive: true, force: true });
});

describe("the command line, run as an operator would", () => {
  it("works from another directory, parses a feed over 512 KiB in the worker, and exits promptly", async () => {
    expect(Buffer.byteLength(LARGE)).toBeGreaterThan(OFF_THREAD_THRESHOLD_BYTES);
    const started = Date.now();
    const added = await runCli(["add", publisher.url("/large.xml")], env, { cwd: elsewhere });
    const elapsed = Date.now() - started;
    expect(added.stdout + added.stderr).toMatch(/subscribed: source #1 Large feed cli-large <[^>]+>, 500 articles/);
    expect(added.code).toBe(0);
    // The idle parse worker used to hold the process for two minutes after the result was printed.
    expect(elapsed).toBeLessThan(30_000);
  });

  it("runs from the TypeScript sources too (no build), from another directory", async () => {
    const listed = await runCli(["sources"], { ...env, TIDINGS_CLI_FROM_SOURCES: "true" }, { cwd: elsewhere });
    expect([listed.code, listed.stderr]).toEqual([0, ""]);
    expect(listed.stdout).toMatch(/^#1 Large feed cli-large </);
  });

  it("stops printing quietly with status 0 when the reader of its output goes away (`| head -5`)", async () => {
    // Far more lines than a pipe holds (64 KiB), so that most are written after head has gone.
    const outlines = Array.from(
      { length: 800 },
      (_, n) => `<outline type="rss" text="Feed ${n}" xmlUrl="https://feed${n}.example/rss.xml"/>`,
    );
    writeFileSync(
      path.join(elsewhere, "many.opml"),
      `<?xml version="1.0"?><opml version="2.0"><head/><body>${outlines.join("")}</body></opml>`,
    );
    expect((await runCli(["import", "many.opml"], env, { cwd: elsewhere })).code).toBe(0);
    // Both ways of running: the unhandled EPIPE showed most reliably from the sources (tsx).
    for (const fromSources of ["false", "true"]) {
      const piped = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        // pipefail: the status is the command line's, not head's.
        const script = `set -o pipefail; "${process.execPath}" "${BIN}" sources | head -5`;
        const childEnv = { ...process.env, ...env, TIDINGS_LOG_LEVEL: "warn", TIDINGS_CLI_FROM_SOURCES: fromSources };
        execFile("bash", ["-c", script], { cwd: elsewhere, env: childEnv }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
      expect([fromSources, piped.code, piped.stderr]).toEqual([fromSources, 0, ""]);
      expect(piped.stdout.trimEnd().split("\n")).toHaveLength(5);
    }
  });
});
