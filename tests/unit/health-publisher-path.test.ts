import { describe, expect, it } from "vitest";
import { parsePublisherKey, publisherPath } from "@/lib/reads/health/rules/publisher-path";
import { describeRobotsState } from "@/lib/reads/health/rules/summarise-publishers";

describe("a publisher's address", () => {
  it.each(["example.com", "alice.github.io", "127.0.0.1", "[::1]", "localhost", "xn--bcher-kva.example"])(
    "round-trips %s",
    (key) => {
      expect(parsePublisherKey(publisherPath(key).split("/").at(-1)!)).toBe(key);
    },
  );

  it.each(["", "%", "%E0%A4%A", "Example.com", "a b", "../etc", "example.com/x", "<script>", "x".repeat(254)])(
    "refuses %j",
    (segment) => {
      expect(parsePublisherKey(segment)).toBeNull();
    },
  );
});

describe("robots.txt in the publisher table", () => {
  const at = new Date("2026-11-30T12:00:00Z");
  it.each<[Parameters<typeof describeRobotsState>[0], "on" | "off", string]>([
    [null, "on", "not read yet"],
    [{ httpStatus: 200, body: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", fetchedAt: at }, "on", "read (2 rules)"],
    [{ httpStatus: 200, body: "", fetchedAt: at }, "on", "empty: allows everything"],
    [{ httpStatus: 404, body: "", fetchedAt: at }, "on", "HTTP 404: allows everything"],
    [
      { httpStatus: 503, body: "Disallow: /", fetchedAt: at },
      "on",
      "HTTP 503 at the last try: the last rules read are kept",
    ],
    [{ httpStatus: null, body: "", fetchedAt: at }, "on", "unreachable at the last try: the last rules read are kept"],
    [{ httpStatus: 200, body: "Disallow: /", fetchedAt: at }, "off", "not read (TIDINGS_ROBOTS=off)"],
  ])("%j (%s) reads %j", (row, mode, words) => {
    expect(describeRobotsState(row, mode)).toBe(words);
  });
});
