// The Google Reader API's sign-in and dispatch, through the real route handlers against a real
// database (SQLite, or PostgreSQL with DATABASE_URL), as the protocol's descriptions have it
// (FreshRSS's greader.php, Miniflux's googlereader): ClientLogin answers SID/LSID/Auth as text,
// every other call needs `Authorization: GoogleLogin auth=…`, state-changing POSTs need T
// (Reeder's `x` and FeedMe's empty one taken as FreshRSS takes them); CORS lets browser apps call it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import {
  callGReader,
  GREADER_HOST,
  GREADER_PASSWORD,
  greaderRequest,
  logInGReader,
  openGReaderSession,
  setGReaderPassword,
} from "@/tests/helpers/greader-client";
import { handleGReaderRequest, MAX_GREADER_BODY_BYTES } from "@/lib/features/greader/handle-greader-request";
import { createActionToken } from "@/lib/features/greader/protocol/auth-token";
import { readGReaderAccount } from "@/lib/features/greader/protocol/read-greader-account";
import { answerOk } from "@/lib/features/greader/protocol/greader-answer";
import { GREADER_ROUTES } from "@/lib/features/greader/routes";
import type { GReaderCall, GReaderRoute } from "@/lib/features/greader/protocol/types";
import { clearApiPassword } from "@/tests/helpers/api-users";
import { useWebPasswordGate } from "@/tests/helpers/gate-with-password";
import { SESSION_COOKIE } from "@/lib/features/auth/session-token";
import { forget } from "@/lib/base/remember";
import * as greaderRoute from "@/app/api/greader/[...path]/route";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let restore: () => Promise<void>;

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
});

afterAll(async () => {
  await restore();
  await database.dispose();
});

// The throttle is the process's (shared with Fever); each test starts with a clean one.
beforeEach(() => forget("api-login-throttle"));

const login = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  callGReader("accounts/ClientLogin", { form, headers });

describe("without an API password", () => {
  it("answers 401 everywhere, ClientLogin with the right-looking password included", async () => {
    const answer = await login({ Email: "tidings", Passwd: GREADER_PASSWORD });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    // The same answer as for a wrong password: whether a user has an API password is nobody's business.
    expect(await answer.text()).toBe("Error=BadAuthentication\n");
    for (const path of ["reader/api/0/token", "reader/api/0/user-info"]) {
      expect((await callGReader(path, { auth: "tidings/anything" })).status, path).toBe(401);
    }
  });
});

describe("ClientLogin", () => {
  beforeAll(() => setGReaderPassword(database.db));

  it("answers SID, LSID and Auth as text lines to the API user name and password", async () => {
    const answer = await login({ Email: "tidings", Passwd: GREADER_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();
    expect(text).toMatch(/^SID=tidings\/[\w-]+\nLSID=tidings\/[\w-]+\nAuth=tidings\/[\w-]+\n$/);
    const auth = /^Auth=(.+)$/m.exec(text)![1]!;
    expect((await callGReader("reader/api/0/user-info", { auth })).status).toBe(200);
  });

  it("takes Email and Passwd from the query string too (GET or POST), and answers JSON with output=json", async () => {
    const get = await callGReader("accounts/ClientLogin", { query: { Email: "tidings", Passwd: GREADER_PASSWORD } });
    expect(await get.text()).toMatch(/^SID=.+\nLSID=.+\nAuth=.+\n$/);
    const post = await callGReader("accounts/ClientLogin", {
      method: "POST",
      query: { Email: "tidings", Passwd: GREADER_PASSWORD, output: "json" },
    });
    const body = await post.json();
    expect(Object.keys(body).sort()).toEqual(["Auth", "LSID", "SID"]);
    expect(body.Auth).toBe(await logInGReader());
  });

  it("refuses a wrong password, a wrong user name and missing fields with 401 Error=BadAuthentication", async () => {
    for (const form of <Record<string, string>[]>[
      { Email: "tidings", Passwd: "wrong password" },
      { Email: "someone", Passwd: GREADER_PASSWORD },
      { Email: "tidings" },
      {},
    ]) {
      const answer = await login(form, { "x-tidings-client-address": "198.51.100.7" });
      expect(answer.status, JSON.stringify(form)).toBe(401);
      expect(await answer.text()).toBe("Error=BadAuthentication\n");
    }
  });

  it("throttles wrong passwords per client like the login: 429 with Retry-After, even for the right one", async () => {
    const guesser = { "x-tidings-client-address": "203.0.113.9" };
    for (let n = 0; n < 5; n++)
      expect((await login({ Email: "tidings", Passwd: `guess ${n}` }, guesser)).status).toBe(401);
    const blocked = await login({ Email: "tidings", Passwd: GREADER_PASSWORD }, guesser);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await login({ Email: "tidings", Passwd: GREADER_PASSWORD }, { "x-tidings-client-address": "198.51.100.1" }))
        .status,
    ).toBe(200);
  });

  it("signs in a browser app of another origin, with CORS headers and no cookie", async () => {
    const answer = await login(
      { Email: "tidings", Passwd: GREADER_PASSWORD },
      { origin: "https://web-app.example", "sec-fetch-site": "cross-site" },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a wrong password from another origin as from anywhere, with CORS headers so the app can read why", async () => {
    const answer = await login({ Email: "tidings", Passwd: "wrong" }, { origin: "https://web-app.example" });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("CORS", () => {
  beforeAll(() => setGReaderPassword(database.db));

  it("answers a preflight for Authorization from any origin, without credentials", async () => {
    const answer = greaderRoute.OPTIONS();
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-methods")).toBe("GET, POST, OPTIONS");
    expect(answer.headers.get("access-control-allow-headers")).toMatch(/\bAuthorization\b/);
    expect(Number(answer.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("lets another origin read a call made with the Auth token, and still refuses one without it", async () => {
    const auth = await logInGReader();
    const crossOrigin = { origin: "https://web-app.example", "sec-fetch-site": "cross-site" };
    const answer = await callGReader("reader/api/0/user-info", { auth, headers: crossOrigin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-expose-headers")).toMatch(/X-Reader-Google-Bad-Token/);
    const without = await callGReader("reader/api/0/user-info", { headers: crossOrigin });
    expect(without.status).toBe(401);
  });

  it("never takes the web session's cookie for the API's credential", async () => {
    const answer = await callGReader("reader/api/0/user-info", {
      headers: { origin: "https://web-app.example", cookie: `${SESSION_COOKIE}=anything` },
    });
    expect(answer.status).toBe(401);
  });
});

describe("the Auth token", () => {
  beforeAll(() => setGReaderPassword(database.db));

  it("is needed by every other call: missing, malformed or forged gets 401", async () => {
    const auth = await logInGReader();
    const user = auth.split("/")[0];
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: auth },
      { authorization: `Bearer ${auth}` },
      { authorization: `GoogleLogin auth=${user}/forged` },
      { authorization: `GoogleLogin auth=${auth}x` },
    ]) {
      const answer = await callGReader("reader/api/0/user-info", { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(answer.headers.get("x-reader-google-bad-token")).toBeNull();
    }
  });

  it("gives user-info and a fresh action token", async () => {
    const session = await openGReaderSession(database.db, { setPassword: false });
    expect(await session.json(session.get("reader/api/0/user-info"))).toEqual({
      userId: "1",
      userName: "tidings",
      userProfileId: "1",
      userEmail: "",
    });
    const token = await session.get("reader/api/0/token");
    expect(token.headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await token.text()).trim()).toMatch(/^[0-9a-z]+\.[\w-]{24}$/);
  });

  it("is revoked by a new API password and a cleared password", async () => {
    const auth = await logInGReader();
    await setGReaderPassword(database.db, "tidings", "another long api password");
    expect((await callGReader("reader/api/0/user-info", { auth })).status).toBe(401);
    const second = await logInGReader("tidings", "another long api password");
    expect(await (await callGReader("reader/api/0/user-info", { auth: second })).json()).toMatchObject({
      userName: "tidings",
    });
    await clearApiPassword(database.db, "tidings");
    expect((await callGReader("reader/api/0/user-info", { auth: second })).status).toBe(401);
    expect((await login({ Email: "tidings", Passwd: "another long api password" })).status).toBe(401);
    await setGReaderPassword(database.db);
  });
});

describe("dispatch", () => {
  beforeAll(() => setGReaderPassword(database.db));

  it("answers 404 to a path that is no endpoint, before asking for credentials", async () => {
    for (const path of [
      "reader/api/0/nothing",
      "reader/api/0/user-info/more",
      "accounts/clientlogin",
      "reader/api/1/token",
    ]) {
      const answer = await callGReader(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    }
  });

  it("answers 405 with Allow to a method the endpoint does not take", async () => {
    const auth = await logInGReader();
    const answer = await callGReader("reader/api/0/token", { method: "POST", auth, form: {} });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET");
  });

  it("refuses a body over the cap with 413 and 100,000 values of one parameter with 400", async () => {
    const huge = await callGReader("accounts/ClientLogin", {
      method: "POST",
      body: `Email=tidings&Passwd=${"x".repeat(MAX_GREADER_BODY_BYTES)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(huge.status).toBe(413);
    const many = await callGReader("accounts/ClientLogin", {
      form: {
        Email: "tidings",
        Passwd: GREADER_PASSWORD,
        s: Array.from({ length: 100_000 }, (_, n) => String(n % 10)),
      },
    });
    expect(many.status).toBe(400);
    expect(await many.text()).toMatch(/repeated more than 10000 times/);
    // 100,000 stream ids as apps send them (`s=feed%2F123`) are over the byte cap already.
    const ids = await callGReader("accounts/ClientLogin", {
      form: { Email: "tidings", Passwd: GREADER_PASSWORD, s: Array.from({ length: 100_000 }, (_, n) => `feed/${n}`) },
    });
    expect(ids.status).toBe(413);
  });
});

describe("the action token T on state-changing POSTs", () => {
  const seen: GReaderCall[] = [];
  const routes: GReaderRoute[] = [
    ...GREADER_ROUTES,
    {
      path: "reader/api/0/test-write",
      methods: ["POST"],
      auth: "token",
      handle: async (call) => {
        seen.push(call);
        return answerOk();
      },
    },
  ];
  const write = (init: Parameters<typeof greaderRequest>[1]) =>
    handleGReaderRequest(greaderRequest("reader/api/0/test-write", { method: "POST", ...init }), routes);

  it("runs the handler with T in the form or the query string", async () => {
    const session = await openGReaderSession(database.db);
    expect(
      await (await write({ auth: session.auth, form: { T: session.token, s: ["feed/1", "feed/2"] } })).text(),
    ).toBe("OK");
    expect(seen.at(-1)!.params.all("s")).toEqual(["feed/1", "feed/2"]);
    expect(seen.at(-1)!.user).toEqual({ name: "tidings", id: await readerId(database.db) });
    expect((await write({ auth: session.auth, query: { T: session.token } })).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it("takes Reeder's T=x and FeedMe's empty T, as FreshRSS does, but only with the Auth token", async () => {
    const session = await openGReaderSession(database.db);
    const before = seen.length;
    expect((await write({ auth: session.auth, form: { T: "x" } })).status).toBe(200);
    expect((await write({ auth: session.auth, form: { T: "" } })).status).toBe(200);
    expect((await write({ auth: session.auth, query: { T: "x" } })).status).toBe(200);
    expect(seen.length).toBe(before + 3);
    for (const form of [{ T: "x" }, { T: "" }]) {
      const answer = await write({ form });
      expect(answer.status, JSON.stringify(form)).toBe(401);
      expect(answer.headers.get("x-reader-google-bad-token")).toBeNull();
    }
    expect(seen.length).toBe(before + 3);
  });

  it("answers a missing, wrong or stale T with 401 and X-Reader-Google-Bad-Token, never running the handler", async () => {
    const session = await openGReaderSession(database.db);
    const before = seen.length;
    const dayOld = createActionToken(
      (await readGReaderAccount(database.db, "tidings"))!,
      new Date(Date.now() - 25 * 60 * 60 * 1000),
    );
    for (const form of <Record<string, string>[]>[{}, { T: "y" }, { T: `${session.token}0` }, { T: dayOld }]) {
      const answer = await write({ auth: session.auth, form });
      expect(answer.status, JSON.stringify(form)).toBe(401);
      expect(answer.headers.get("x-reader-google-bad-token")).toBe("true");
    }
    // A T from before a password change is stale too.
    await setGReaderPassword(database.db);
    const fresh = await openGReaderSession(database.db, { setPassword: false });
    expect(
      (await write({ auth: fresh.auth, form: { T: session.token } })).headers.get("x-reader-google-bad-token"),
    ).toBe("true");
    expect(seen.length).toBe(before);
    // And without the Auth token, T alone opens nothing (and is no bad-token case).
    const noAuth = await write({ form: { T: fresh.token } });
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers.get("x-reader-google-bad-token")).toBeNull();
  });
});

describe("the gate with a web password set", () => {
  let auth: string;

  beforeAll(async () => {
    await setGReaderPassword(database.db);
    auth = await logInGReader();
  });
  const gate = useWebPasswordGate(GREADER_HOST);

  it("lets every /api/greader/ path through to its own authentication", async () => {
    for (const path of [
      "/api/greader/accounts/ClientLogin",
      "/api/greader/reader/api/0/user-info",
      "/api/greader/reader/api/0/stream/contents/feed%2F1",
    ]) {
      expect(await gate(path), path).toBeNull();
    }
  });

  it("opens nothing else with the GReader token: not as a header, a cookie or a query parameter", async () => {
    for (const [path, headers] of [
      ["/api/articles", { authorization: `GoogleLogin auth=${auth}` }],
      ["/api/sidebar", { cookie: `${SESSION_COOKIE}=${auth}` }],
      [`/api/articles?auth=${encodeURIComponent(auth)}`, {}],
      ["/api/greader/../articles", { authorization: `GoogleLogin auth=${auth}` }],
      ["/api/greader/%2e%2e/articles", { authorization: `GoogleLogin auth=${auth}` }],
      ["/api/greaderish/x", { authorization: `GoogleLogin auth=${auth}` }],
      ["/api/greader", { authorization: `GoogleLogin auth=${auth}` }],
    ] as const) {
      expect((await gate(path, headers))?.status, path).toBe(401);
    }
    expect((await gate("/sources", { authorization: `GoogleLogin auth=${auth}` }))?.status).toBe(303);
  });
});
