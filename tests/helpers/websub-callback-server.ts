// Tidings' WebSub callback on a real loopback HTTP server, for tests that need no Next build: each
// request goes to the same handleWebSubCallback the route (app/api/websub/[token]/route.ts) calls.
// Its origin stands for TIDINGS_PUBLIC_URL.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { Db } from "@/lib/db/client";
import { handleWebSubCallback, type CallbackContext } from "@/lib/features/websub/handle-callback";

export type CallbackServer = { origin: string; close(): Promise<void> };

export async function startCallbackServer(
  db: Db,
  context: CallbackContext,
  host = "127.0.0.1",
): Promise<CallbackServer> {
  const server = createServer((incoming, outgoing) => {
    const url = `http://${incoming.headers.host ?? host}${incoming.url ?? "/"}`;
    const token = decodeURIComponent(new URL(url).pathname.replace(/^\/api\/websub\//, ""));
    const method = incoming.method ?? "GET";
    const request = new Request(url, {
      method,
      headers: Object.entries(incoming.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value] as [string, string]],
      ),
      ...(method === "GET" || method === "HEAD"
        ? {}
        : { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: "half" }),
    } as RequestInit);
    handleWebSubCallback(db, request, token, context)
      .then(async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => outgoing.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
