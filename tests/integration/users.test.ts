// Users (issue 25): the login modes, a session per user and its revocation, what a member may
// reach, each user's own API credentials, and removing a user with what only they followed. In
// process, against a real database (SQLite, or PostgreSQL with DATABASE_URL): the gate as proxy.ts
// runs it, the Fever and Google Reader handlers as their routes call them.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { setUpDatabaseInProcess } from "@/tests/helpers/database-in-process";
import { gateRequest } from "@/lib/features/auth/gate-request";
import { forgetAuthState, getAuthState, loadAuthState } from "@/lib/features/auth/auth-state";
import { forget } from "@/lib/base/remember";
import { SESSION_COOKIE } from "@/lib/features/auth/session-token";
import { endSessionById, endUserSessions, listSessions, openSession } from "@/lib/features/auth/sessions";
import {
  createFirstAdmin,
  createUser,
  deleteUser,
  setUserDisabled,
  setUserPassword,
} from "@/lib/features/auth/user-accounts";
import { claimFirstAdmin, findLoginCandidate, type ReaderUser } from "@/lib/features/auth/users";
import { listUserSummaries } from "@/lib/features/auth/list-user-summaries";
import { deriveApiCredentials, feverKeyOf } from "@/lib/features/auth/api-credentials";
import { saveApiCredentials } from "@/lib/features/auth/api-credential-store";
import { handleFeverCall } from "@/lib/features/fever/handle-fever-call";
import { LoginThrottle } from "@/lib/features/auth/login-throttle";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { callGReader } from "@/tests/helpers/greader-client";
import { removeOrphanSources } from "@/lib/pipeline/store/sources/remove-orphan-sources";
import { seedArticles, seedSource, subscribeSeeded } from "@/tests/helpers/seed-articles";
import { checkExposure } from "@/lib/features/auth/check-exposure";

const HOST = "127.0.0.1:3000";
const database = setUpDatabaseInProcess();
const db = () => database().db;
const ORIGIN = { userAgent: "Mozilla/5.0 Firefox/140.0", address: "192.0.2.10" };

const gate = (pathname: string, token?: string, method = "GET") =>
  gateRequest(
    new NextRequest(`http://${HOST}${pathname}`, {
      method,
      headers: { host: HOST, ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}) },
    }),
  );

async function logIn(user: ReaderUser): Promise<string> {
  const auth = await getAuthState();
  const holder = await db().user.findUniqueOrThrow({
    where: { id: user.id },
    select: { id: true, passwordHash: true },
  });
  return openSession(db(), user.id, auth.stampOf(holder), ORIGIN, new Date());
}

async function wipeUsers(): Promise<void> {
  await db().user.deleteMany();
  forgetAuthState();
}

describe("the login modes", () => {
  beforeEach(wipeUsers);

  it("setup with no user, open with one and no password, login once someone has a password", async () => {
    expect((await loadAuthState(db(), undefined)).mode).toBe("setup");
    expect(new URL((await gate("/sources"))!.headers.get("location")!).pathname).toBe("/setup");
    expect(await gate("/setup")).toBeNull();
    expect((await gate("/api/sidebar"))?.status).toBe(401);
    const admin = await claimFirstAdmin(db());
    forgetAuthState();
    expect((await getAuthState()).mode).toBe("open");
    expect(await gate("/admin/users")).toBeNull(); // everyone is the first admin, on loopback only
    await setUserPassword(db(), admin.id, "the admin password");
    forgetAuthState();
    expect((await getAuthState()).mode).toBe("login");
    expect((await gate("/sources"))?.status).toBe(303);
  });

  it("TIDINGS_PASSWORD alone is login mode, and is the first admin's password while they have none", async () => {
    const auth = await loadAuthState(db(), "the environment password");
    expect(auth.mode).toBe("login");
    const admin = (await findLoginCandidate(db(), "tidings"))!;
    expect(admin.role).toBe("admin");
    expect(await auth.checkPassword(admin, "the environment password")).toBe(true);
    expect(await auth.checkPassword(admin, "anything else")).toBe(false);
    const member = (await createUser(db(), { name: "ann", password: "ann's password", role: "member" }))!;
    const memberRow = (await findLoginCandidate(db(), member.name))!;
    expect(await auth.checkPassword(memberRow, "the environment password")).toBe(false);
    expect(await auth.checkPassword(memberRow, "ann's password")).toBe(true);
    // An unknown name is a wrong password, after the same scrypt work (no enumeration by timing).
    expect(await auth.checkPassword(null, "ann's password")).toBe(false);
  });

  it("off loopback, only the login mode may start", () => {
    expect(checkExposure("0.0.0.0", "login").allowed).toBe(true);
    for (const mode of ["open", "setup"] as const) {
      expect(checkExposure("0.0.0.0", mode).allowed).toBe(false);
      expect(checkExposure("127.0.0.1", mode).allowed).toBe(true);
    }
    expect(checkExposure("127.0.0.1", "setup").message).toContain("open /setup in a browser");
  });

  it("/setup makes the first admin once: a second try finds a user and makes nobody", async () => {
    const first = await createFirstAdmin(db(), "owner", "the owner password");
    expect(first).toMatchObject({ name: "owner", role: "admin" });
    expect(await createFirstAdmin(db(), "intruder", "another password")).toBeNull();
    expect((await listUserSummaries(db())).map((user) => user.name)).toEqual(["owner"]);
  });
});

describe("sessions per user", () => {
  let admin: ReaderUser;
  let ann: ReaderUser;
  let bob: ReaderUser;

  beforeEach(async () => {
    await wipeUsers();
    admin = (await createFirstAdmin(db(), "admin", "the admin password"))!;
    ann = (await createUser(db(), { name: "ann", password: "ann's password", role: "member" }))!;
    bob = (await createUser(db(), { name: "bob", password: "bob's password", role: "member" }))!;
    forgetAuthState();
  });

  it("a new password ends that user's sessions only", async () => {
    const [annToken, bobToken] = [await logIn(ann), await logIn(bob)];
    expect(await gate("/api/sidebar", annToken)).toBeNull();
    expect(await setUserPassword(db(), ann.id, "ann's new password")).toBe(1);
    expect((await gate("/api/sidebar", annToken))?.status).toBe(401);
    expect(await gate("/api/sidebar", bobToken)).toBeNull();
  });

  it("a session under the user's old password is over even if its row survived", async () => {
    const token = await logIn(ann);
    await db().user.update({
      where: { id: ann.id },
      data: { passwordHash: (await db().user.findUniqueOrThrow({ where: { id: bob.id } })).passwordHash },
    });
    expect((await gate("/api/sidebar", token))?.status).toBe(401);
  });

  it("disabling ends the user's sessions and refuses them; enabling lets them log in again", async () => {
    const token = await logIn(ann);
    const kept = await logIn(bob);
    await setUserDisabled(db(), ann.id, true, new Date());
    expect((await gate("/api/sidebar", token))?.status).toBe(401);
    expect(await db().session.count({ where: { userId: ann.id } })).toBe(0);
    expect((await findLoginCandidate(db(), "ann"))?.disabled).toBe(true);
    expect(await gate("/api/sidebar", kept)).toBeNull();
    await setUserDisabled(db(), ann.id, false, new Date());
    expect(await gate("/api/sidebar", await logIn(ann))).toBeNull();
  });

  it("lists and ends one's own sessions, never another user's", async () => {
    const annToken = await logIn(ann);
    const bobToken = await logIn(bob);
    const auth = await getAuthState();
    const stampOf = async (user: ReaderUser) =>
      auth.stampOf(
        await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, passwordHash: true } }),
      );
    const annSessions = await listSessions(db(), ann.id, annToken, await stampOf(ann), new Date());
    expect(annSessions.map((session) => session.current)).toEqual([true]);
    const [bobSession] = await listSessions(db(), bob.id, bobToken, await stampOf(bob), new Date());
    await endSessionById(db(), ann.id, bobSession!.id); // ann names bob's session: nothing happens
    expect(await gate("/api/sidebar", bobToken)).toBeNull();
    expect(await endUserSessions(db(), ann.id)).toBe(1); // "sign out everywhere"
    expect((await gate("/api/sidebar", annToken))?.status).toBe(401);
    expect(await gate("/api/sidebar", bobToken)).toBeNull();
  });

  it("keeps when each user was last seen, at most one write per 5 minutes", async () => {
    const token = await logIn(ann);
    await db().session.updateMany({ data: { lastSeenAt: new Date(Date.now() - 10 * 60_000) } });
    expect(await gate("/", token)).toBeNull();
    const seen = (await db().user.findUniqueOrThrow({ where: { id: ann.id } })).lastSeenAt;
    expect(seen).not.toBeNull();
    expect(await gate("/sources", token)).toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { id: ann.id } })).lastSeenAt).toEqual(seen);
    expect((await db().user.findUniqueOrThrow({ where: { id: bob.id } })).lastSeenAt).toBeNull();
  });

  it("a member gets 404 on every admin route of the app/ tree and /metrics; an admin passes", async () => {
    const memberToken = await logIn(ann);
    const adminToken = await logIn(admin);
    const adminRoutes = listAppRoutes().filter((route) => /^\/(admin|health|publishers)(\/|$)/.test(route));
    expect(adminRoutes).toEqual(expect.arrayContaining(["/admin/users", "/health", "/publishers/x"]));
    for (const route of [...adminRoutes, "/metrics"]) {
      for (const method of ["GET", "POST"]) {
        const answer = await gate(route, memberToken, method);
        expect([route, method, answer?.status]).toEqual([route, method, 404]);
        expect(await answer!.text()).toBe("Not found\n");
        expect([route, method, await gate(route, adminToken, method)]).toEqual([route, method, null]);
      }
    }
    for (const route of ["/", "/sources", "/sources/1", "/settings", "/api/sidebar", "/api/articles"])
      expect([route, await gate(route, memberToken)]).toEqual([route, null]);
  });
});

describe("API credentials per user", () => {
  let ann: ReaderUser;
  let bob: ReaderUser;

  beforeEach(async () => {
    await wipeUsers();
    forget("api-login-throttle");
    ann = (await createFirstAdmin(db(), "ann", "ann's password"))!;
    bob = (await createUser(db(), { name: "bob", password: "bob's password", role: "member" }))!;
    for (const user of [ann, bob])
      await saveApiCredentials(
        db(),
        user.id,
        await deriveApiCredentials({ user: user.name, password: `${user.name} api secret` }),
      );
  });

  const fever = async (key: string) => {
    const request = new Request(`http://${HOST}/api/fever.php?api`, {
      method: "POST",
      headers: {
        host: HOST,
        "content-type": "application/x-www-form-urlencoded",
        [CLIENT_ADDRESS_HEADER]: "192.0.2.50",
      },
      body: new URLSearchParams({ api_key: key }).toString(),
    });
    return ((await (await handleFeverCall(request, new LoginThrottle())).json()) as { auth: number }).auth;
  };

  const clientLogin = async (email: string, password: string) => {
    const answer = await callGReader("accounts/ClientLogin", {
      form: { Email: email, Passwd: password },
      headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.51" },
    });
    return { status: answer.status, auth: /^Auth=(.+)$/m.exec(await answer.text())?.[1] ?? null };
  };

  it('each one\'s Fever key works, as md5("name:password") of their own name only', async () => {
    expect(await fever(feverKeyOf("ann", "ann api secret"))).toBe(1);
    expect(await fever(feverKeyOf("bob", "bob api secret"))).toBe(1);
    expect(await fever(feverKeyOf("bob", "ann api secret"))).toBe(0);
    expect(await fever(feverKeyOf("tidings", "ann api secret"))).toBe(0);
    await setUserDisabled(db(), bob.id, true, new Date());
    expect(await fever(feverKeyOf("bob", "bob api secret"))).toBe(0);
  });

  it("ClientLogin takes a user's name with their API password, and the token names that user only", async () => {
    const annLogin = await clientLogin("ann", "ann api secret");
    expect(annLogin).toMatchObject({ status: 200, auth: expect.stringMatching(/^ann\//) });
    expect((await clientLogin("bob", "ann api secret")).status).toBe(401);
    expect((await clientLogin("carol", "ann api secret")).status).toBe(401);
    expect((await clientLogin("ann", "ann's password")).status).toBe(401); // the web password is not the API's
    const userInfo = async (auth: string) => callGReader("reader/api/0/user-info", { query: { output: "json" }, auth });
    const info = await userInfo(annLogin.auth!);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ userName: "ann" });
    // Ann's signature under Bob's name opens nothing.
    expect((await userInfo(`bob/${annLogin.auth!.split("/")[1]}`)).status).toBe(401);
    await setUserDisabled(db(), ann.id, true, new Date());
    expect((await userInfo(annLogin.auth!)).status).toBe(401);
  });
});

describe("removing a user", () => {
  beforeEach(wipeUsers);

  it("removes their subscriptions and reading, and the sources nobody else follows with their articles", async () => {
    const ann = (await createFirstAdmin(db(), "ann", "ann's password"))!;
    const bob = (await createUser(db(), { name: "bob", password: "bob's password", role: "member" }))!;
    const shared = await seedSource(db(), { title: "Shared", userId: ann.id });
    await subscribeSeeded(db(), { userId: bob.id, sourceId: shared });
    const bobsOwn = await seedSource(db(), { title: "Bob's own", userId: bob.id });
    await seedArticles(db(), shared, [{ title: "Shared one" }]);
    await seedArticles(db(), bobsOwn, [{ title: "Only Bob reads this" }]);
    expect(
      (await listUserSummaries(db())).map(({ name, subscriptions, unread }) => ({ name, subscriptions, unread })),
    ).toEqual([
      { name: "ann", subscriptions: 1, unread: 1 },
      { name: "bob", subscriptions: 2, unread: 2 },
    ]);
    await logIn(bob);
    await deleteUser(db(), bob.id);
    expect(await removeOrphanSources(db())).toEqual([bobsOwn]);
    expect(await db().source.findMany({ select: { id: true } })).toEqual([{ id: shared }]);
    expect(await db().article.count({ where: { sourceId: bobsOwn } })).toBe(0);
    expect(await db().subscription.count({ where: { userId: bob.id } })).toBe(0);
    expect(await db().unreadArticle.count({ where: { userId: bob.id } })).toBe(0);
    expect(await db().session.count({ where: { userId: bob.id } })).toBe(0);
    expect(await db().subscription.count({ where: { userId: ann.id } })).toBe(1);
  });
});

/** Every page and route handler of app/, as the URL path it answers ([param] → "x", (group) dropped). */
function listAppRoutes(): string[] {
  const root = path.resolve(__dirname, "../../app");
  const routes: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        const segment = name.startsWith("(") ? null : name.startsWith("[") ? "x" : name;
        walk(full, segment === null ? segments : [...segments, segment]);
      } else if (/^(page|route)\.tsx?$/.test(name)) routes.push(`/${segments.join("/")}`);
    }
  };
  walk(root, []);
  return routes;
}
