#!/usr/bin/env node
// The `tidings` command: runs the TypeScript CLI (lib/cli) through tsx, from any working directory.
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const tsconfig = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
const { main } = await tsImport("../lib/cli/main.ts", { parentURL: import.meta.url, tsconfig });
process.exitCode = await main(process.argv.slice(2));
