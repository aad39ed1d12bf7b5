// The environment is parsed once at start; a bad value must stop Tidings with a line that names it.
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/base/env";

/** An environment with only these variables set (NODE_ENV is typed as always present). */
const parse = (variables: Record<string, string>) => parseEnv({ NODE_ENV: "test", ...variables });

describe("parseEnv", () => {
  it("gives every setting its documented default", () => {
    const env = parse({});
    expect(env).toMatchObject({
      TIDINGS_SCHEDULER: true,
      TIDINGS_COMPRESS: false,
      TIDINGS_HOST: "127.0.0.1",
      TIDINGS_LOG_LEVEL: "info",
    });
  });

  it.each([
    ["true", true],
    ["1", true],
    ["on", true],
    ["false", false],
    ["0", false],
    ["off", false],
    ["", false],
  ])("reads the flag TIDINGS_COMPRESS=%j as %s", (value, expected) => {
    expect(parse({ TIDINGS_COMPRESS: value }).TIDINGS_COMPRESS).toBe(expected);
  });

  it("refuses a flag it cannot read, naming the variable", () => {
    expect(() => parse({ TIDINGS_COMPRESS: "yes" })).toThrow(/^invalid environment: TIDINGS_COMPRESS: /);
  });

  it("reads network lists and refuses an entry that is no address or network, naming it", () => {
    expect(parse({ TIDINGS_TRUSTED_PROXIES: " 127.0.0.1, 10.0.0.0/8 ,," }).TIDINGS_TRUSTED_PROXIES).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
    ]);
    expect(parse({}).TIDINGS_METRICS_ALLOWED_NETWORKS).toEqual([]);
    expect(() => parse({ TIDINGS_METRICS_ALLOWED_NETWORKS: "10.0.0.0/8, prometheus.lan" })).toThrow(
      /TIDINGS_METRICS_ALLOWED_NETWORKS: "prometheus\.lan" is not an IP address/,
    );
    expect(() => parse({ TIDINGS_METRICS_TOKEN: "short" })).toThrow(/TIDINGS_METRICS_TOKEN: use at least 16/);
  });

  it("names every bad variable in one line", () => {
    expect(() => parse({ TIDINGS_SCHEDULER: "maybe", TIDINGS_PASSWORD: "short" })).toThrow(
      /TIDINGS_SCHEDULER: .*; TIDINGS_PASSWORD: use at least 8 characters/,
    );
  });
});

describe("next.config.js", () => {
  // It reads TIDINGS_COMPRESS itself (a JS config cannot import lib/base/env.ts): the two must agree.
  const compressFor = (value: string | undefined) => {
    const configPath = path.join(import.meta.dirname, "../../next.config.js");
    const require = createRequire(import.meta.url);
    const previous = process.env.TIDINGS_COMPRESS;
    if (value === undefined) delete process.env.TIDINGS_COMPRESS;
    else process.env.TIDINGS_COMPRESS = value;
    try {
      delete require.cache[require.resolve(configPath)];
      return (require(configPath) as { compress: boolean }).compress;
    } finally {
      if (previous === undefined) delete process.env.TIDINGS_COMPRESS;
      else process.env.TIDINGS_COMPRESS = previous;
    }
  };

  it.each(["true", "1", "on", "false", "0", "off", ""])(
    "compresses exactly when lib/base/env.ts reads TIDINGS_COMPRESS=%j as true",
    (value) => {
      expect(compressFor(value)).toBe(parse({ TIDINGS_COMPRESS: value }).TIDINGS_COMPRESS);
    },
  );

  it("does not compress when TIDINGS_COMPRESS is unset", () => {
    expect(compressFor(undefined)).toBe(false);
  });
});
