// Starts the production build (`next start`) on a free port in its own process group, and stops
// the whole group: killing only `npm`/`next` would leave `next-server` running.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { claimFirstAdminAt } from "@/tests/helpers/first-admin";

export type AppServer = {
  url: string;
  /** The server's process (next start runs as one process): for RSS measurements (scripts/bench). */
  pid: number | undefined;
  output: () => string;
  stop(): Promise<void>;
};

const ROOT = path.resolve(__dirname, "../..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
const START_TIMEOUT_MS = 60_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * `port`: one chosen beforehand (freePort), when the environment must name the server's own URL.
 * `freshInstall`: leave a database without users as it is (Tidings then asks for its admin at
 * /setup); otherwise its first admin is made once the server has migrated it (claimFirstAdminAt).
 */
export async function startAppServer(
  env: Record<string, string>,
  port?: number,
  { freshInstall = false }: { freshInstall?: boolean } = {},
): Promise<AppServer> {
  port ??= await freePort();
  const child = spawn(process.execPath, [NEXT_BIN, "start", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "true",
      TIDINGS_SCHEDULER: "false",
      TIDINGS_LOG_LEVEL: "warn",
      // Browser tests count the publisher's requests; the icons' have tests of their own.
      TIDINGS_ICONS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server = { url, pid: child.pid, output: () => output, stop: () => stopGroup(child) };
  try {
    await waitForHealth(url, child);
    if (!freshInstall && env.DATABASE_URL !== undefined) await claimFirstAdminAt(env.DATABASE_URL);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return server;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`app server did not become healthy within ${START_TIMEOUT_MS} ms`);
}

/** Sends SIGTERM to the process group, then SIGKILL if it lingers. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}
