import Link from "next/link";
import type { FetchLogRow } from "@/lib/reads/health/list-fetch-log";
import { OUTCOME_META, isOutcome } from "@/lib/reads/health/rules/outcome-meta";
import { describeEncoding } from "@/lib/reads/health/describe/describe-reading";
import { formatBytes, formatDrift, formatMs, formatUtcSeconds } from "@/lib/reads/health/describe/format-figures";
import styles from "./fetch-log.module.css";

type Props = {
  rows: readonly FetchLogRow[];
  basePath: string;
  newerCursor: string | null;
  olderCursor: string | null;
  paged: boolean;
};

/** One page of the fetch log, newest first, with keyset links to newer and older pages. */
// The badge of a request besides the feed's (Fetch.kind): the feed's own rows carry none.
const KIND_LABELS: Record<string, string> = { page: "article page", icon: "site icon" };

export function FetchLog({ rows, basePath, newerCursor, olderCursor, paged }: Props) {
  if (rows.length === 0) return <p className={styles.empty}>No fetches recorded yet.</p>;
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Outcome</th>
              <th scope="col">Error kind</th>
              <th scope="col">HTTP</th>
              <th scope="col" className={styles.num}>
                Duration
              </th>
              <th
                scope="col"
                className={styles.num}
                title="Time parsing the body; – when none was parsed (304, error, unchanged body)"
              >
                Parse
              </th>
              <th
                scope="col"
                className={styles.num}
                title="Time waiting for the request lane: the host gap, a Crawl-delay, a robots.txt read (not in Duration)"
              >
                Lane wait
              </th>
              <th
                scope="col"
                className={styles.num}
                title="How late the fetch started against the time the source was due; – for fetches asked for by hand"
              >
                Late
              </th>
              <th scope="col" className={styles.num}>
                Bytes
              </th>
              <th scope="col" className={styles.num}>
                New
              </th>
              <th scope="col">Validators sent</th>
              <th scope="col">Encoding</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const meta = isOutcome(row.outcome) ? OUTCOME_META[row.outcome] : OUTCOME_META.error;
              const encoding = describeEncoding(row);
              return (
                <tr key={row.id} data-outcome={row.outcome} data-kind={row.kind}>
                  <td className={styles.time} data-label="Time (UTC)">
                    {formatUtcSeconds(row.startedAt).replace(" UTC", "")}
                  </td>
                  <td data-label="Outcome">
                    <span className={`${styles.outcome} ${styles[row.outcome] ?? ""}`}>
                      <span aria-hidden="true">{meta.glyph}</span> {meta.label}
                    </span>
                    {row.kind === "feed" ? null : (
                      <span className={styles.tag} title={row.url ?? undefined} data-kind-badge>
                        {KIND_LABELS[row.kind] ?? row.kind}
                      </span>
                    )}
                    {row.manual ? (
                      <span className={styles.tag} title="Fetched by hand (fetch now / subscribe)">
                        manual
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Error kind">{row.errorKind ?? ""}</td>
                  <td data-label="HTTP">{row.httpStatus ?? "–"}</td>
                  <td className={styles.num} data-label="Duration">
                    {formatMs(row.durationMs)}
                  </td>
                  <td className={styles.num} data-label="Parse" data-parse>
                    {formatMs(row.parseMs)}
                  </td>
                  <td className={styles.num} data-label="Lane wait" data-lane-wait>
                    {formatMs(row.laneWaitMs)}
                  </td>
                  <td className={styles.num} data-label="Late" data-drift>
                    {formatDrift(row.driftMs)}
                  </td>
                  <td
                    className={styles.num}
                    data-label="Bytes"
                    title={row.bodyBytes === null ? undefined : `${formatBytes(row.bodyBytes)} after decompression`}
                  >
                    {formatBytes(row.bytesReceived)}
                  </td>
                  <td className={styles.num} data-label="New">
                    {row.newArticles}
                  </td>
                  <td data-label="Validators sent">{row.conditional ? "yes" : "no"}</td>
                  <td className={styles.encoding} data-label="Encoding" title={encoding?.title}>
                    {encoding ? (
                      <>
                        {encoding.text} <span className={styles.source}>{row.encodingSource}</span>
                      </>
                    ) : (
                      ""
                    )}
                  </td>
                  <td className={styles.detail} data-label="Detail">
                    {row.kind === "feed" ? "" : `${row.url ?? ""} `}
                    {row.detail ?? ""}
                    {row.xmlRecovery ? (
                      <span className={styles.recovery} data-recovery>
                        {row.xmlRecovery}
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <nav className={styles.pager} aria-label="Fetch log pages">
        {paged ? <Link href={`${basePath}#log`}>⇤ Newest</Link> : <span />}
        <span className={styles.spacer} />
        {newerCursor ? (
          <Link href={`${basePath}?after=${newerCursor}#log`} rel="prev">
            ← Newer
          </Link>
        ) : null}
        {olderCursor ? (
          <Link href={`${basePath}?before=${olderCursor}#log`} rel="next">
            Older →
          </Link>
        ) : null}
      </nav>
    </>
  );
}
