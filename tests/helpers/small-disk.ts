// A 20 MB tmpfs of the test's own, for what Tidings does when its SQLite disk fills up. Mounting
// needs root (or CAP_SYS_ADMIN); without it `skipReason` says why and the test is skipped.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { testingPostgres } from "@/tests/helpers/fresh-database";

export type SmallDisk = {
  /** The mounted folder (the database goes in it). */
  dir: string;
  /** Null when mounted; else why the test cannot run here. */
  skipReason: string | null;
  /** Writes until the disk refuses (ENOSPC). */
  fill(): void;
  /** Frees what fill() took. */
  free(): void;
  unmount(): void;
};

export function mountSmallDisk(label: string): SmallDisk {
  const dir = mkdtempSync(path.join(tmpdir(), `tidings-${label}-`));
  const filler = path.join(dir, "filler");
  const skipReason = testingPostgres() ? "runs on SQLite only" : tryMount(dir, label);
  return {
    dir,
    skipReason,
    fill: () => fillUntilFull(filler),
    free: () => rmSync(filler, { force: true }),
    unmount() {
      if (skipReason === null) execFileSync("umount", ["-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function tryMount(dir: string, label: string): string | null {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=20m", "tmpfs", dir], { stdio: "pipe" });
    return null;
  } catch (error) {
    const reason = `cannot mount a tmpfs here (${(error as Error).message.split("\n")[0]})`;
    console.warn(`[${label}] skipped: ${reason}`);
    return reason;
  }
}

function fillUntilFull(file: string): void {
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(1 << 20, 1);
  try {
    for (let written = 0; written < 64; written += 1) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

/** Items with a 2 kB description each: 300 of them do not fit once the disk is full. */
export const bulkyItems = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    guid: `urn:${name}:${index}`,
    title: `Post ${index}`,
    link: `https://publisher.example/${name}/${index}`,
    description: "x".repeat(2000),
  }));
