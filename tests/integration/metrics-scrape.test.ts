// Prometheus scraping /metrics on an instance with a password: it brings TIDINGS_METRICS_TOKEN as a
// bearer token (and/or scrapes from TIDINGS_METRICS_ALLOWED_NETWORKS); before, every scrape was
// redirected to the login page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useWebPasswordGate } from "@/tests/helpers/gate-with-password";
import { setUpDatabaseInProcess } from "@/tests/helpers/database-in-process";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { forget } from "@/lib/base/remember";
import { GET as metricsRoute } from "@/app/metrics/route";

const HOST = "127.0.0.1:3000";
const TOKEN = "scrape-token-4f9c2a7d1e";
setUpDatabaseInProcess();

/** Sets metrics variables for one describe() and puts the environment back after it. */
function useMetricsEnvironment(variables: Record<string, string>): void {
  beforeAll(() => {
    Object.assign(process.env, variables);
    forget("env");
  });
  afterAll(() => {
    for (const name of Object.keys(variables)) delete process.env[name];
    forget("env");
  });
}

describe("with a password and TIDINGS_METRICS_TOKEN", () => {
  const gate = useWebPasswordGate(HOST);
  useMetricsEnvironment({ TIDINGS_METRICS_TOKEN: TOKEN });

  it("a scrape with the bearer token passes the gate and reads the exposition", async () => {
    expect(await gate("/metrics", { authorization: `Bearer ${TOKEN}` })).toBeNull();
    const answer = await metricsRoute();
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await answer.text()).toMatch(/^# (HELP|TYPE) tidings_/m);
  });

  it.each([
    ["no token", {}],
    ["a wrong token", { authorization: `Bearer ${TOKEN}0` }],
    ["the token as a cookie-less basic credential", { authorization: `Basic ${TOKEN}` }],
  ])("%s gets 401 with a Bearer challenge, not the login page", async (_, headers) => {
    const refused = await gate("/metrics", headers);
    expect(refused?.status).toBe(401);
    expect(refused?.headers.get("www-authenticate")).toBe('Bearer realm="tidings metrics"');
  });

  it("the token opens /metrics and nothing else", async () => {
    const other = await gate("/api/articles", { authorization: `Bearer ${TOKEN}` });
    expect(other?.status).toBe(401);
  });
});

describe("with a password and TIDINGS_METRICS_ALLOWED_NETWORKS", () => {
  const gate = useWebPasswordGate(HOST);
  useMetricsEnvironment({ TIDINGS_METRICS_ALLOWED_NETWORKS: "10.20.0.0/16, ::1" });

  it("a scraper inside the networks passes; one outside does not, whatever X-Forwarded-For it sends", async () => {
    expect(await gate("/metrics", { [CLIENT_ADDRESS_HEADER]: "10.20.3.4" })).toBeNull();
    expect(await gate("/metrics", { [CLIENT_ADDRESS_HEADER]: "::1" })).toBeNull();
    const outside = await gate("/metrics", { [CLIENT_ADDRESS_HEADER]: "10.21.0.1", "x-forwarded-for": "10.20.3.4" });
    expect(outside?.status).toBe(401);
  });
});

describe("with a password and no metrics settings", () => {
  const gate = useWebPasswordGate(HOST);

  it("/metrics stays behind the login, as every page", async () => {
    const refused = await gate("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(refused?.status).toBe(303);
  });
});
