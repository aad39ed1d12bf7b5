import { describe, expect, it } from "vitest";
import { describeRefusal } from "@/lib/reads/health/describe/describe-refusal";

describe("describeRefusal: what the source page says about a refused body", () => {
  it("is nothing while no refused body is remembered", () => {
    expect(describeRefusal({ refusedKind: null, refusedDetail: null })).toBeNull();
  });

  it.each([
    ["too_large", "too large", /header exchange/],
    ["parse", "unparsable", /tell them/],
    ["not_a_feed", "not a feed", /switches by itself/],
  ])("%s is named %s with what to do", (kind, label, advice) => {
    const notice = describeRefusal({ refusedKind: kind, refusedDetail: "what the fetch saw" });
    expect(notice).toMatchObject({ label, detail: "what the fetch saw" });
    expect(notice!.advice).toMatch(advice);
  });
});
