// The parse step's output over the whole development corpus is unchanged: each file's
// normalised output hashes to the digest in tests/fixtures/corpus-golden.json. An intended
// change is recorded by rerunning `npx tsx scripts/corpus-golden.ts`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { digestCorpus } from "@/tests/helpers/corpus-digest";
import { SHARED_CORPUS } from "@/tests/helpers/shared-corpus";

const GOLDEN = path.resolve(__dirname, "../fixtures/corpus-golden.json");

describe("the development corpus", () => {
  it.skipIf(!existsSync(SHARED_CORPUS))(
    `parses to the recorded output (corpus at ${SHARED_CORPUS})`,
    async () => {
      const expected = JSON.parse(readFileSync(GOLDEN, "utf8")) as Record<string, string>;
      const actual = await digestCorpus(SHARED_CORPUS);
      const changed = Object.keys({ ...expected, ...actual }).filter((file) => expected[file] !== actual[file]);
      expect(changed, "files whose output changed (rerun scripts/corpus-golden.ts if on purpose)").toEqual([]);
    },
    60_000,
  );
  if (!existsSync(SHARED_CORPUS)) it.skip(`skipped: no corpus at ${SHARED_CORPUS}`, () => {});
});
