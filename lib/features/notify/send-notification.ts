// One delivery attempt: a POST through undici with a timeout, no redirect followed.
//
// The SSRF guard of the fetches applies: a notify URL may not reach a private or link-local
// address (a settings form is input, and 169.254.169.254 is the cloud's credentials), with one
// exception: a URL whose host is this machine's loopback (localhost, 127.0.0.0/8, [::1]), the
// normal place for an ntfy or Gotify next to Tidings. The operator named it; it reaches no other
// machine. Another private address (a Gotify elsewhere on the LAN) needs
// TIDINGS_ALLOW_PRIVATE_NETWORKS=true, the one switch that lets any request of Tidings go there.
// A 3xx is a failed delivery: following it would carry the loopback allowance to another URL.
import { request } from "undici";
import { getAgent } from "@/lib/pipeline/fetch/http-client";
import { describeError } from "@/lib/base/describe-error";
import type { NotificationRequest } from "@/lib/features/notify/format-notification";
import { notifyAddressPolicy } from "@/lib/features/notify/check-notify-address";

export type SendResult =
  | { delivered: true; httpStatus: number }
  /** `retry`: false when trying again cannot help (a 4xx other than 408/429). */
  | { delivered: false; httpStatus: number | null; error: string; retry: boolean };

export type SendOptions = { timeoutMs: number; allowPrivateNetworks: boolean; deliveryId: string; userAgent: string };

export async function sendNotification(outgoing: NotificationRequest, options: SendOptions): Promise<SendResult> {
  const agent = getAgent({
    ...notifyAddressPolicy(outgoing.url.hostname, options.allowPrivateNetworks),
    connectTimeoutMs: options.timeoutMs,
  });
  try {
    const response = await request(outgoing.url, {
      method: "POST",
      dispatcher: agent,
      headers: {
        "content-type": outgoing.contentType,
        "user-agent": options.userAgent,
        // Lets a receiver drop a repeat: a delivery whose answer was lost (a crash between the
        // receiver's 2xx and our commit) is sent again with the same id.
        "x-tidings-delivery": options.deliveryId,
      },
      body: outgoing.body,
      signal: AbortSignal.timeout(options.timeoutMs),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { delivered: true, httpStatus: status };
    if (status >= 300 && status < 400)
      return {
        delivered: false,
        httpStatus: status,
        error: `HTTP ${status}: redirects are not followed; configure the final URL`,
        retry: false,
      };
    const retry = status >= 500 || status === 408 || status === 429;
    return { delivered: false, httpStatus: status, error: `HTTP ${status}`, retry };
  } catch (error) {
    // A refused address stays refused: no retry can reach it.
    const blocked = (error as { code?: string } | null)?.code === "ERR_TIDINGS_BLOCKED_ADDRESS";
    return { delivered: false, httpStatus: null, error: describeError(error, 300), retry: !blocked };
  }
}
