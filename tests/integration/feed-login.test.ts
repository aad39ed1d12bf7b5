// Feeds behind HTTP Basic authentication, against real loopback publishers and a real database:
// the login is sent to the feed's own origin only (never across a redirect to another host),
// kept apart from the source, and appears nowhere but in the Authorization header of those
// requests: not in fetch rows, sources, OPML, the User-Agent or the URL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import {
  basicAuth,
  feed,
  redirect,
  rssFeed,
  SAMPLE_RSS,
  startPublisher,
  type Publisher,
} from "@/tests/helpers/publisher";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { fetchFeed } from "@/lib/pipeline/fetch/fetch-feed";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { runRound } from "@/lib/pipeline/round/run-round";
import { exportOpml } from "@/lib/reads/sources/export-opml";
import { addSourceSchema, editSourceSchema } from "@/lib/reads/sources/form-schemas";
import { editSource } from "@/lib/reads/sources/edit-source";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { readerId, subscriptionOf } from "@/tests/helpers/reader-user";

const USER = "reader";
const PASSWORD = "s3cret pass: with a colon";
const TOKEN = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");

let database: FreshDatabase;
let site: Publisher;
let elsewhere: Publisher;

/** Serves the feed only to the right Basic login; anything else gets 401 with a challenge. */
const behindLogin = (body: string, etag = '"private"') => basicAuth(USER, PASSWORD, feed({ body, etag }));

beforeAll(async () => {
  database = await createFreshDatabase();
  elsewhere = await startPublisher({ "/feed.xml": feed({ body: SAMPLE_RSS }) }, { host: "127.10.31.7" });
  site = await startPublisher(
    {
      "/private.xml": behindLogin(
        rssFeed({
          title: "Members only",
          items: [{ guid: "urn:p:1", title: "For members", link: "https://x.example/1" }],
        }),
      ),
      "/moved.xml": redirect(301, "/private.xml"),
      "/away.xml": redirect(302, elsewhere.url("/feed.xml")),
    },
    { host: "127.10.31.6" },
  );
});
afterAll(async () => {
  await site.close();
  await elsewhere.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.source.deleteMany();
  site.clearRequests();
  elsewhere.clearRequests();
});

const settings = testRoundSettings();
const login = () => ({ user: USER, password: PASSWORD, origin: site.origin });

describe("the fetch", () => {
  it("sends the login to the feed's origin, and the feed answers", async () => {
    const result = await fetchFeed(
      { url: site.url("/private.xml"), etag: null, lastModified: null, login: login() },
      settings.fetch,
    );
    expect(result.outcome).toBe("ok");
    expect(site.requests[0]!.headers.authorization).toBe(`Basic ${TOKEN}`);
    const without = await fetchFeed({ url: site.url("/private.xml"), etag: null, lastModified: null }, settings.fetch);
    expect(without).toMatchObject({ outcome: "error", errorKind: "http_4xx", detail: "HTTP 401 Unauthorized" });
  });

  it("keeps it on a redirect within the origin, and never sends it to another origin", async () => {
    const same = await fetchFeed(
      { url: site.url("/moved.xml"), etag: null, lastModified: null, login: login() },
      settings.fetch,
    );
    expect(same.outcome).toBe("ok");
    expect(site.requests.map((request) => request.headers.authorization)).toEqual([`Basic ${TOKEN}`, `Basic ${TOKEN}`]);

    const away = await fetchFeed(
      { url: site.url("/away.xml"), etag: null, lastModified: null, login: login() },
      settings.fetch,
    );
    expect(away.outcome).toBe("ok");
    expect(site.requestsTo("/away.xml")[0]!.headers.authorization).toBe(`Basic ${TOKEN}`);
    expect(elsewhere.requests).toHaveLength(1);
    expect(elsewhere.requests[0]!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(elsewhere.requests[0]!.rawHeaders)).not.toContain(TOKEN);
  });
});

describe("a subscription with a login", () => {
  it("is subscribed and fetched by rounds with it, and the login shows nowhere but in those requests", async () => {
    const form = addSourceSchema.safeParse({
      url: site.url("/private.xml"),
      title: "",
      folder: "",
      loginUser: ` ${USER} `,
      loginPassword: PASSWORD,
    });
    expect(form.success).toBe(true);
    const result = await subscribe(database.db, settings, {
      userId: await readerId(database.db),
      url: form.data!.url,
      login: form.data!.login,
    });
    expect(result).toMatchObject({ status: "subscribed", newArticles: 1 });
    const id = result.status === "subscribed" ? result.sourceId : 0;
    expect(await database.db.sourceLogin.findUnique({ where: { sourceId: id } })).toMatchObject({
      user: USER,
      password: PASSWORD,
      origin: site.origin,
    });

    site.setRoute(
      "/private.xml",
      behindLogin(
        rssFeed({
          title: "Members only",
          items: [
            { guid: "urn:p:2", title: "More for members", link: "https://x.example/2" },
            { guid: "urn:p:1", title: "For members", link: "https://x.example/1" },
          ],
        }),
        '"private-2"',
      ),
    );
    await makeAllDue(database.db);
    await runRound(database.db, settings, { trigger: "cli" });
    const fetches = await database.db.fetch.findMany({ where: { sourceId: id }, orderBy: { id: "asc" } });
    expect(fetches.map((row) => [row.outcome, row.newArticles])).toEqual([
      ["ok", 1],
      ["ok", 1],
    ]);
    expect(site.requests.map((request) => request.headers.authorization)).toEqual([`Basic ${TOKEN}`, `Basic ${TOKEN}`]);

    // Nowhere else: not in the source's row, its fetch rows, events, the OPML export, the URL or the User-Agent.
    const source = await database.db.source.findUniqueOrThrow({ where: { id }, include: { events: true } });
    const opml = await exportOpml(database.db, await readerId(database.db), new Date());
    for (const [where, text] of [
      ["source", JSON.stringify(source)],
      ["fetches", JSON.stringify(fetches)],
      ["opml", opml],
      ["user-agent", site.requests.map((request) => request.headers["user-agent"]).join("\n")],
      ["request paths", site.requests.map((request) => request.path).join("\n")],
    ] as const) {
      expect(text, where).not.toContain(PASSWORD);
      expect(text, where).not.toContain(TOKEN);
    }
    expect(opml).toContain(site.url("/private.xml"));

    // Removing the source takes its login with it.
    await database.db.source.delete({ where: { id } });
    expect(await database.db.sourceLogin.count()).toBe(0);
  });

  it("refuses half a login, and a user name with a colon, before any request", () => {
    const form = (loginUser: string, loginPassword: string) =>
      addSourceSchema.safeParse({ url: site.url("/private.xml"), title: "", folder: "", loginUser, loginPassword });
    expect(form("reader", "").success).toBe(false);
    expect(form("", "secret").success).toBe(false);
    expect(form("a:b", "secret").success).toBe(false);
    const none = form("", "");
    expect(none.success && none.data.login).toBeNull();
    expect(site.requests).toHaveLength(0);
  });

  it("without the login, is refused with the server's 401 and nothing is stored", async () => {
    const result = await subscribe(database.db, settings, {
      userId: await readerId(database.db),
      url: site.url("/private.xml"),
    });
    expect(result).toMatchObject({
      status: "invalid",
      field: "url",
      message:
        'Unreachable: HTTP 401 Unauthorized: this feed asks for a login; give it under "This feed needs a login"',
    });
    expect(await database.db.source.count()).toBe(0);
  });

  it("is given, kept, replaced and removed from the edit form, for the origin of the address saved", async () => {
    const id = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: site.url("/private.xml"),
      title: "Members only",
      customTitle: null,
      folderName: null,
    });
    const save = async (fields: Record<string, string>) => {
      const form = editSourceSchema.safeParse({
        id: String(id),
        url: site.url("/private.xml"),
        title: "",
        folder: "",
        retentionDays: "",
        enabled: "on",
        ...fields,
      });
      if (!form.success) throw new Error(form.error.message);
      const { login, url, title, folder, enabled, retentionDays } = form.data;
      return editSource(
        database.db,
        { allowPrivateNetworks: true },
        {
          userId: await readerId(database.db),
          sourceId: id,
          url,
          customTitle: title,
          folderName: folder,
          enabled,
          retentionDays,
          login,
          now: new Date(),
        },
      );
    };
    const stored = () => database.db.sourceLogin.findUnique({ where: { sourceId: id } });
    expect(await save({ loginUser: USER, loginPassword: PASSWORD })).toMatchObject({ status: "saved" });
    expect(await stored()).toMatchObject({ user: USER, password: PASSWORD, origin: site.origin });
    expect(await save({})).toMatchObject({ status: "saved" }); // empty fields keep it
    expect(await stored()).toMatchObject({ user: USER });
    await runRound(database.db, settings, { trigger: "cli" });
    expect(site.requestsTo("/private.xml")[0]!.headers.authorization).toBe(`Basic ${TOKEN}`);
    expect(
      (await database.db.fetch.findFirstOrThrow({ where: { sourceId: id }, orderBy: { id: "desc" } })).outcome,
    ).toBe("ok");
    expect(await save({ loginRemove: "on" })).toMatchObject({ status: "saved" });
    expect(await stored()).toBeNull();
  });
});

describe("the login is written in its source's transaction", () => {
  // A real failure between the source's write and the login's: the database itself refuses the
  // login's row, as a full disk or a lost connection would at that point. The tests check what is
  // left, not the message: SQLite's driver reports a trigger's RAISE as a foreign key failure.
  const refuseLogins = async () => {
    if (database.target.provider === "postgresql") {
      await database.db.$executeRawUnsafe(
        `CREATE FUNCTION "refuse_login"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'login refused'; END $$`,
      );
      await database.db.$executeRawUnsafe(
        `CREATE TRIGGER "refuse_login" BEFORE INSERT OR UPDATE ON "SourceLogin" FOR EACH ROW EXECUTE FUNCTION "refuse_login"()`,
      );
    } else {
      for (const event of ["INSERT", "UPDATE"]) {
        await database.db.$executeRawUnsafe(
          `CREATE TRIGGER "refuse_login_${event}" BEFORE ${event} ON "SourceLogin" BEGIN SELECT RAISE(ABORT, 'login refused'); END`,
        );
      }
    }
  };
  afterEach(async () => {
    if (database.target.provider === "postgresql") {
      await database.db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS "refuse_login"() CASCADE`);
    } else {
      for (const event of ["INSERT", "UPDATE"]) {
        await database.db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "refuse_login_${event}"`);
      }
    }
  });

  it("a subscription whose login cannot be saved leaves no source, folder or event behind", async () => {
    await refuseLogins();
    await expect(
      subscribe(database.db, settings, {
        userId: await readerId(database.db),
        url: site.url("/private.xml"),
        folderName: "Members",
        login: login(),
      }),
    ).rejects.toThrow();
    expect(await database.db.source.count()).toBe(0);
    expect(await database.db.userFolder.count({ where: { name: "Members" } })).toBe(0);
    expect(await database.db.sourceEvent.count()).toBe(0);
    expect(await database.db.sourceLogin.count()).toBe(0);
  });

  it("an edit whose login cannot be saved keeps the source as it was", async () => {
    const id = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: site.url("/private.xml"),
      title: "Members only",
      customTitle: null,
      folderName: null,
    });
    await refuseLogins();
    await expect(
      editSource(
        database.db,
        { allowPrivateNetworks: true },
        {
          userId: await readerId(database.db),
          sourceId: id,
          url: site.url("/private.xml"),
          customTitle: "Renamed",
          folderName: "Members",
          enabled: false,
          login: { user: USER, password: PASSWORD },
          now: new Date(),
        },
      ),
    ).rejects.toThrow();
    expect(await database.db.source.findUniqueOrThrow({ where: { id } })).toMatchObject({ enabled: true });
    expect(await subscriptionOf(database.db, id)).toMatchObject({ customTitle: null, folderId: null, paused: false });
    expect(await database.db.sourceLogin.count()).toBe(0);
  });
});
