// Runs the real `tidings` command in a child process and collects what it printed.
import { spawn } from "node:child_process";
import path from "node:path";

export type CliResult = { code: number | null; stdout: string; stderr: string };

export const BIN = path.resolve(__dirname, "../../bin/tidings.mjs");

export type CliOptions = { timeoutMs?: number; stdin?: string; cwd?: string };

export function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  { timeoutMs = 60_000, stdin, cwd }: CliOptions = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, TIDINGS_LOG_LEVEL: "warn", TIDINGS_ICONS: "false", ...env },
      stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    child.stdin?.end(stdin);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`tidings ${args.join(" ")} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
