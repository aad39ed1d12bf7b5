// Google Reader item ids: every encoding clients send, and everything malformed. Pure, table-driven.
import { describe, expect, it } from "vitest";
import {
  formatLongItemId,
  formatShortItemId,
  parseItemId,
  parseItemIdList,
} from "@/lib/features/greader/protocol/item-id";

describe("formatting item ids", () => {
  it.each([
    [1, "tag:google.com,2005:reader/item/0000000000000001", "1"],
    [255, "tag:google.com,2005:reader/item/00000000000000ff", "255"],
    [2_147_483_647, "tag:google.com,2005:reader/item/000000007fffffff", "2147483647"],
  ])("article %i is %s long and %s short", (id, long, short) => {
    expect(formatLongItemId(id)).toBe(long);
    expect(formatShortItemId(id)).toBe(short);
  });

  it("reads back what it formats, in both forms", () => {
    for (const id of [1, 7, 42, 65_535, 1_000_000, 2_147_483_647]) {
      expect(parseItemId(formatLongItemId(id))).toBe(id);
      expect(parseItemId(formatShortItemId(id))).toBe(id);
    }
  });
});

describe("parsing item ids", () => {
  it.each([
    ["long form", "tag:google.com,2005:reader/item/000000000000002a", 42],
    ["long form, upper-case hex", "tag:google.com,2005:reader/item/000000000000002A", 42],
    ["short decimal", "42", 42],
    ["short decimal with surrounding spaces", " 42 ", 42],
    ["short decimal with leading zeros", "042", 42],
    ["bare 16 hex digits (the long form without its prefix)", "000000000000002a", 42],
    ["bare 16 digits, read as hex", "0000000000000042", 66],
  ])("reads the %s", (_name, text, id) => {
    expect(parseItemId(text)).toBe(id);
  });

  it.each([
    ["zero", "0"],
    ["the long form of zero", "tag:google.com,2005:reader/item/0000000000000000"],
    ["one past the largest article id", "2147483648"],
    ["a long id past the largest article id", "tag:google.com,2005:reader/item/0000000080000000"],
    // Google's ids with the top bit set are negative in the short form: valid, but never Tidings's.
    ["a negative short id (top bit set)", "-6381651296227303912"],
    ["the smallest signed 64-bit id", "-9223372036854775808"],
    ["the largest signed 64-bit id", "9223372036854775807"],
    ["a long id with the top bit set", "tag:google.com,2005:reader/item/a76f6b6c2d0e5e18"],
    ["a bare hex id with the top bit set", "ffffffffffffffff"],
  ])("answers %s as well-formed but no article", (_name, text) => {
    expect(parseItemId(text)).toBe("none");
  });

  it.each([
    ["empty", ""],
    ["spaces", "   "],
    ["a word", "abc"],
    ["a fraction", "4.2"],
    ["an exponent", "4e2"],
    ["a plus sign", "+42"],
    ["hex with 0x", "0x2a"],
    ["15 hex digits", "00000000000002a"],
    ["17 hex digits", "00000000000000002a"],
    ["the prefix alone", "tag:google.com,2005:reader/item/"],
    ["the prefix with a short hex", "tag:google.com,2005:reader/item/2a"],
    ["the prefix with a decimal", "tag:google.com,2005:reader/item/42"],
    ["the prefix with non-hex", "tag:google.com,2005:reader/item/000000000000002g"],
    ["another prefix", "tag:google.com,2005:reader/feed/000000000000002a"],
    ["one past the largest signed 64-bit id", "9223372036854775808"],
    ["one below the smallest signed 64-bit id", "-9223372036854775809"],
    ["20 digits", "12345678901234567890"],
    ["a minus sign alone", "-"],
    ["an id list", "1,2"],
  ])("refuses %s", (_name, text) => {
    expect(parseItemId(text)).toBeNull();
  });
});

describe("parsing a call's item ids", () => {
  it("keeps each article once, in both forms, and drops well-formed ids of no article", () => {
    expect(parseItemIdList(["42", "tag:google.com,2005:reader/item/000000000000002a", "7", "0", "-1"], 10)).toEqual({
      ok: true,
      ids: [42, 7],
    });
  });

  it("refuses no ids, too many ids, and a list with one malformed id", () => {
    expect(parseItemIdList([], 10)).toMatchObject({ ok: false, message: expect.stringContaining("at least one") });
    expect(
      parseItemIdList(
        Array.from({ length: 11 }, (_, n) => String(n + 1)),
        10,
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining("at most 10") });
    expect(parseItemIdList(["1", "2", "x"], 10)).toMatchObject({
      ok: false,
      message: expect.stringContaining('"x" is no item id'),
    });
  });
});
