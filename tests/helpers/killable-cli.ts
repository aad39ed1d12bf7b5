// Starts the real `tidings` command in its own process group and hands back the running child, so
// that a test can SIGKILL it at a moment of its choosing (crash tests). run-cli.ts is the simple
// variant that waits for the end.
import { spawn } from "node:child_process";
import path from "node:path";

export type CliExit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export type RunningCli = {
  pid: number;
  /** Whether the process has exited (by itself or killed). */
  hasExited(): boolean;
  /** Settles when the process has exited and its output is closed. */
  exited: Promise<CliExit>;
  /** kill -9 of the whole process group (the CLI and anything it started); resolves once it is gone. */
  kill(): Promise<CliExit>;
};

const BIN = path.resolve(__dirname, "../../bin/tidings.mjs");

export function startCli(args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000): RunningCli {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, TIDINGS_LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: the kill reaches every process and thread it owns, and only those.
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`could not start tidings ${args.join(" ")}`);
  const pid = child.pid;
  let stdout = "";
  let stderr = "";
  let done = false;
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const killGroup = () => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  // A hung child must not outlive the test.
  const timer = setTimeout(killGroup, timeoutMs);
  const exited = new Promise<CliExit>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      done = true;
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    pid,
    hasExited: () => done || child.exitCode !== null || child.signalCode !== null,
    exited,
    kill() {
      if (!done) killGroup();
      return exited;
    },
  };
}
