// Builds the command line once into plain JavaScript (dist/cli/main.mjs and its chunks), so that a call does
// not first spend seconds compiling TypeScript through tsx. Plain .mjs, not .ts: it runs at
// `postinstall`, before anything could compile it. Packages from node_modules and the generated
// Prisma clients stay outside the bundle (they load their own files relative to themselves); the
// `@/` alias is resolved from tsconfig.json. Next it writes the list of source files it read, with
// their sizes and times, for bin/tidings.mjs to tell a fresh build from a stale one.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT_DIR = path.join(ROOT, "dist/cli");

/** `@/lib/generated/<provider>` → that client's index.js, imported at run time from dist/cli (every chunk is there). */
const generatedClientsOutside = {
  name: "generated-clients-outside",
  setup(builder) {
    builder.onResolve({ filter: /^@\/lib\/generated\// }, (args) => {
      const target = path.join(ROOT, args.path.slice(2), "index.js");
      return { path: path.relative(OUT_DIR, target).split(path.sep).join("/"), external: true };
    });
  },
};

/** Earlier builds' files, once no CLI started before this build can still be loading them. */
function pruneOldBuilds(current) {
  const cutoff = Date.now() - 10 * 60_000;
  for (const name of readdirSync(OUT_DIR)) {
    const file = path.join(OUT_DIR, name);
    if (!current.has(name) && statSync(file).mtimeMs < cutoff) rmSync(file, { force: true });
  }
}

async function main() {
  const started = Date.now();
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: "lib/entry/cli/main.ts" },
    outdir: OUT_DIR,
    outExtension: { ".js": ".mjs" },
    // Each command in its own chunk, loaded when it runs (lib/entry/cli/main.ts). Every file is named by
    // its content, so a CLI still running from the previous build keeps finding its chunks.
    splitting: true,
    entryNames: "[name]-[hash]",
    chunkNames: "[name]-[hash]",
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
  const outputs = Object.keys(result.metafile.outputs).map((output) => path.basename(output));
  const entry = Object.entries(result.metafile.outputs).find(
    ([, output]) => output.entryPoint === "lib/entry/cli/main.ts",
  )?.[0];
  if (!entry) throw new Error("esbuild wrote no entry point");
  const inputs = Object.keys(result.metafile.inputs).map((input) => {
    const stat = statSync(path.join(ROOT, input));
    return { path: input, size: stat.size, mtimeMs: stat.mtimeMs };
  });
  // The manifest names this build's entry; renamed into place, so a reader sees a whole one.
  const manifest = path.join(OUT_DIR, "build.json");
  writeFileSync(`${manifest}.${process.pid}.tmp`, `${JSON.stringify({ entry: path.basename(entry), inputs })}\n`);
  renameSync(`${manifest}.${process.pid}.tmp`, manifest);
  pruneOldBuilds(new Set([...outputs, "build.json"]));
  console.error(`build-cli: dist/cli from ${inputs.length} files in ${Date.now() - started} ms`);
}

main().catch((error) => {
  console.error(`build-cli: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
