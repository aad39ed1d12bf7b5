// The origin the settings page shows in the API addresses: TIDINGS_PUBLIC_URL, else the host the
// browser asked for (through a reverse proxy: X-Forwarded-Host and -Proto).
import { describe, expect, it } from "vitest";
import { findInstanceOrigin } from "@/lib/http/instance-origin";

const headersOf = (values: Record<string, string>) => new Headers(values);

describe("findInstanceOrigin", () => {
  it.each([
    [
      "TIDINGS_PUBLIC_URL wins over the request",
      "https://read.example.org/some/path",
      { host: "127.0.0.1:3000" },
      "https://read.example.org",
    ],
    ["the request's Host, over http", undefined, { host: "192.168.1.20:3000" }, "http://192.168.1.20:3000"],
    [
      "a reverse proxy's host and scheme",
      undefined,
      { host: "127.0.0.1:3000", "x-forwarded-host": "feeds.example.net", "x-forwarded-proto": "https" },
      "https://feeds.example.net",
    ],
    [
      "the first of a proxy chain's values",
      undefined,
      { host: "a", "x-forwarded-host": "outer.example, inner.example", "x-forwarded-proto": "https, http" },
      "https://outer.example",
    ],
    ["the default port dropped", undefined, { host: "reader.example:80" }, "http://reader.example"],
    ["a malformed Host falls back to localhost", undefined, { host: "bad host[" }, "http://localhost"],
  ])("%s", (_name, publicUrl, headers, expected) => {
    expect(findInstanceOrigin(publicUrl, headersOf(headers))).toBe(expected);
  });
});
