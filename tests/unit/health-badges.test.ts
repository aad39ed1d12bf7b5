import { describe, expect, it } from "vitest";
import { deriveCachingBadges, type BadgeFetch, type CachingBadge } from "@/lib/health/derive-caching-badges";

const T0 = Date.parse("2026-11-01T00:00:00Z");
let minute = 0;
function row(overrides: Partial<BadgeFetch>): BadgeFetch {
  minute += 1;
  return {
    startedAt: new Date(T0 + minute * 60_000),
    outcome: "ok",
    conditional: false,
    bodyUnchanged: false,
    etagReceived: null,
    lastModifiedReceived: null,
    contentEncoding: null,
    maxAgeSeconds: null,
    ...overrides,
  };
}
const badge = (badges: CachingBadge[], key: CachingBadge["key"]) => badges.find((b) => b.key === key)!;
const verdicts = (badges: CachingBadge[]) => Object.fromEntries(badges.map((b) => [b.key, b.verdict]));

describe("caching badges from the fetch log", () => {
  it("says nothing it cannot know from an empty log", () => {
    expect(verdicts(deriveCachingBadges([]))).toEqual({ validators: "unknown", honours: "unknown", churn: "unknown", ignores: "unknown", compression: "unknown", max_age: "unknown" });
  });

  it("praises a model publisher: ETag + Last-Modified, 304s, gzip, max-age", () => {
    const badges = deriveCachingBadges([
      row({ etagReceived: '"a"', lastModifiedReceived: "Mon, 01 Jan 2024 10:00:00 GMT", contentEncoding: "gzip", maxAgeSeconds: 3600 }),
      row({ outcome: "not_modified", conditional: true, etagReceived: '"a"', maxAgeSeconds: 3600 }),
      row({ outcome: "not_modified", conditional: true, etagReceived: '"a"', maxAgeSeconds: 3600 }),
      row({ conditional: true, etagReceived: '"b"', lastModifiedReceived: "Tue, 02 Jan 2024 10:00:00 GMT", contentEncoding: "gzip", maxAgeSeconds: 3600 }),
    ]);
    expect(verdicts(badges)).toEqual({ validators: "good", honours: "good", churn: "good", ignores: "good", compression: "good", max_age: "good" });
    expect(badge(badges, "validators").label).toBe("Sends ETag and Last-Modified");
    expect(badge(badges, "honours").label).toBe("Answers 304 (2 of 3)");
    expect(badge(badges, "compression").label).toBe("Compressed (gzip)");
    expect(badge(badges, "max_age").label).toBe("max-age 1 h");
  });

  it("reads the validators of the latest full response", () => {
    expect(badge(deriveCachingBadges([row({ etagReceived: '"x"' })]), "validators").label).toBe("Sends ETag");
    expect(badge(deriveCachingBadges([row({ lastModifiedReceived: "Mon, 01 Jan 2024 10:00:00 GMT" })]), "validators").label).toBe("Sends Last-Modified");
    const none = badge(deriveCachingBadges([row({ etagReceived: '"x"' }), row({})]), "validators");
    expect([none.label, none.verdict]).toEqual(["Sends no validators", "bad"]);
    expect(none.meaning).toMatch(/every check downloads/);
  });

  it("detects validator churn: consecutive ok fetches, body unchanged, ETag different", () => {
    const badges = deriveCachingBadges([
      row({ etagReceived: '"v1"' }),
      row({ conditional: true, bodyUnchanged: true, etagReceived: '"v2"' }),
      row({ conditional: true, bodyUnchanged: true, etagReceived: '"v3"' }),
    ]);
    expect([badge(badges, "churn").verdict, badge(badges, "churn").label]).toEqual(["bad", "Validator churn (2×)"]);
    // A churned ETag is not "ignoring" the validator: the server never saw the current one.
    expect(badge(badges, "ignores").verdict).toBe("good");
    expect(badge(badges, "honours")).toMatchObject({ verdict: "warn", label: "Never answered 304 (2 tries)" });
  });

  it("does not call a changed body with a new ETag churn", () => {
    const badges = deriveCachingBadges([row({ etagReceived: '"v1"' }), row({ conditional: true, etagReceived: '"v2"' })]);
    expect(badge(badges, "churn").verdict).toBe("good");
  });

  it("detects a server that ignores validators: 200 with the identical body to a conditional request, same ETag", () => {
    const badges = deriveCachingBadges([
      row({ etagReceived: '"same"' }),
      row({ conditional: true, bodyUnchanged: true, etagReceived: '"same"' }),
      row({ conditional: true, bodyUnchanged: true, etagReceived: '"same"' }),
    ]);
    expect(badge(badges, "ignores")).toMatchObject({ verdict: "bad", label: "Ignores validators (2×)" });
    expect(badge(badges, "churn").verdict).toBe("good");
  });

  it("counts Last-Modified-only servers that resend the same body as ignoring validators", () => {
    const lm = "Mon, 01 Jan 2024 10:00:00 GMT";
    const badges = deriveCachingBadges([row({ lastModifiedReceived: lm }), row({ conditional: true, bodyUnchanged: true, lastModifiedReceived: lm })]);
    expect(badge(badges, "ignores").verdict).toBe("bad");
  });

  it("flags an uncompressed feed and a missing max-age", () => {
    const badges = deriveCachingBadges([row({ contentEncoding: null })]);
    expect(badge(badges, "compression")).toMatchObject({ verdict: "warn", label: "Uncompressed" });
    expect(badge(badges, "max_age")).toMatchObject({ verdict: "unknown", label: "No max-age" });
  });

  it("ignores errors for validators, compression and 304 behaviour", () => {
    const badges = deriveCachingBadges([row({ etagReceived: '"a"', contentEncoding: "br" }), row({ outcome: "error", conditional: true })]);
    expect(badge(badges, "validators").verdict).toBe("good");
    expect(badge(badges, "compression").label).toBe("Compressed (br)");
    expect(badge(badges, "honours").verdict).toBe("unknown");
  });

  it("sorts rows by time whatever the order given (the page queries newest first)", () => {
    const rows = [row({ etagReceived: '"v1"' }), row({ conditional: true, bodyUnchanged: true, etagReceived: '"v2"' })];
    expect(badge(deriveCachingBadges([...rows].reverse()), "churn").verdict).toBe("bad");
  });
});
