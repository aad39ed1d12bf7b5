/**
 * A local WebSub hub for tests, following the W3C WebSub Recommendation (hub side): a real
 * `node:http` server on a loopback address (another host than the publisher's).
 *
 *   const hub = await startHub({ host: "127.10.0.2" });
 *   afterAll(() => hub.close());
 *
 * - §5.1: POST `hub.url` with a form (hub.mode, hub.topic, hub.callback, hub.lease_seconds,
 *   hub.secret) is answered 202 Accepted (or `refuseWith` / a 400 for a malformed request), and
 *   every request is recorded in `hub.requests`.
 * - §5.3: the intent is then verified asynchronously: GET callback?hub.mode&hub.topic&hub.challenge
 *   (&hub.lease_seconds for subscribe); the subscription counts only when the answer is 2xx with
 *   the challenge as its body. Every verification and its answer is in `hub.verifications`.
 *   `await hub.settle()` waits for those under way.
 * - §5.2: `deny(reason)` makes the hub deny the next subscriptions (GET hub.mode=denied&hub.reason).
 * - §7/§8: `publish(topic, body, { signature })` POSTs the body to every verified subscriber of the
 *   topic, with Link rel=hub and rel=self, and X-Hub-Signature: sha256 by default, another method,
 *   "none" (no header) or "wrong" (signed with another secret). Returns each callback's answer.
 * - `askCallback(callback, params)` sends a GET the subscriber never asked for (a forged verification).
 * - `reset()` between tests.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type HubRequestRecord = {
  mode: string | null;
  topic: string | null;
  callback: string | null;
  secret: string | null;
  leaseSeconds: string | null;
  userAgent: string | null;
};
export type VerificationRecord = { mode: string; callback: string; topic: string; status: number; body: string };
export type Signature = "sha1" | "sha256" | "sha384" | "sha512" | "none" | "wrong";
type Subscriber = { callback: string; topic: string; secret: string | null };

export type Hub = {
  url: string;
  requests: HubRequestRecord[];
  verifications: VerificationRecord[];
  /** Verified subscriptions (callback + topic), as the hub holds them. */
  subscribers(): Subscriber[];
  /** The lease the hub grants (hub.lease_seconds in its verification); default: what was asked. */
  grantLease(seconds: number | null): void;
  deny(reason: string | null): void;
  /** Answer the next requests with this status instead of 202 (null: accept again). */
  refuseWith(status: number | null): void;
  settle(): Promise<void>;
  publish(
    topic: string,
    body: string,
    options?: { signature?: Signature; contentType?: string },
  ): Promise<Array<{ status: number }>>;
  askCallback(callback: string, params: Record<string, string>): Promise<{ status: number; body: string }>;
  /** Forgets every request, verification and subscriber, and accepts, verifies and grants as asked again. */
  reset(): void;
  close(): Promise<void>;
};

/** Answers and verifications are bounded in time: a test never waits on a stuck callback. */
const CALLBACK_TIMEOUT_MS = 5000;

export async function startHub(options: { host?: string } = {}): Promise<Hub> {
  const host = options.host ?? "127.0.0.1";
  const requests: HubRequestRecord[] = [];
  const verifications: VerificationRecord[] = [];
  const subscribers = new Map<string, Subscriber>();
  const underWay = new Set<Promise<void>>();
  let lease: number | null = null;
  let denial: string | null = null;
  let refusal: number | null = null;

  const verify = async (record: HubRequestRecord): Promise<void> => {
    const { mode, topic, callback } = record as Required<{ [K in keyof HubRequestRecord]: string }>;
    if (denial !== null && mode === "subscribe") {
      const answer = await get(callback, { "hub.mode": "denied", "hub.topic": topic, "hub.reason": denial });
      verifications.push({ mode: "denied", callback, topic, ...answer });
      return;
    }
    const challenge = randomBytes(18).toString("base64url");
    const params: Record<string, string> = { "hub.mode": mode, "hub.topic": topic, "hub.challenge": challenge };
    if (mode === "subscribe") params["hub.lease_seconds"] = String(lease ?? Number(record.leaseSeconds ?? 86_400));
    const answer = await get(callback, params);
    verifications.push({ mode, callback, topic, ...answer });
    // §5.3.1: only a 2xx with the challenge echoed verifies the intent.
    if (answer.status < 200 || answer.status > 299 || answer.body !== challenge) return;
    const key = `${callback} ${topic}`;
    if (mode === "subscribe") subscribers.set(key, { callback, topic, secret: record.secret });
    else subscribers.delete(key);
  };

  const server = createServer((request, response) => {
    void readForm(request).then((form) => {
      if (request.method !== "POST" || form === null) {
        response.writeHead(400).end("a subscription request is a form POST\n");
        return;
      }
      const record: HubRequestRecord = {
        mode: form.get("hub.mode"),
        topic: form.get("hub.topic"),
        callback: form.get("hub.callback"),
        secret: form.get("hub.secret"),
        leaseSeconds: form.get("hub.lease_seconds"),
        userAgent: request.headers["user-agent"] ?? null,
      };
      requests.push(record);
      const valid =
        (record.mode === "subscribe" || record.mode === "unsubscribe") && record.topic !== null && record.callback;
      if (!valid) {
        response.writeHead(400).end("hub.mode, hub.topic and hub.callback are required\n");
        return;
      }
      if (refusal !== null) {
        response.writeHead(refusal).end("the hub is not taking subscriptions\n");
        return;
      }
      response.writeHead(202).end();
      // §5.3: verification happens after the answer, as a hub's own request.
      const job = verify(record).catch(() => undefined);
      underWay.add(job);
      void job.finally(() => underWay.delete(job));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}/hub`;

  return {
    url,
    requests,
    verifications,
    subscribers: () => [...subscribers.values()],
    grantLease: (seconds) => void (lease = seconds),
    deny: (reason) => void (denial = reason),
    refuseWith: (status) => void (refusal = status),
    settle: async () => {
      // Bounded: each pass waits for the jobs under way, and a verification starts no new job.
      for (let pass = 0; pass < 10 && underWay.size > 0; pass += 1) await Promise.all([...underWay]);
    },
    async publish(topic, body, publishOptions = {}) {
      const signature = publishOptions.signature ?? "sha256";
      const targets = [...subscribers.values()].filter((subscriber) => subscriber.topic === topic);
      return Promise.all(
        targets.map(async (subscriber) => {
          const headers: Record<string, string> = {
            "Content-Type": publishOptions.contentType ?? "application/rss+xml; charset=utf-8",
            Link: `<${url}>; rel="hub", <${topic}>; rel="self"`,
          };
          const header = sign(body, subscriber.secret, signature);
          if (header !== null) headers["X-Hub-Signature"] = header;
          const answer = await fetch(subscriber.callback, {
            method: "POST",
            headers,
            body,
            signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
          });
          await answer.arrayBuffer();
          return { status: answer.status };
        }),
      );
    },
    askCallback: (callback, params) => get(callback, params),
    reset() {
      requests.splice(0);
      verifications.splice(0);
      subscribers.clear();
      lease = denial = refusal = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function sign(body: string, secret: string | null, signature: Signature): string | null {
  if (signature === "none" || secret === null) return null;
  if (signature === "wrong") return `sha256=${createHmac("sha256", "not the secret").update(body).digest("hex")}`;
  return `${signature}=${createHmac(signature, secret).update(body).digest("hex")}`;
}

async function get(callback: string, params: Record<string, string>): Promise<{ status: number; body: string }> {
  const target = new URL(callback);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  const answer = await fetch(target, { signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS) });
  return { status: answer.status, body: await answer.text() };
}

/** The form of a subscription request (at most 64 kB), or null when it is not one. */
async function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) return null;
    chunks.push(chunk as Buffer);
  }
  if (!(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return null;
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
