import type { RoundRow } from "@/lib/reads/health/list-recent-rounds";
import { formatBytes, formatMs, formatUtcSeconds } from "@/lib/reads/health/describe/format-figures";
import styles from "./round-history.module.css";

/** The latest rounds: when, how long, how many sources, what came of them; offline rounds marked. */
export function RoundHistory({ rounds }: { rounds: readonly RoundRow[] }) {
  if (rounds.length === 0) return <p className={styles.empty}>No round has run yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Started (UTC)</th>
            <th scope="col">Trigger</th>
            <th scope="col" className={styles.num}>
              Duration
            </th>
            <th scope="col" className={styles.num}>
              Sources
            </th>
            <th scope="col" className={styles.num}>
              ✓ ok
            </th>
            <th scope="col" className={styles.num}>
              = 304
            </th>
            <th scope="col" className={styles.num}>
              ✕ error
            </th>
            <th scope="col" className={styles.num}>
              New
            </th>
            <th scope="col" className={styles.num}>
              Bytes
            </th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => (
            <tr
              key={round.id}
              className={round.offline ? styles.offline : undefined}
              data-offline={round.offline || undefined}
            >
              <td className={styles.time}>{formatUtcSeconds(round.startedAt).replace(" UTC", "")}</td>
              <td>{round.trigger}</td>
              <td className={styles.num}>
                {round.finishedAt
                  ? formatMs(round.finishedAt.getTime() - round.startedAt.getTime())
                  : round.interrupted
                    ? "—"
                    : "running"}
              </td>
              <td className={styles.num} title={`${round.sourcesAttempted} fetched of ${round.sourcesDue} due`}>
                {round.sourcesAttempted}/{round.sourcesDue}
              </td>
              <td className={styles.num}>{round.okCount}</td>
              <td className={styles.num}>{round.notModifiedCount}</td>
              <td className={styles.num}>{round.errorCount}</td>
              <td className={styles.num}>{round.newArticles}</td>
              <td className={styles.num}>{formatBytes(round.bytesReceived)}</td>
              <td>
                {round.offline ? (
                  <span
                    className={styles.flag}
                    title="Most fetches failed at the network level: this machine looked offline, and those errors were not counted against the publishers"
                  >
                    ⚠ offline
                  </span>
                ) : null}
                {round.failure ? (
                  <span className={styles.flag} title={`The database failed and the round stopped: ${round.failure}`}>
                    failed
                  </span>
                ) : null}
                {round.interrupted ? (
                  <span
                    className={styles.flag}
                    title="Tidings stopped during this round; the fetches it had committed are counted, the rest were fetched by a later round"
                  >
                    interrupted
                  </span>
                ) : null}
                {round.budgetExhausted ? (
                  <span className={styles.note} title="The time budget ran out; the sources not reached stayed due">
                    budget exhausted
                  </span>
                ) : null}
                {round.leftForBudget > 0 ? (
                  <span className={styles.note} data-left-budget>
                    {round.leftForBudget} left for the budget
                  </span>
                ) : null}
                {round.leftForHostHold > 0 ? (
                  <span
                    className={styles.note}
                    data-left-hold
                    title="Their host asked Tidings to wait (Retry-After) past the round's budget: never asked"
                  >
                    {round.leftForHostHold} left for a host hold
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
