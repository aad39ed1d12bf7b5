// A source's full text on its page: whether it is on, with which selector, what the article pages
// cost its publisher, each page request as a row of the log's own kind, and "Re-extract".
import Link from "next/link";
import { HealthSection } from "@/components/health/health-section";
import { SourceActionForm } from "@/components/sources/source-action-form";
import { reExtract } from "@/app/sources/actions";
import type { PageCost } from "@/lib/reads/health/list-page-costs";
import type { PageFetchRow } from "@/lib/reads/health/list-page-fetches";
import { formatBytes, formatMs, formatUtcSeconds } from "@/lib/reads/health/describe/format-figures";
import styles from "@/components/health/fetch-log.module.css";

type Props = {
  source: { id: number; fullText: boolean; fullTextSelector: string | null };
  cost: PageCost | null;
  days: number;
  rows: readonly PageFetchRow[];
};

const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? "" : "s"}`;

export function FullTextSection({ source, cost, days, rows }: Props) {
  const intro = source.fullText
    ? `On: each new article's page is fetched once, in the same lane as the feed. Article: ${source.fullTextSelector ? `the selector “${source.fullTextSelector}”` : "read automatically"}.`
    : "Off: only pages a reader asked for (“Fetch the full article”) are fetched.";
  return (
    <HealthSection id="full-text" title="Full text" intro={intro}>
      <p data-page-cost>
        Article pages and the site&apos;s icon, last {days} days: {count(cost?.requests ?? 0, "request")} (
        {cost?.notModified ?? 0} not modified, {count(cost?.errors ?? 0, "error")}), {formatBytes(cost?.bytes ?? 0)}{" "}
        received. <Link href={`/sources/${source.id}/edit`}>Change the setting or the selector</Link>
      </p>
      <SourceActionForm
        sourceId={source.id}
        action={reExtract}
        label="Re-extract"
        hint="Reads the pages already fetched again with the current selector; nothing is asked of the publisher."
        pendingText="Reading the kept pages…"
        resultName="re-extract"
      />
      {rows.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table} data-page-log>
            <thead>
              <tr>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Kind</th>
                <th scope="col">Outcome</th>
                <th scope="col">HTTP</th>
                <th scope="col" className={styles.num}>
                  Duration
                </th>
                <th scope="col" className={styles.num}>
                  Bytes
                </th>
                <th scope="col">Page and detail</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-outcome={row.outcome}>
                  <td className={styles.time}>{formatUtcSeconds(row.startedAt)}</td>
                  <td>
                    {row.kind}
                    {row.manual ? " (reader)" : ""}
                  </td>
                  <td>
                    {row.outcome}
                    {row.errorKind ? `: ${row.errorKind}` : ""}
                  </td>
                  <td>{row.httpStatus ?? "–"}</td>
                  <td className={styles.num}>{formatMs(row.durationMs)}</td>
                  <td className={styles.num}>{formatBytes(row.bytesReceived)}</td>
                  <td>
                    <span className={styles.detail}>{row.url}</span>
                    {row.detail ? ` ${row.detail}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </HealthSection>
  );
}
