// The database's size and what retention of read articles did last, in words.
import type { StorageStatus } from "@/lib/reads/health/read-storage-status";
import { formatBytes, formatUtc } from "@/lib/reads/health/describe/format-figures";

export function StorageStatusText({ status }: { status: StorageStatus }) {
  const { size, lastRun } = status;
  const free =
    size.freeBytes !== null && size.freeBytes > 0 ? ` (${formatBytes(size.freeBytes)} of it free pages)` : "";
  const where = status.provider === "sqlite" ? "the SQLite file" : "this installation's PostgreSQL tables and indexes";
  const rule =
    status.retentionDays === 0
      ? "Every article is kept (TIDINGS_RETENTION_DAYS=0), unless a source says otherwise."
      : `Read articles are removed ${status.retentionDays} days after they were fetched (TIDINGS_RETENTION_DAYS), starred and unread ones never; a source may keep its own number of days.`;
  return (
    <>
      <p data-storage-size>
        Database: {formatBytes(size.bytes)}, {where}
        {free}.
      </p>
      <p data-retention-rule>{rule}</p>
      <p data-retention-last>{describeLastRun(lastRun, status.schedulerOn)}</p>
    </>
  );
}

function describeLastRun(run: StorageStatus["lastRun"], schedulerOn: boolean): string {
  const schedule = schedulerOn
    ? "it runs every 6 hours, the first time 10 minutes after the start"
    : "it runs with the scheduler, which is off here: TIDINGS_SCHEDULER=false";
  if (run === null) return `Retention has not run yet (${schedule}).`;
  const last = `Last run ${formatUtc(new Date(run.finishedAt))}`;
  if (run.removed === 0) return `${last}: nothing was old enough to remove.`;
  const room = run.reclaimedBytes === null ? "" : `, ${formatBytes(run.reclaimedBytes)} given back to the disk`;
  return `${last}: removed ${run.removed.toLocaleString("en")} read article${run.removed === 1 ? "" : "s"} of ${run.sources} source${run.sources === 1 ? "" : "s"}${room}.`;
}
