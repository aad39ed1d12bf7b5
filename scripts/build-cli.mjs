// Builds the command line once into plain JavaScript (dist/cli/tidings.mjs), so that a call does
// not first spend seconds compiling TypeScript through tsx. Plain .mjs, not .ts: it runs at
// `postinstall`, before anything could compile it. Packages from node_modules and the generated
// Prisma clients stay outside the bundle (they load their own files relative to themselves); the
// `@/` alias is resolved from tsconfig.json. Next it writes the list of source files it read, with
// their sizes and times, for bin/tidings.mjs to tell a fresh build from a stale one.
import { mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT_DIR = path.join(ROOT, "dist/cli");
const OUT_FILE = path.join(OUT_DIR, "tidings.mjs");

/** `@/lib/generated/<provider>` → that client's index.js, imported at run time from dist/cli. */
const generatedClientsOutside = {
  name: "generated-clients-outside",
  setup(builder) {
    builder.onResolve({ filter: /^@\/lib\/generated\// }, (args) => {
      const target = path.join(ROOT, args.path.slice(2), "index.js");
      return { path: path.relative(OUT_DIR, target).split(path.sep).join("/"), external: true };
    });
  },
};

async function main() {
  const started = Date.now();
  mkdirSync(OUT_DIR, { recursive: true });
  // Written under a temporary name and renamed: a CLI started meanwhile never reads half a file.
  const temporary = `${OUT_FILE}.${process.pid}.tmp`;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ["lib/cli/main.ts"],
    outfile: temporary,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    plugins: [generatedClientsOutside],
    metafile: true,
    logLevel: "warning",
    legalComments: "none",
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => {
    const stat = statSync(path.join(ROOT, input));
    return { path: input, size: stat.size, mtimeMs: stat.mtimeMs };
  });
  renameSync(temporary, OUT_FILE);
  writeFileSync(path.join(OUT_DIR, "inputs.json"), `${JSON.stringify({ built: OUT_FILE, inputs })}\n`);
  console.error(`build-cli: dist/cli/tidings.mjs from ${inputs.length} files in ${Date.now() - started} ms`);
}

main().catch((error) => {
  console.error(`build-cli: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
