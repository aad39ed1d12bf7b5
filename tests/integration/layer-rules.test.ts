// The layer map refuses what it should, with the rule's name: dependency-cruiser, as `npm run
// lint` runs it, over a small tree of probe files laid out as lib/ is.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const PROBES: Record<string, string> = {
  "lib/base/env.ts": "export const env = 1;\n",
  "lib/pipeline/store/fetch/attempt.ts": "export type Attempt = { id: number };\n",
  "lib/pipeline/fetch/fetch-feed.ts": "export const fetchFeed = 1;\n",
  "lib/features/greader/routes.ts": "export const routes = 1;\n",
  "lib/features/alerts/alert-rules.ts": "export const rules = 1;\n",
  // A relative, type-only import from fetch into the store.
  "lib/pipeline/fetch/uses-store.ts":
    'import type { Attempt } from "../store/fetch/attempt";\nexport type Probe = Attempt;\n',
  "lib/db/uses-feature.ts": 'import { routes } from "@/lib/features/greader/routes";\nexport const probe = routes;\n',
  "lib/pipeline/parse/uses-alerts.ts":
    'import { rules } from "@/lib/features/alerts/alert-rules";\nexport const probe = rules;\n',
  "lib/unmapped/thing.ts": 'import { env } from "@/lib/base/env";\nexport const probe = env;\n',
  "lib/db/prisma-client.ts": "export type Db = { id: number };\n",
  "lib/db/client.ts": 'export type { Db } from "@/lib/db/prisma-client";\n',
  "lib/pipeline/store/uses-db-internals.ts":
    'import type { Db } from "@/lib/db/prisma-client";\nexport type Probe = Db;\n',
  "lib/pipeline/store/uses-db-door.ts": 'import type { Db } from "@/lib/db/client";\nexport type Probe = Db;\n',
  "lib/pipeline/round/uses-fetch.ts":
    'import { fetchFeed } from "@/lib/pipeline/fetch/fetch-feed";\nexport const probe = fetchFeed;\n',
};

type Violation = { from: string; to: string; rule: { name: string } };
let dir = "";
let violations: Violation[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "tidings-layers-"));
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
  );
  for (const [file, text] of Object.entries(PROBES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  let output: string;
  try {
    output = execFileSync(
      path.join(ROOT, "node_modules/.bin/depcruise"),
      ["--config", path.join(ROOT, ".dependency-cruiser.mjs"), "--output-type", "json", "lib"],
      { cwd: dir, encoding: "utf8" },
    );
  } catch (error) {
    // depcruise exits non-zero when it finds errors; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  violations = (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rulesFrom = (file: string) => violations.filter((v) => v.from === file).map((v) => v.rule.name);

describe("the layer rules", () => {
  it("refuse a relative, type-only import from lib/pipeline/fetch into the store", () => {
    expect(rulesFrom("lib/pipeline/fetch/uses-store.ts")).toEqual(["layer-fetch"]);
  });

  it("refuse lib/db importing a feature", () => {
    expect(rulesFrom("lib/db/uses-feature.ts")).toContain("layer-db");
  });

  it("refuse lib/pipeline/parse importing the alerts", () => {
    expect(rulesFrom("lib/pipeline/parse/uses-alerts.ts")).toContain("layer-parse");
  });

  it("refuse a folder that is not on the map", () => {
    expect(rulesFrom("lib/unmapped/thing.ts")).toContain("not-on-the-map");
  });

  it("refuse reaching the database past its door, and accept the door", () => {
    expect(rulesFrom("lib/pipeline/store/uses-db-internals.ts")).toEqual(["db-through-its-door"]);
    expect(rulesFrom("lib/pipeline/store/uses-db-door.ts")).toEqual([]);
  });

  it("accept the round importing fetch", () => {
    expect(rulesFrom("lib/pipeline/round/uses-fetch.ts")).toEqual([]);
  });
});
