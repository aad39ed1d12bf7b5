// `npm run demo`: the whole product on this machine, offline, in about a minute.
// Starts the demo publisher on 127.0.0.1, a fresh demo database (data/demo.db; your real
// database is never touched), subscribes to every demo feed, and starts Tidings with a fast
// schedule (a round every 20 s, a 1-minute floor). Ctrl+C stops both.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startDemoPublisher } from "./demo-publisher";

const ROOT = path.resolve(__dirname, "../..");
const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "3000" },
    "skip-build": { type: "boolean", default: false },
  },
});

const DEMO_ENV = {
  DATABASE_URL: `file:${path.join(ROOT, "data", "demo.db")}`,
  TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
  // What the server below is bound to (an inherited TIDINGS_HOST would not describe it).
  TIDINGS_HOST: "127.0.0.1",
  TIDINGS_ROUND_CRON: "*/20 * * * * *",
  TIDINGS_MIN_INTERVAL: "1",
  TIDINGS_HOST_GAP_MS: "200",
  TIDINGS_LOG_LEVEL: process.env.TIDINGS_LOG_LEVEL ?? "warn",
  NEXT_TELEMETRY_DISABLED: "1",
};

async function main(): Promise<void> {
  if (!values["skip-build"]) {
    console.log("demo: building the app (next build)...");
    const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const publisher = await startDemoPublisher();
  console.log(
    `demo: publisher with ${publisher.feedUrls.length} feeds at ${publisher.origins[0]} ... ${publisher.origins.at(-1)}`,
  );

  rmSync(path.join(ROOT, "data", "demo.db"), { force: true });
  rmSync(path.join(ROOT, "data", "demo.db-wal"), { force: true });
  rmSync(path.join(ROOT, "data", "demo.db-shm"), { force: true });
  Object.assign(process.env, DEMO_ENV);
  // Imported after the environment is set: lib/base/env reads it once.
  const { subscribeAll } = await import("./subscribe-all");
  await subscribeAll(publisher.feedUrls);

  const server = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "--hostname", "127.0.0.1", "--port", values.port!],
    {
      cwd: ROOT,
      detached: true,
      stdio: "inherit",
      env: { ...process.env, ...DEMO_ENV, NEXT_MANUAL_SIG_HANDLE: "true" },
    },
  );
  console.log(`\ndemo: open http://localhost:${values.port}  (a round every 20 s; Ctrl+C stops the demo)\n`);
  const stop = () => void shutdown(server, publisher.close);
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  server.once("exit", (code) => {
    console.log(`demo: Tidings exited (${code ?? "signal"})`);
    void publisher.close().then(() => process.exit(code ?? 0));
  });
}

async function shutdown(server: ChildProcess, closePublisher: () => Promise<void>): Promise<void> {
  console.log("\ndemo: stopping");
  if (server.pid !== undefined && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await closePublisher();
  setTimeout(() => process.exit(0), 5000).unref();
}

main().catch((error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
