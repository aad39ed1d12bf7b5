// A PostgreSQL cluster of the test's own, on a free port, that the test may stop and start (an
// outage mid-round). initdb refuses to run as root: as root it runs as the `postgres` user.
// `findPostgresBinaries()` is null where PostgreSQL's server binaries are not installed.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "@/tests/helpers/app-server";

const run = promisify(execFile);

export type OwnPostgres = { url: string; stop(): Promise<void>; start(): Promise<void>; dispose(): Promise<void> };

export function findPostgresBinaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-own-pg-"));
  const owner = process.getuid?.() === 0 ? lookUpUser("postgres") : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const data = path.join(dir, "data");
  const port = await freePort();
  execFileSync(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], {
    ...as,
    stdio: "pipe",
  });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const start = async () => {
    await run(
      path.join(bin, "pg_ctl"),
      ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"],
      as,
    );
  };
  const stop = async () => {
    await run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"], as);
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async dispose() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function lookUpUser(name: string): { uid: number; gid: number } | null {
  try {
    const [uid, gid] = ["-u", "-g"].map((flag) =>
      Number(execFileSync("id", [flag, name], { encoding: "utf8" }).trim()),
    );
    return { uid: uid!, gid: gid! };
  } catch {
    return null;
  }
}
