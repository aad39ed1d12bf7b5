import { describe, expect, it } from "vitest";
import { pickValidators, readRefusal, refreshRefusal } from "@/lib/pipeline/round/refused-body";
import type { ResponseMeta } from "@/lib/pipeline/fetch/types";
import { NO_HEADERS } from "@/lib/pipeline/fetch/pick-headers";

const HELD = { etag: '"held"', lastModified: "Mon, 01 Jan 2024 10:00:00 GMT" };
const NONE = {
  refusedKind: null,
  refusedDetail: null,
  refusedEtag: null,
  refusedLastModified: null,
  refusedBodyHash: null,
  refusedBodyLimit: null,
};
const LIMIT = 10 * 1024 * 1024;
const meta = (headers: Partial<ResponseMeta["headers"]>): ResponseMeta => ({
  requestedUrl: "https://a.example/feed",
  finalUrl: "https://a.example/feed",
  redirects: [],
  permanentRedirectUrl: null,
  httpStatus: 304,
  conditional: true,
  bytesReceived: 0,
  durationMs: 1,
  laneWaitMs: 0,
  headers: { ...NO_HEADERS, ...headers },
});

describe("the refused body's validators, kept apart from those of the content held", () => {
  it("without a refusal, the held content's validators are sent", () => {
    const source = { ...HELD, ...NONE };
    expect(readRefusal(source, LIMIT)).toBeNull();
    expect(pickValidators(source, null)).toEqual(HELD);
  });

  it("with one, the refused body's own are sent (the server's current body is that one), even when it had none", () => {
    const source = {
      ...HELD,
      ...NONE,
      refusedKind: "too_large",
      refusedDetail: "20 MiB",
      refusedEtag: '"big"',
      refusedBodyHash: "abc",
      refusedBodyLimit: LIMIT,
    };
    const refusal = readRefusal(source, LIMIT);
    expect(refusal).toEqual({
      kind: "too_large",
      detail: "20 MiB",
      etag: '"big"',
      lastModified: null,
      bodyHash: "abc",
      bodyLimit: LIMIT,
    });
    expect(pickValidators(source, refusal)).toEqual({ etag: '"big"', lastModified: null });
    expect(
      pickValidators({ ...source, refusedEtag: null }, readRefusal({ ...source, refusedEtag: null }, LIMIT)),
    ).toEqual({ etag: null, lastModified: null });
  });

  it("a body refused as too large under another limit is forgotten: the next request asks afresh", () => {
    const source = {
      ...HELD,
      ...NONE,
      refusedKind: "too_large",
      refusedDetail: "20 MiB",
      refusedEtag: '"big"',
      refusedBodyLimit: LIMIT,
    };
    expect(readRefusal(source, 2 * LIMIT)).toBeNull();
    expect(pickValidators(source, readRefusal(source, 2 * LIMIT))).toEqual(HELD);
    // A refusal from before the limit was recorded is void too; other kinds do not depend on it.
    expect(readRefusal({ ...source, refusedBodyLimit: null }, LIMIT)).toBeNull();
    expect(readRefusal({ ...source, refusedKind: "parse", refusedBodyLimit: null }, 2 * LIMIT)).toMatchObject({
      kind: "parse",
    });
  });

  it("an unknown kind in the column is no refusal (never a reason to send odd validators)", () => {
    expect(readRefusal({ ...HELD, ...NONE, refusedKind: "timeout" }, LIMIT)).toBeNull();
  });

  it("a 304 may refresh the refused body's validators; the refusal itself stands", () => {
    const refusal = {
      kind: "parse" as const,
      detail: "bad XML",
      etag: '"a"',
      lastModified: null,
      bodyHash: "h",
      bodyLimit: null,
    };
    expect(refreshRefusal(refusal, meta({ etag: '"b"' }))).toEqual({ ...refusal, etag: '"b"' });
    expect(refreshRefusal(refusal, meta({}))).toEqual(refusal);
  });
});
