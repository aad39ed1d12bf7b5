// The app server on a SQLite file whose disk fills up during a round (issue 17): POST /api/rounds
// answers with a clear error instead of hanging, a reader's write works again as soon as space is
// freed, and SIGTERM still stops the server. The database lives on a 20 MB tmpfs of the test's own.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveDatabaseTarget } from "@/lib/db/database-target";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { closePrismaClient, createPrismaClient, type Db } from "@/lib/db/client";
import { bulkyItems, mountSmallDisk } from "@/tests/helpers/small-disk";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { feed, rssFeed, startPublisher, type Handler, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource } from "@/tests/helpers/round-fixtures";
import { starredAtOf } from "@/tests/helpers/reader-user";

const disk = mountSmallDisk("disk-full");

describe.skipIf(disk.skipReason !== null)("the app server when its SQLite disk fills up", () => {
  let db: Db;
  let publisher: Publisher;
  let server: AppServer | null = null;
  const url = `file:${path.join(disk.dir, "tidings.db")}`;

  beforeAll(async () => {
    await runMigrations(resolveDatabaseTarget(url));
    db = createPrismaClient(resolveDatabaseTarget(url));
    publisher = await startPublisher();
    const fillThenAnswer: Handler = (request, response) => {
      disk.fill();
      return feed({ body: rssFeed({ items: bulkyItems("big", 300) }) })(request, response);
    };
    publisher.setRoute("/first.xml", feed({ body: rssFeed({ items: bulkyItems("first", 2) }) }));
    publisher.setRoute("/big.xml", fillThenAnswer);
    await addDueSource(db, publisher.url("/first.xml"));
    await addDueSource(db, publisher.url("/big.xml"));
    server = await startAppServer({
      DATABASE_URL: url,
      TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
      TIDINGS_HOST_GAP_MS: "0",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await publisher?.close();
    if (db) await closePrismaClient(db);
    disk.unmount();
  });

  it("answers POST /api/rounds with 503, writes again once space is freed, and stops on SIGTERM", async () => {
    const answer = fetch(`${server!.url}/api/rounds`, { method: "POST" });
    // The operator frees space once the server has logged that it could not store the fetch.
    const deadline = Date.now() + 30_000;
    while (!server!.output().includes("could not record the database error either") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server!.output()).toContain("database or disk is full");
    disk.free();

    const response = await answer;
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("database_unavailable");

    const article = await db.article.findFirstOrThrow({ orderBy: { id: "asc" } });
    const patched = await fetch(`${server!.url}/api/articles/${article.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ starred: true }),
    });
    expect(patched.status).toBe(200);
    expect(await starredAtOf(db, article.id)).not.toBeNull();

    // app-server.ts sends SIGTERM and only 5 s later SIGKILL: stopping sooner means SIGTERM did it.
    const stopping = performance.now();
    await server!.stop();
    server = null;
    expect(performance.now() - stopping).toBeLessThan(4500);
  });
});
