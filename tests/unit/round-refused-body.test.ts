import { describe, expect, it } from "vitest";
import { pickValidators, readRefusal, refreshRefusal } from "@/lib/round/refused-body";
import type { ResponseMeta } from "@/lib/fetch/types";
import { NO_HEADERS } from "@/lib/fetch/pick-headers";

const HELD = { etag: '"held"', lastModified: "Mon, 01 Jan 2024 10:00:00 GMT" };
const NONE = { refusedKind: null, refusedDetail: null, refusedEtag: null, refusedLastModified: null, refusedBodyHash: null };
const meta = (headers: Partial<ResponseMeta["headers"]>): ResponseMeta => ({
  requestedUrl: "https://a.example/feed",
  finalUrl: "https://a.example/feed",
  redirects: [],
  permanentRedirectUrl: null,
  httpStatus: 304,
  conditional: true,
  bytesReceived: 0,
  durationMs: 1,
  headers: { ...NO_HEADERS, ...headers },
});

describe("the refused body's validators, kept apart from those of the content held", () => {
  it("without a refusal, the held content's validators are sent", () => {
    const source = { ...HELD, ...NONE };
    expect(readRefusal(source)).toBeNull();
    expect(pickValidators(source, null)).toEqual(HELD);
  });

  it("with one, the refused body's own are sent (the server's current body is that one), even when it had none", () => {
    const source = { ...HELD, ...NONE, refusedKind: "too_large", refusedDetail: "20 MiB", refusedEtag: '"big"', refusedBodyHash: "abc" };
    const refusal = readRefusal(source);
    expect(refusal).toEqual({ kind: "too_large", detail: "20 MiB", etag: '"big"', lastModified: null, bodyHash: "abc" });
    expect(pickValidators(source, refusal)).toEqual({ etag: '"big"', lastModified: null });
    expect(pickValidators({ ...source, refusedEtag: null }, readRefusal({ ...source, refusedEtag: null }))).toEqual({ etag: null, lastModified: null });
  });

  it("an unknown kind in the column is no refusal (never a reason to send odd validators)", () => {
    expect(readRefusal({ ...HELD, ...NONE, refusedKind: "timeout" })).toBeNull();
  });

  it("a 304 may refresh the refused body's validators; the refusal itself stands", () => {
    const refusal = { kind: "parse" as const, detail: "bad XML", etag: '"a"', lastModified: null, bodyHash: "h" };
    expect(refreshRefusal(refusal, meta({ etag: '"b"' }))).toEqual({ ...refusal, etag: '"b"' });
    expect(refreshRefusal(refusal, meta({}))).toEqual(refusal);
  });
});
