// Server-side sessions: before, the cookie was a signed token and logging out only deleted it from
// the browser, so a copied cookie worked for its 30 days. Now the database holds each session (the
// token's hash only), and logout, a new password and "sign out everywhere" end them.
import { beforeEach, describe, expect, it } from "vitest";
import { setUpDatabaseInProcess } from "@/tests/helpers/database-in-process";
import { useWebPasswordGate } from "@/tests/helpers/gate-with-password";
import { runCli } from "@/tests/helpers/run-cli";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { SESSION_COOKIE, SESSION_LIFETIME_SECONDS, hashSessionToken } from "@/lib/features/auth/session-token";
import { claimFirstAdmin } from "@/lib/features/auth/users";
import {
  endUserSessions,
  endSession,
  endSessionById,
  findLiveSession,
  listSessions,
  openSession,
} from "@/lib/features/auth/sessions";

const HOST = "127.0.0.1:3000";
const database = setUpDatabaseInProcess();
const LAPTOP = { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", address: "192.168.1.20" };
const PHONE = { userAgent: "Mozilla/5.0 (iPhone) Safari/604.1", address: "192.168.1.31" };

describe("sessions behind the gate", () => {
  const gate = useWebPasswordGate(HOST);
  // The web password is TIDINGS_PASSWORD (the first admin's while they have none of their own),
  // until `tidings password` gives them one.
  const owner = async () => (await claimFirstAdmin(database().db)).id;
  const stamp = async () =>
    (await getAuthState()).stampOf(
      await database().db.user.findUniqueOrThrow({
        where: { id: await owner() },
        select: { id: true, passwordHash: true },
      }),
    );
  const open = async (origin: typeof LAPTOP, at: Date, withStamp?: string) =>
    openSession(database().db, await owner(), withStamp ?? (await stamp()), origin, at);
  const withCookie = (token: string) => gate("/api/sidebar", { cookie: `${SESSION_COOKIE}=${token}` });

  beforeEach(async () => {
    await database().db.session.deleteMany();
  });

  it("a cookie reused after logout is refused", async () => {
    const token = await open(LAPTOP, new Date());
    expect(await withCookie(token)).toBeNull();
    const copied = token;
    await endSession(database().db, token); // what the logout action does before deleting the cookie
    expect((await withCookie(copied))?.status).toBe(401);
    expect(await database().db.session.count()).toBe(0);
  });

  it("stores only the token's hash", async () => {
    const token = await open(LAPTOP, new Date());
    const [row] = await database().db.session.findMany();
    expect(row).toMatchObject({ tokenHash: hashSessionToken(token), ...LAPTOP });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("a new password set with `tidings password` ends the first admin's sessions at once", async () => {
    const tokens = [await open(LAPTOP, new Date()), await open(PHONE, new Date())];
    const reset = await runCli(["password"], { DATABASE_URL: database().url }, { stdin: "a brand new password\n" });
    expect([reset.code, reset.stdout]).toEqual([0, expect.stringContaining("2 session(s) ended now")]);
    for (const token of tokens) expect((await withCookie(token))?.status).toBe(401);
  });

  it("a session opened under another password is over", async () => {
    const token = await open(LAPTOP, new Date(), "the stamp of an older password");
    expect((await withCookie(token))?.status).toBe(401);
  });

  it("an expired session is over, and is removed at the next login", async () => {
    const longAgo = new Date(Date.now() - (SESSION_LIFETIME_SECONDS + 60) * 1000);
    const old = await open(LAPTOP, longAgo);
    expect((await withCookie(old))?.status).toBe(401);
    await open(PHONE, new Date());
    expect(await database().db.session.findMany({ select: { address: true } })).toEqual([{ address: PHONE.address }]);
  });

  it("keeps when each session was last seen, writing at most every 5 minutes", async () => {
    const opened = new Date(Date.now() - 60 * 60 * 1000);
    const token = await open(LAPTOP, opened);
    const lastSeen = async () => (await database().db.session.findFirstOrThrow()).lastSeenAt.getTime();
    const auth = await getAuthState();
    await findLiveSession(database().db, token, auth, new Date(opened.getTime() + 60_000));
    expect(await lastSeen()).toBe(opened.getTime());
    const later = new Date(opened.getTime() + 10 * 60_000);
    await findLiveSession(database().db, token, auth, later);
    expect(await lastSeen()).toBe(later.getTime());
  });

  it("lists one's sessions, marks this one, and signs out another or everywhere", async () => {
    const now = new Date();
    const mine = await open(LAPTOP, new Date(now.getTime() - 1000));
    const phone = await open(PHONE, now);
    const listed = await listSessions(database().db, await owner(), mine, await stamp(), now);
    expect(listed.map(({ userAgent, address, current }) => ({ userAgent, address, current }))).toEqual([
      { ...PHONE, current: false },
      { ...LAPTOP, current: true },
    ]);
    await endSessionById(database().db, await owner(), listed[0]!.id);
    expect((await withCookie(phone))?.status).toBe(401);
    expect(await withCookie(mine)).toBeNull();
    expect(await endUserSessions(database().db, await owner())).toBe(1);
    expect((await withCookie(mine))?.status).toBe(401);
  });

  it.each(["", "garbage", "v1.1798000000.AAAAAAAAAAAAAAAA.c2ln"])("a cookie %j opens nothing", async (cookie) => {
    expect((await withCookie(cookie))?.status).toBe(401);
  });
});
