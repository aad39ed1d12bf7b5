// Who holds the round lease, as a process on a machine, and whether that process is gone. An
// instance killed with -9 and started again must not wait out its own dead lease (the TTL is
// budget + 2 fetch timeouts + 60 s, over five minutes by default); a live instance's lease, and
// any lease held on another machine, stand until they expire.
import { readFileSync } from "node:fs";
import { hostname } from "node:os";

export type HolderProcess = { host: string; pid: number; bootId: string | null; startTicks: string | null };

let self: HolderProcess | null = null;

export function currentHolderProcess(): HolderProcess {
  self ??= { host: hostname(), pid: process.pid, bootId: readBootId(), startTicks: readStartTicks(process.pid) };
  return self;
}

/** True only when the holder certainly no longer runs: on this machine, since this boot, and its pid gone or reused. */
export function isHolderProcessGone(holder: HolderProcess): boolean {
  const here = currentHolderProcess();
  // Another machine (or one whose boot we cannot tell): its processes are not ours to judge.
  if (holder.host !== here.host || holder.bootId === null || holder.bootId !== here.bootId) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid runs, as another user. Only "no such process" means gone.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
  // The pid runs: the holder itself, or a newer process that was given the same pid.
  const startTicks = readStartTicks(holder.pid);
  return holder.startTicks !== null && startTicks !== null && startTicks !== holder.startTicks;
}

/** Linux: changes at every boot (proc(5)); null elsewhere, where only expiry frees a lease. */
function readBootId(): string | null {
  return readProc("/proc/sys/kernel/random/boot_id")?.trim() ?? null;
}

/** Field 22 of /proc/PID/stat, the start time in clock ticks since boot (proc(5)). */
function readStartTicks(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may itself contain spaces or ")".
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields?.[19] ?? null;
}

function readProc(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
