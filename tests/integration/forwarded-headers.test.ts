// X-Forwarded-Proto decides the login cookie's Secure flag and the https in the addresses /settings
// shows, X-Forwarded-Host the name in them. Both were believed from anyone; now, like
// X-Forwarded-For, only from TIDINGS_TRUSTED_PROXIES.
// A real server on loopback with the production hook installed; clients on two loopback addresses,
// one of them the trusted proxy.
import { once } from "node:events";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNetworkList } from "@/lib/base/network-list";
import { CLIENT_ADDRESS_HEADER, installClientAddressHook } from "@/lib/http/client-address";
import { findInstanceOrigin } from "@/lib/http/instance-origin";

const PROXY = "127.10.30.1";
const STRANGER = "127.10.30.2";
let server: Server;

beforeAll(async () => {
  installClientAddressHook(createNetworkList([PROXY]));
  // Answers with the headers a route handler would see, and the origin /settings would show.
  server = createServer((incoming, response) => {
    const headers = new Headers(incoming.headers as Record<string, string>);
    response.end(
      JSON.stringify({
        proto: incoming.headers["x-forwarded-proto"] ?? null,
        host: incoming.headers["x-forwarded-host"] ?? null,
        client: incoming.headers[CLIENT_ADDRESS_HEADER],
        origin: findInstanceOrigin(undefined, headers),
      }),
    );
  });
  server.listen(0, "127.10.30.9");
  await once(server, "listening");
});
afterAll(async () => {
  server?.close();
});

async function ask(from: string, headers: Record<string, string>): Promise<Record<string, string | null>> {
  const { port } = server.address() as AddressInfo;
  const outgoing = request({
    host: "127.10.30.9",
    port,
    localAddress: from,
    headers: { host: "reader.example", ...headers },
  });
  outgoing.end();
  const [response] = (await once(outgoing, "response")) as [NodeJS.ReadableStream];
  let body = "";
  for await (const part of response) body += String(part);
  return JSON.parse(body) as Record<string, string | null>;
}

const FORWARDED = {
  "x-forwarded-proto": "https",
  "x-forwarded-host": "feeds.example.net",
  "x-forwarded-for": "203.0.113.5",
};

describe("X-Forwarded-Proto and X-Forwarded-Host", () => {
  it("are removed when anyone but a trusted proxy sends them", async () => {
    const answer = await ask(STRANGER, FORWARDED);
    expect(answer).toEqual({ proto: null, host: null, client: STRANGER, origin: "http://reader.example" });
  });

  it("are believed from a trusted proxy, with the client it forwarded for", async () => {
    const answer = await ask(PROXY, FORWARDED);
    expect(answer).toEqual({
      proto: "https",
      host: "feeds.example.net",
      client: "203.0.113.5",
      origin: "https://feeds.example.net",
    });
  });
});
