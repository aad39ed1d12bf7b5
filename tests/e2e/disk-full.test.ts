// The app server on a SQLite file whose disk fills up during a round (issue 17): POST /api/rounds
// answers with a clear error instead of hanging, a reader's write works again as soon as space is
// freed, and SIGTERM still stops the server. The database lives on a 20 MB tmpfs of the test's own.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveDatabaseTarget } from "@/lib/db/database-target";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { closePrismaClient, createPrismaClient, type Db } from "@/lib/db/prisma-client";
import { testingPostgres } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { feed, rssFeed, startPublisher, type Handler, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource } from "@/tests/helpers/round-fixtures";

const DISK = mkdtempSync(path.join(tmpdir(), "tidings-e2e-full-"));
const FILLER = path.join(DISK, "filler");
const mountError = testingPostgres() ? "runs on SQLite only" : tryMount();

function tryMount(): string | null {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=20m", "tmpfs", DISK], { stdio: "pipe" });
    return null;
  } catch (error) {
    const reason = `cannot mount a tmpfs here (${(error as Error).message.split("\n")[0]})`;
    console.warn(`[disk-full] skipped: ${reason}`);
    return reason;
  }
}

function fillDisk(): void {
  const fd = openSync(FILLER, "w");
  const chunk = Buffer.alloc(1 << 20, 1);
  try {
    for (let written = 0; written < 64; written += 1) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

const items = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ guid: `urn:${name}:${index}`, title: `Post ${index}`, link: `https://publisher.example/${name}/${index}`, description: "x".repeat(2000) }));

describe.skipIf(mountError !== null)("the app server when its SQLite disk fills up", () => {
  let db: Db;
  let publisher: Publisher;
  let server: AppServer | null = null;
  const url = `file:${path.join(DISK, "tidings.db")}`;

  beforeAll(async () => {
    await runMigrations(resolveDatabaseTarget(url));
    db = createPrismaClient(resolveDatabaseTarget(url));
    publisher = await startPublisher();
    const fillThenAnswer: Handler = (request, response) => {
      fillDisk();
      return feed({ body: rssFeed({ items: items("big", 300) }) })(request, response);
    };
    publisher.setRoute("/first.xml", feed({ body: rssFeed({ items: items("first", 2) }) }));
    publisher.setRoute("/big.xml", fillThenAnswer);
    await addDueSource(db, publisher.url("/first.xml"));
    await addDueSource(db, publisher.url("/big.xml"));
    server = await startAppServer({ DATABASE_URL: url, TIDINGS_ALLOW_PRIVATE_NETWORKS: "true", TIDINGS_HOST_GAP_MS: "0" });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await publisher?.close();
    if (db) await closePrismaClient(db);
    execFileSync("umount", ["-l", DISK]);
    rmSync(DISK, { recursive: true, force: true });
  });

  it("answers POST /api/rounds with 503, writes again once space is freed, and stops on SIGTERM", async () => {
    const answer = fetch(`${server!.url}/api/rounds`, { method: "POST" });
    // The operator frees space once the server has logged that it could not store the fetch.
    const deadline = Date.now() + 30_000;
    while (!server!.output().includes("could not record the database error either") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server!.output()).toContain("database or disk is full");
    rmSync(FILLER, { force: true });

    const response = await answer;
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("database_unavailable");

    const article = await db.article.findFirstOrThrow({ orderBy: { id: "asc" } });
    const patched = await fetch(`${server!.url}/api/articles/${article.id}`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ starred: true }) });
    expect(patched.status).toBe(200);
    expect((await db.article.findUniqueOrThrow({ where: { id: article.id } })).starredAt).not.toBeNull();

    // app-server.ts sends SIGTERM and only 5 s later SIGKILL: stopping sooner means SIGTERM did it.
    const stopping = performance.now();
    await server!.stop();
    server = null;
    expect(performance.now() - stopping).toBeLessThan(4500);
  });
});
