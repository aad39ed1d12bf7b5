// Writes tests/fixtures/corpus-golden.json: a sha256 per development-corpus file of what the
// parse step makes of it (tests/helpers/corpus-digest.ts). Rerun when an output changes on
// purpose, and say in the commit which files changed and why.
// npx tsx scripts/corpus-golden.ts [corpus dir]
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { digestCorpus } from "@/tests/helpers/corpus-digest";
import { SHARED_CORPUS } from "@/tests/helpers/shared-corpus";

const GOLDEN_FILE = path.resolve(__dirname, "../tests/fixtures/corpus-golden.json");

async function main(): Promise<void> {
  const root = process.argv[2] ?? SHARED_CORPUS;
  if (!existsSync(root)) throw new Error(`no corpus at ${root}`);
  const digests = await digestCorpus(root);
  writeFileSync(GOLDEN_FILE, `${JSON.stringify(digests, null, 1)}\n`);
  console.log(`${Object.keys(digests).length} files digested into ${path.relative(process.cwd(), GOLDEN_FILE)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
