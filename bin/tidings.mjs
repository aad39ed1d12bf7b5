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
const BUILT = path.join(ROOT, "dist/cli/tidings.mjs");

process.env.NEXT_TELEMETRY_DISABLED = "1";
// Migrations, the parse worker and the default database are this installation's, not the working
// directory's (lib/project-root.ts).
process.env.TIDINGS_PROJECT_ROOT ||= ROOT;
// tsx (here, and in the parse worker in both paths) reads the `@/` alias from the working
// directory's tsconfig.json unless told where it is: "Cannot find module '@/lib/cli/cli-error'".
process.env.TSX_TSCONFIG_PATH ||= path.join(ROOT, "tsconfig.json");

/** Whether dist/cli was built from the sources as they are now (scripts/build-cli.mjs lists them). */
function isBuildFresh() {
  try {
    const { inputs } = JSON.parse(readFileSync(path.join(ROOT, "dist/cli/inputs.json"), "utf8"));
    statSync(BUILT);
    return inputs.every((input) => {
      const stat = statSync(path.join(ROOT, input.path));
      return stat.size === input.size && stat.mtimeMs === input.mtimeMs;
    });
  } catch {
    return false;
  }
}

async function loadCli() {
  if (process.env.TIDINGS_CLI_FROM_SOURCES !== "true" && isBuildFresh()) return import(pathToFileURL(BUILT).href);
  const { tsImport } = await import("tsx/esm/api");
  return tsImport(pathToFileURL(path.join(ROOT, "lib/cli/main.ts")).href, { parentURL: import.meta.url, tsconfig: process.env.TSX_TSCONFIG_PATH });
}

const { main } = await loadCli();
process.exitCode = await main(process.argv.slice(2));
