// The gate (lib/features/auth/gate-request.ts) as a deployment with a web password runs it, for the tests
// that prove which paths an API credential opens. Call inside a describe(): the password is set
// before its tests and removed after them.
import { afterAll, beforeAll } from "vitest";
import { NextRequest } from "next/server";
import { gateRequest } from "@/lib/features/auth/gate-request";
import { forget } from "@/lib/base/remember";

export function useWebPasswordGate(
  host: string,
): (path: string, headers?: Record<string, string>) => ReturnType<typeof gateRequest> {
  const reload = () => ["env", "auth-state"].forEach((name) => forget(name));
  beforeAll(() => {
    process.env.TIDINGS_PASSWORD = "the web password";
    reload();
  });
  afterAll(() => {
    delete process.env.TIDINGS_PASSWORD;
    reload();
  });
  return (path, headers = {}) =>
    gateRequest(new NextRequest(`http://${host}${path}`, { headers: { host, ...headers } }));
}
