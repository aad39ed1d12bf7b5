// Short texts are cut at their documented length at a character boundary, with an ellipsis.
import { describe, expect, it } from "vitest";
import { capText } from "@/lib/base/text-limits";

describe("capText", () => {
  it.each([
    ["short text is kept", "Hello", 10, "Hello"],
    ["exactly the limit is kept", "0123456789", 10, "0123456789"],
    ["a long text ends in an ellipsis within the limit", "0123456789abc", 10, "012345678…"],
    ["trailing space before the ellipsis goes", "01234567 9abc", 10, "01234567…"],
    ["never half a surrogate pair", "12345678😀😀", 10, "12345678…"],
    ["a combining mark stays with its letter", "12345678e\u0301xyz", 10, "12345678…"],
  ])("%s", (_, text, max, expected) => {
    const capped = capText(text, max);
    expect(capped).toBe(expected);
    expect(capped.length).toBeLessThanOrEqual(max);
    expect(Buffer.from(capped).toString()).toBe(capped); // no lone surrogate
  });

  it("a 1 MB title becomes a short one", () => {
    const capped = capText("x".repeat(1024 * 1024), 200);
    expect([capped.length, capped.endsWith("…")]).toEqual([200, true]);
  });
});
