// Server actions refuse a cross-site request with the JSON API's 403, whatever headers it carries:
// before, Next answered a foreign Origin with a 500 ("Invalid Server Actions request") and ran an
// action that sent only `Sec-Fetch-Site: cross-site`. The proxy (proxy.ts) is what every request
// meets first; it is called here as Next calls it.
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { setUpDatabaseInProcess } from "@/tests/helpers/database-in-process";
import { claimFirstAdmin } from "@/lib/features/auth/users";

const HOST = "127.0.0.1:3000";
const database = setUpDatabaseInProcess();
// An installation in use without a password (open on loopback): a same-site action goes on.
beforeAll(async () => {
  await claimFirstAdmin(database().db);
});

function post(path: string, headers: Record<string, string>): Promise<Response> {
  return proxy(
    new NextRequest(`http://${HOST}${path}`, {
      method: "POST",
      headers: { host: HOST, "next-action": "7f00aa11bb22cc33dd44ee55ff6677889900aabb", ...headers },
      body: "[]",
    }),
  );
}

describe("a cross-site server action", () => {
  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site without an Origin", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "sec-fetch-site": "same-site" }],
    ["Origin: null (a sandboxed frame)", { origin: "null" }],
    ["a foreign Origin on the login form", { origin: "https://evil.example" }, "/login"],
    ["a no-JavaScript form post (no Next-Action)", { origin: "https://evil.example", "next-action": "" }, "/settings"],
  ])("with %s gets 403 cross_site", async (_, headers, path = "/") => {
    const answer = await post(path, headers);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      error: { code: "cross_site", message: "Cross-site requests may not change anything here." },
    });
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
  });

  it.each([
    ["its own Origin", { origin: `http://${HOST}`, "sec-fetch-site": "same-origin" }],
    ["no Origin and no Sec-Fetch-Site (a script)", {}],
  ])("with %s goes on to the action", async (_, headers) => {
    const answer = await post("/", headers);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-middleware-next")).toBe("1");
  });
});
