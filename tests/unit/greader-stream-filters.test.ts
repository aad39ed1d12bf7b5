// The Google Reader streams' pure parts: the filters of a stream call, how a stream and its
// xt/it states fold into one selection, edit-tag's a/r and mark-all-as-read's ts. Table-driven.
import { describe, expect, it } from "vitest";
import { GReaderParams } from "@/lib/features/greader/protocol/greader-params";
import { parseStreamFilters } from "@/lib/features/greader/protocol/parse-stream-request";
import { selectStream, type StreamTarget } from "@/lib/features/greader/streams/select-stream";
import { parseChange } from "@/lib/features/greader/handlers/edit-tag";
import { parseSyncTime } from "@/lib/features/greader/handlers/mark-all-as-read";
import { encodeCursor } from "@/lib/pipeline/store/reading/cursor";
import { KEPT_UNREAD, READ, READING_LIST, STARRED } from "@/tests/helpers/greader-ids";

const filters = (query: string, max = 1000) => parseStreamFilters(GReaderParams.from(new URLSearchParams(query))!, max);

describe("parseStreamFilters", () => {
  it("defaults to 20 newest items, no bounds, no states", () => {
    expect(filters("")).toEqual({
      ok: true,
      filters: {
        limit: 20,
        cursor: null,
        order: "newest",
        publishedAfter: null,
        publishedBefore: null,
        include: [],
        exclude: [],
      },
    });
  });

  it.each([
    ["n=5", { limit: 5 }],
    ["n=0", { limit: 20 }],
    ["n=5000", { limit: 1000 }],
    ["r=o", { order: "oldest" }],
    ["r=d", { order: "newest" }],
    ["r=n", { order: "newest" }],
    [
      "ot=1700000000&nt=1700003600",
      { publishedAfter: new Date(1_700_000_000_000), publishedBefore: new Date(1_700_003_600_000) },
    ],
    ["ot=0", { publishedAfter: null }],
    [
      `xt=${encodeURIComponent(READ)}&xt=${encodeURIComponent(STARRED)}&it=${encodeURIComponent(KEPT_UNREAD)}`,
      { exclude: ["read", "starred"], include: ["kept-unread"] },
    ],
    ["xt=user/1/state/com.google/read", { exclude: ["read"] }],
  ])("reads %s", (query, expected) => {
    const parsed = filters(query);
    expect(parsed.ok && parsed.filters).toMatchObject(expected);
  });

  it("reads back a continuation it gave", () => {
    const cursor = { publishedAt: new Date(1_700_000_000_000), id: 42, order: "newest" as const };
    const parsed = filters(`c=${encodeCursor(cursor)}`);
    expect(parsed.ok && parsed.filters.cursor).toEqual(cursor);
    const oldest = { ...cursor, order: "oldest" as const };
    const parsedOldest = filters(`r=o&c=${encodeCursor(oldest)}`);
    expect(parsedOldest.ok && parsedOldest.filters.cursor).toEqual(oldest);
  });

  it("refuses a continuation given for the other order (it would skip or repeat items)", () => {
    const newest = encodeCursor({ publishedAt: new Date(1_700_000_000_000), id: 42, order: "newest" });
    expect(filters(`r=o&c=${newest}`)).toEqual({
      ok: false,
      message: "c: this continuation was given for the other order (r)",
    });
    // The JSON API's best-match cursors order a search: streams keep their order by date.
    const best = encodeCursor({ publishedAt: new Date(1_700_000_000_000), id: 42, order: "best", score: 1.5 });
    expect(filters(`c=${best}`)).toEqual({ ok: false, message: "c: not a continuation this server gave" });
  });

  it.each([
    ["n=ten", "n:"],
    ["n=-1", "n:"],
    ["n=1.5", "n:"],
    ["c=12345", "c:"],
    ["r=x", "r:"],
    ["ot=yesterday", "ot:"],
    ["nt=-5", "nt:"],
    ["xt=user/-/label/News", "xt:"],
    ["it=feed/3", "it:"],
    ["xt=user/-/state/com.google/like", "xt:"],
  ])("refuses %s", (query, name) => {
    const parsed = filters(query);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message.startsWith(name)).toBe(true);
  });
});

describe("selectStream", () => {
  const everything: StreamTarget = { sourceId: null, folderId: null, state: null };
  const of = (state: StreamTarget["state"]): StreamTarget => ({ ...everything, state });

  it.each([
    ["the reading list", of("reading-list"), [], [], { read: null, starred: null, empty: false }],
    ["the starred stream", of("starred"), [], [], { read: null, starred: true, empty: false }],
    ["the read stream", of("read"), [], [], { read: true, starred: null, empty: false }],
    ["kept-unread: the unread articles", of("kept-unread"), [], [], { read: false, starred: null, empty: false }],
    ["xt=read", everything, [], ["read"], { read: false, starred: null, empty: false }],
    ["xt=kept-unread: the read articles", everything, [], ["kept-unread"], { read: true, starred: null, empty: false }],
    ["it=starred, xt=read", everything, ["starred"], ["read"], { read: false, starred: true, empty: false }],
    ["it=reading-list", everything, ["reading-list"], [], { read: null, starred: null, empty: false }],
    ["xt=reading-list: nothing", everything, [], ["reading-list"], { empty: true }],
    ["it=read and xt=read: nothing", everything, ["read"], ["read"], { empty: true }],
    ["the starred stream with xt=starred: nothing", of("starred"), [], ["starred"], { empty: true }],
    ["the read stream with it=kept-unread: nothing", of("read"), ["kept-unread"], [], { empty: true }],
  ] as const)("%s", (_name, target, include, exclude, expected) => {
    expect(selectStream(target, include, exclude)).toMatchObject(expected);
  });

  it("keeps the stream's folder or source", () => {
    expect(selectStream({ sourceId: 3, folderId: null, state: null }, [], ["read"])).toEqual({
      sourceId: 3,
      folderId: null,
      read: false,
      starred: null,
      empty: false,
    });
    expect(selectStream({ sourceId: null, folderId: 7, state: null }, [], [])).toMatchObject({
      sourceId: null,
      folderId: 7,
    });
  });
});

describe("edit-tag's a and r", () => {
  it.each([
    [[READ], [], { read: true, starred: null }],
    [[], [READ], { read: false, starred: null }],
    [[KEPT_UNREAD], [], { read: false, starred: null }],
    [[], [KEPT_UNREAD], { read: true, starred: null }],
    [[STARRED, READ], [], { read: true, starred: true }],
    [[READ], [STARRED], { read: true, starred: false }],
    [[READ, READ], [], { read: true, starred: null }],
  ])("a=%j r=%j", (add, remove, expected) => {
    expect(parseChange(add, remove)).toEqual(expected);
  });

  it.each([
    [[], []],
    [[READ], [READ]],
    [[READ, KEPT_UNREAD], []],
    [[STARRED], [STARRED]],
    [["user/-/label/Later"], []],
    [[READING_LIST], []],
    [["nonsense"], []],
  ])("refuses a=%j r=%j", (add, remove) => {
    expect(typeof parseChange(add, remove)).toBe("string");
  });
});

describe("mark-all-as-read's ts", () => {
  const at = new Date(Date.UTC(2026, 5, 1, 12, 0, 0, 500));
  it.each([
    ["microseconds", `${at.getTime()}000`, at],
    ["milliseconds", String(at.getTime()), at],
    ["seconds", String(Math.floor(at.getTime() / 1000)), new Date(Date.UTC(2026, 5, 1, 12))],
    ["nanoseconds", `${at.getTime()}000000`, at],
    ["absent", null, null],
    ["empty", "", null],
    ["0", "0", null],
  ])("reads %s", (_name, value, expected) => {
    expect(parseSyncTime(value)).toEqual(expected);
  });

  it.each([["yesterday"], ["-5"], ["1.5"], ["12345678901234567890"]])("refuses %s", (value) => {
    expect(parseSyncTime(value)).toBeUndefined();
  });
});
