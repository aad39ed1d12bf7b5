// The one document an alert state change produces, and the request each receiver format makes
// of it. Pure: the sender (send-notification.ts) only carries it.
import type { AlertKind } from "@/lib/base/alert-kinds";
import { ALERT_TITLES } from "@/lib/base/alert-kinds";
import type { NotifyFormat } from "@/lib/base/notify-formats";

export type NotificationEvent = "alert.started" | "alert.cleared";

/** What is POSTed in the "tidings" format (README, Notifications), frozen when the state changed. */
export type NotificationDocument = {
  event: NotificationEvent;
  source: { id: number; title: string; feedUrl: string } | null;
  alert: AlertKind;
  /** When the alert started (also for alert.cleared: the episode's start). */
  since: string;
  reason: string;
  /** Where to look: the source's page, or /health for a fleet alert. */
  url: string;
};

export type NotificationRequest = { url: URL; contentType: string; body: string };

export function formatNotification(
  document: NotificationDocument,
  format: NotifyFormat,
  target: URL,
): NotificationRequest {
  const title = `${document.event === "alert.started" ? "" : "Cleared: "}${ALERT_TITLES[document.alert]}${document.source === null ? "" : `: ${document.source.title}`}`;
  const message = document.event === "alert.started" ? document.reason : `no longer: ${document.reason}`;
  switch (format) {
    case "tidings":
      return json(target, document);
    case "ntfy": {
      // ntfy's JSON publishing goes to the server's root with the topic in the body; the
      // configured URL is the topic's own (https://ntfy.sh/mytopic), as ntfy's apps show it.
      const topic = decodeURIComponent(target.pathname.split("/").filter(Boolean).at(-1) ?? "");
      const tags = [document.event === "alert.started" ? "warning" : "white_check_mark"];
      return json(new URL("./", target), {
        topic,
        title,
        message,
        tags,
        click: absoluteOrNull(document.url) ?? undefined,
      });
    }
    case "gotify":
      // POST /message?token=APP_TOKEN: title, message, priority (0-10), extras for the click.
      return json(target, {
        title,
        message,
        priority: document.event === "alert.started" ? 6 : 3,
        extras:
          absoluteOrNull(document.url) === null
            ? undefined
            : { "client::notification": { click: { url: document.url } } },
      });
    case "apprise":
      // Apprise API (POST /notify/KEY, or /notify with urls): title, body, type.
      return json(target, {
        title,
        body: `${message}\n${document.url}`,
        type: document.event === "alert.started" ? "warning" : "success",
      });
  }
}

function json(url: URL, value: unknown): NotificationRequest {
  return { url, contentType: "application/json", body: JSON.stringify(value) };
}

function absoluteOrNull(url: string): string | null {
  return /^https?:\/\//.test(url) ? url : null;
}
