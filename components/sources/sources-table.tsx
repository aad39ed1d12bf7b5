import Link from "next/link";
import type { SourceListRow, SourceSort } from "@/lib/reads/sources/list-sources";
import { sourcesViewHref, type SourcesView } from "@/lib/reads/sources/sources-view";
import { OUTCOME_META, isOutcome } from "@/lib/reads/health/rules/outcome-meta";
import { formatRelative, formatUtc } from "@/lib/reads/health/describe/format-figures";
import { HealthStateBadge } from "@/components/health/health-state-badge";
import { CompactStrip } from "@/components/health/compact-strip";
import { HealthStateLegend } from "@/components/health/health-state-legend";
import styles from "./sources-table.module.css";

export const STRIP_SLOTS = 20;

type Props = { sources: readonly SourceListRow[]; strips: ReadonlyMap<number, string>; view: SourcesView; now: Date };

const SORT_LABELS: Record<SourceSort, string> = {
  title: "Title",
  problems: "Problems first",
  next: "Next due",
  folder: "Folder",
};

/** A page of sources in one table: state, last outcome, last success, next due and a strip of its last fetches. */
export function SourcesTable({ sources, strips, view, now }: Props) {
  const { sort } = view;
  return (
    <>
      <nav className={styles.sorts} aria-label="Sort sources">
        <span className={styles.sortLabel}>Sort:</span>
        {(Object.keys(SORT_LABELS) as SourceSort[]).map((key) => (
          <Link
            key={key}
            href={sourcesViewHref(view, { sort: key, page: 1 })}
            aria-current={key === sort ? "true" : undefined}
            className={styles.sort}
          >
            {SORT_LABELS[key]}
          </Link>
        ))}
      </nav>
      <HealthStateLegend />
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Source</th>
              <th scope="col">Folder</th>
              <th scope="col">Last outcome</th>
              <th scope="col">Last success</th>
              <th scope="col">Next due</th>
              <th scope="col">Last {STRIP_SLOTS} fetches</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((source) => (
              <tr key={source.id} data-source-id={source.id} data-health={source.health}>
                <td>
                  <HealthStateBadge state={source.health} compact />
                </td>
                <td className={styles.source}>
                  <Link href={`/sources/${source.id}`} className={styles.title}>
                    {source.displayTitle}
                  </Link>
                  <span className={styles.url}>{source.feedUrl}</span>
                </td>
                <td className={styles.folder}>{source.folder ?? <span className={styles.none}>—</span>}</td>
                <td className={styles.nowrap}>
                  <LastOutcome outcome={source.lastOutcome} errorKind={source.lastErrorKind} />
                </td>
                <td
                  className={styles.nowrap}
                  title={source.lastSuccessAt ? formatUtc(source.lastSuccessAt) : undefined}
                >
                  {formatRelative(source.lastSuccessAt, now)}
                </td>
                <td className={styles.next} title={formatUtc(source.nextDueAt)}>
                  {source.enabled ? (
                    formatRelative(source.nextDueAt, now)
                  ) : (
                    <span className={styles.none}>
                      {source.disabledReason === "gone" ? "disabled: gone" : "disabled"}
                    </span>
                  )}
                </td>
                <td>
                  <CompactStrip code={strips.get(source.id) ?? ""} slots={STRIP_SLOTS} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function LastOutcome({ outcome, errorKind }: { outcome: string | null; errorKind: string | null }) {
  if (!isOutcome(outcome)) return <span className={styles.none}>not fetched yet</span>;
  const meta = OUTCOME_META[outcome];
  return (
    <span className={styles[outcome]}>
      <span aria-hidden="true">{meta.glyph}</span> {meta.label}
      {errorKind ? <span className={styles.kind}> {errorKind}</span> : null}
    </span>
  );
}
