// The login form's `next` is attacker-chosen (a link to /login?next=…). Whatever it holds, the
// redirect must stay on this site as a browser reads it, and must be a valid header value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/features/auth/safe-next-path";

// A real deployment's origin, unlike the placeholder safeNextPath resolves against: the result
// must stay on whatever origin the browser is on.
const SITE = "https://reader.example:8443";

function expectStaysOnSite(next: string): string {
  const path = safeNextPath(next);
  expect(path, JSON.stringify(next)).toMatch(/^\/(?![/\\])/);
  // Nothing a header would refuse (Node: "Invalid character in header content") or a browser would drop.
  expect(/[\u0000-\u0020\u007f-\uffff]/.test(path), `${JSON.stringify(next)} → ${JSON.stringify(path)}`).toBe(false);
  expect(new URL(path, SITE).origin, `${JSON.stringify(next)} → ${JSON.stringify(path)}`).toBe(SITE);
  return path;
}

const CONTROLS = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f].map((code) => String.fromCharCode(code));
const AT_EACH_POSITION = CONTROLS.flatMap((c) => [
  `/${c}/evil.test`,
  `${c}//evil.test`,
  `/\\${c}evil.test`,
  `/${c}\\evil.test`,
  `${c}/${c}/evil.test`,
]);

describe("where to go after logging in", () => {
  it.each([
    ["/sources/3?x=1#a", "/sources/3?x=1#a"],
    ["/sources?x=1", "/sources?x=1"],
    ["/", "/"],
    ["/health?source=2&tab=fetches", "/health?source=2&tab=fetches"],
    ["/%2F/evil.test", "/%2F/evil.test"],
    ["/%09/evil.test", "/%09/evil.test"],
    ["/%5Cevil.test", "/%5Cevil.test"],
    ["/a b", "/a%20b"],
    ["/\u000b/x", "/%0B/x"],
    ["/caf\u00e9", "/caf%C3%A9"],
  ])("keeps a path on this site: %j → %j", (next, expected) => {
    expect(expectStaysOnSite(next)).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    [""],
    ["https://evil.test/"],
    ["https:evil.test"],
    ["https:/evil.test"],
    ["//evil.test/"],
    ["///evil.test/"],
    ["/\\evil.test/"],
    ["\\\\evil.test/"],
    ["\\/evil.test/"],
    ["/\t/evil.test/phish"],
    ["/\r/x"],
    ["/\n/x"],
    [" //evil.test"],
    ["/.//evil.test"],
    ["/..//evil.test"],
    ["/./\\evil.test"],
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["\u0000javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["ftp://evil.test/"],
    ["http://[::1"],
    [`/${"a".repeat(2048)}`],
    [`/${"\u00e9".repeat(1000)}`],
  ])("falls back to the home page for %j", (next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  it.each(AT_EACH_POSITION)("stays on this site with a control character: %j", (next) => {
    expectStaysOnSite(next);
  });

  it("never leaves this site, whatever the value (property)", () => {
    const alphabet = fc.constantFrom(
      ...CONTROLS,
      "/",
      "\\",
      ".",
      ":",
      "%",
      "?",
      "#",
      "@",
      "e",
      "v",
      "l",
      " ",
      "\u00e9",
      "\u2028",
    );
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 24 }), (next) => void expectStaysOnSite(next)),
      { numRuns: 3000 },
    );
  });
});
