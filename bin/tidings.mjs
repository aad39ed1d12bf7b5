#!/usr/bin/env node
// The `tidings` command, from any working directory. It runs the command line built into plain
// JavaScript (dist/cli, by scripts/build-cli.mjs at `postinstall` and `npm run build`) when that
// build is fresh: it starts in a fraction of a second, where tsx spends seconds compiling the
// TypeScript on every call. When the build is missing or any source file it was built from has
// changed since (a checkout being edited, an install that skipped its scripts), it runs the
// sources through tsx instead: slower, but never stale code. TIDINGS_CLI_FROM_SOURCES=true
// forces that path (the tests of both paths use it).
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

process.env.NEXT_TELEMETRY_DISABLED = "1";
// Migrations, the parse worker and the default database are this installation's, not the working
// directory's (lib/base/project-root.ts).
process.env.TIDINGS_PROJECT_ROOT ||= ROOT;
// tsx (here, and in the parse worker in both paths) reads the `@/` alias from the working
// directory's tsconfig.json unless told where it is: "Cannot find module '@/lib/entry/cli/cli-error'".
process.env.TSX_TSCONFIG_PATH ||= path.join(ROOT, "tsconfig.json");

/** The built entry point if dist/cli was built from the sources as they are now, else null. */
function freshBuild() {
  try {
    // scripts/build-cli.mjs lists every source file it read, with its size and time.
    const { entry, inputs } = JSON.parse(readFileSync(path.join(ROOT, "dist/cli/build.json"), "utf8"));
    const unchanged = inputs.every((input) => {
      const stat = statSync(path.join(ROOT, input.path));
      return stat.size === input.size && stat.mtimeMs === input.mtimeMs;
    });
    return unchanged ? path.join(ROOT, "dist/cli", entry) : null;
  } catch {
    return null;
  }
}

async function loadCli() {
  const built = process.env.TIDINGS_CLI_FROM_SOURCES === "true" ? null : freshBuild();
  if (built) return import(pathToFileURL(built).href);
  // Registered for the whole process (ESM and CommonJS: the project's .ts files are CommonJS to
  // tsx), not tsImport's namespace, which cannot resolve the commands' dynamic import().
  const { register } = await import("tsx/esm/api");
  const { register: registerCommonJs } = await import("tsx/cjs/api");
  register({ tsconfig: process.env.TSX_TSCONFIG_PATH });
  registerCommonJs();
  const loaded = await import(pathToFileURL(path.join(ROOT, "lib/entry/cli/main.ts")).href);
  return loaded.main ? loaded : loaded.default;
}

const { main } = await loadCli();
process.exitCode = await main(process.argv.slice(2));
