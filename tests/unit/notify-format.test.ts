import { describe, expect, it } from "vitest";
import { formatNotification, type NotificationDocument } from "@/lib/features/notify/format-notification";
import { isLoopbackHost } from "@/lib/features/notify/check-notify-address";
import { MAX_ATTEMPTS, RETRY_CAP_MS, retryDelayMs } from "@/lib/features/notify/drain-outbox";
import { notifySettingsSchema } from "@/lib/features/notify/notify-target";

const started: NotificationDocument = {
  event: "alert.started",
  source: { id: 12, title: "Example blog", feedUrl: "https://example.org/feed.xml" },
  alert: "validator_churn",
  since: "2026-12-01T12:00:00.000Z",
  reason: "the last 3 fetches each got new validators",
  url: "https://tidings.example/sources/12",
};
const cleared: NotificationDocument = {
  ...started,
  event: "alert.cleared",
  source: null,
  alert: "fleet_drift",
  url: "/health#attention",
};

describe("notification formats", () => {
  it("tidings: the document itself, to the URL as configured", () => {
    const request = formatNotification(started, "tidings", new URL("http://127.0.0.1:9000/hook?x=1"));
    expect([request.url.href, request.contentType, JSON.parse(request.body)]).toEqual([
      "http://127.0.0.1:9000/hook?x=1",
      "application/json",
      started,
    ]);
  });

  it("ntfy: JSON publishing to the server root with the topic of the configured topic URL", () => {
    const request = formatNotification(started, "ntfy", new URL("https://ntfy.example/sub/alerts-tidings"));
    expect(request.url.href).toBe("https://ntfy.example/sub/");
    expect(JSON.parse(request.body)).toEqual({
      topic: "alerts-tidings",
      title: "Validators churn: Example blog",
      message: started.reason,
      tags: ["warning"],
      click: "https://tidings.example/sources/12",
    });
  });

  it("gotify: title, message and priority, the click URL only when it is absolute", () => {
    const url = new URL("http://localhost:8080/message?token=AbC");
    expect(JSON.parse(formatNotification(started, "gotify", url).body)).toEqual({
      title: "Validators churn: Example blog",
      message: started.reason,
      priority: 6,
      extras: { "client::notification": { click: { url: started.url } } },
    });
    expect(formatNotification(cleared, "gotify", url).url.href).toBe(url.href);
    expect(JSON.parse(formatNotification(cleared, "gotify", url).body)).toEqual({
      title: "Cleared: Rounds running late",
      message: `no longer: ${cleared.reason}`,
      priority: 3,
    });
  });

  it("apprise: title, body and type", () => {
    expect(
      JSON.parse(formatNotification(cleared, "apprise", new URL("http://localhost:8000/notify/tidings")).body),
    ).toEqual({
      title: "Cleared: Rounds running late",
      body: `no longer: ${cleared.reason}\n/health#attention`,
      type: "success",
    });
  });
});

describe("the sender's rules", () => {
  it.each([
    ["localhost", true],
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["[::1]", true],
    ["LOCALHOST", true],
    ["localhost.evil.example", false],
    ["10.0.0.5", false],
    ["192.168.1.2", false],
    ["169.254.169.254", false],
    ["ntfy.sh", false],
  ])("%s is loopback: %s", (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it("backs off 30 s, 1 min, 2 min ... up to an hour", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(MAX_ATTEMPTS + 20, 30_000)).toBe(RETRY_CAP_MS);
  });

  it.each([
    [{ url: "", format: "tidings" }, true],
    [{ url: "https://ntfy.sh/topic", format: "ntfy" }, true],
    [{ url: "ftp://example.org/x", format: "tidings" }, false],
    [{ url: "not a url", format: "tidings" }, false],
    [{ url: "https://ntfy.sh/topic", format: "slack" }, false],
  ])("settings %j valid: %s", (input, valid) => {
    expect(notifySettingsSchema.safeParse(input).success).toBe(valid);
  });
});
