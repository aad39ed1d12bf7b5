import type { OpmlSkip } from "@/lib/pipeline/parse/opml/types";
import styles from "./import-report.module.css";

/** What an import did: how many feeds were added, and each skipped entry with the reason. */
export function ImportReport({ added, skipped }: { added: number; skipped: readonly OpmlSkip[] }) {
  return (
    <section className={styles.report} aria-labelledby="import-report-title" data-import-report>
      <h2 id="import-report-title" className={styles.title}>
        Imported {added} feed{added === 1 ? "" : "s"}
        {skipped.length > 0 ? `, skipped ${skipped.length}` : ""}
      </h2>
      <p className={styles.note}>The new sources are due now: the next rounds fetch them one at a time.</p>
      {skipped.length > 0 ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Entry</th>
              <th scope="col">Why it was skipped</th>
            </tr>
          </thead>
          <tbody>
            {skipped.map((skip, index) => (
              <tr key={`${skip.url ?? ""}-${index}`}>
                <td>
                  {skip.title ? <span className={styles.entryTitle}>{skip.title}</span> : null}
                  {skip.url ? <span className={styles.url}>{skip.url}</span> : null}
                  {!skip.title && !skip.url ? "(an outline without a name)" : null}
                </td>
                <td>{skip.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
