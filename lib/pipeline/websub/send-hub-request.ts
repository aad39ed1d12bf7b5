// W3C WebSub §5.1: a subscription request is a form POST to the hub, which answers 202 Accepted
// and later verifies intent at the callback (or 4xx/5xx with a reason in the body). A hub is a host
// like any publisher (often the publisher itself), so the request takes its domain's turn in the
// lanes the round hands over (the gap, a Retry-After hold); it is sent by the same guarded client
// (no private addresses unless allowed, one time budget, no redirects followed: §5.1 has the hub
// answer, not send the subscriber elsewhere).
import { request } from "undici";
import { checkUrl } from "@/lib/pipeline/fetch/check-url";
import { getAgent } from "@/lib/pipeline/fetch/http-client";
import { describeError } from "@/lib/base/describe-error";
import type { RequestLane } from "@/lib/pipeline/fetch/types";
import type { WebSubSettings } from "@/lib/pipeline/websub/websub-settings";

export type HubRequest = {
  hubUrl: string;
  mode: "subscribe" | "unsubscribe";
  topicUrl: string;
  callbackUrl: string;
  secret: string;
};

export type HubAnswer = { accepted: true; status: number } | { accepted: false; detail: string };

/** The hub's reason for a refusal is shown to people: this much of its body is read. */
const MAX_REASON_BYTES = 300;

export async function sendHubRequest(hub: HubRequest, settings: WebSubSettings, lane: RequestLane): Promise<HubAnswer> {
  const checked = checkUrl(hub.hubUrl, settings);
  if (!checked.ok) return { accepted: false, detail: `hub URL refused: ${checked.detail}` };
  if (hub.mode === "subscribe" && checked.url.protocol === "http:" && !settings.allowPlainHttpHubs)
    return {
      accepted: false,
      detail: "the hub is on plain http, where its secret would travel in clear (W3C WebSub §5.1): not asked",
    };
  const form = new URLSearchParams({
    "hub.mode": hub.mode,
    "hub.topic": hub.topicUrl,
    "hub.callback": hub.callbackUrl,
  });
  if (hub.mode === "subscribe") {
    form.set("hub.lease_seconds", String(settings.leaseSeconds));
    form.set("hub.secret", hub.secret);
  }
  const connectTimeoutMs = Math.max(1, Math.ceil(settings.timeoutMs / 2));
  const turn = await lane(checked.url);
  if (!turn.go) return { accepted: false, detail: turn.detail };
  try {
    const response = await request(checked.url, {
      method: "POST",
      dispatcher: getAgent({ allowPrivateNetworks: settings.allowPrivateNetworks, connectTimeoutMs }),
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": settings.userAgent },
      body: form.toString(),
      signal: AbortSignal.timeout(settings.timeoutMs),
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
    });
    const reason = await readReason(response.body);
    if (response.statusCode >= 200 && response.statusCode < 300) return { accepted: true, status: response.statusCode };
    return { accepted: false, detail: `the hub answered HTTP ${response.statusCode}${reason ? `: ${reason}` : ""}` };
  } catch (error) {
    return { accepted: false, detail: `the hub could not be reached: ${describeError(error)}` };
  } finally {
    await turn.release();
  }
}

async function readReason(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_REASON_BYTES) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, MAX_REASON_BYTES).toString("utf8").replace(/\s+/g, " ").trim();
}
