import Link from "next/link";
import type { PublisherSummary } from "@/lib/reads/health/rules/summarise-publishers";
import { formatBytes, formatRelative, formatShare, formatUtc } from "@/lib/reads/health/describe/format-figures";
import { publisherPath } from "@/lib/reads/health/rules/publisher-path";
import { FailingSince } from "@/components/health/failing-since";
import { VERDICT_GLYPH } from "@/components/health/caching-badges";
import styles from "./publisher-table.module.css";

/** One row per publisher (registrable domain): what Tidings cost it and how it answers. */
export function PublisherTable({ publishers, now }: { publishers: readonly PublisherSummary[]; now: Date }) {
  if (publishers.length === 0) return <p className={styles.none}>No sources yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Publisher</th>
            <th scope="col">Sources</th>
            <th scope="col">Requests</th>
            <th scope="col">Received</th>
            <th scope="col">304 share</th>
            <th scope="col" className={styles.text}>
              Honours validators
            </th>
            <th scope="col" className={styles.text}>
              Retry-After
            </th>
            <th scope="col" className={styles.text}>
              robots.txt
            </th>
            <th scope="col">Errors</th>
            <th scope="col" className={styles.text}>
              Failing since
            </th>
          </tr>
        </thead>
        <tbody>
          {publishers.map((publisher) => (
            <tr key={publisher.key} data-publisher={publisher.key}>
              <th scope="row">
                {/* Not prefetched on sight: a prefetched dynamic route preloads stylesheets this page never
                    uses (the browser warns; see components/app-header.tsx). */}
                <Link prefetch={false} href={publisherPath(publisher.key)} className={styles.key}>
                  {publisher.key}
                </Link>
              </th>
              <td data-column="sources">{publisher.sources.length}</td>
              <td data-column="requests">
                {publisher.requests}
                {publisher.pageRequests > 0 ? (
                  <span className={styles.pages}> incl. {publisher.pageRequests} for pages and icons</span>
                ) : null}
              </td>
              <td data-column="bytes" className={styles.nowrap}>
                {formatBytes(publisher.bytesReceived)}
              </td>
              <td data-column="share">{formatShare(publisher.notModifiedShare)}</td>
              <td
                data-column="honours"
                data-verdict={publisher.honours.verdict}
                className={`${styles.text} ${styles.honours} ${styles[publisher.honours.verdict]}`}
                title={publisher.honours.meaning}
              >
                <span aria-hidden="true">{VERDICT_GLYPH[publisher.honours.verdict]}</span> {publisher.honours.label}
              </td>
              <td data-column="holds" className={styles.text}>
                {publisher.holds.length === 0 ? (
                  <span className={styles.none}>none</span>
                ) : (
                  publisher.holds.map((hold) => (
                    <span key={hold.host} className={styles.nowrap} title={`until ${formatUtc(hold.until)}`}>
                      {hold.host}: ends {formatRelative(hold.until, now)}{" "}
                    </span>
                  ))
                )}
              </td>
              <td data-column="robots" className={styles.text}>
                {publisher.robots.length === 0 ? (
                  <span className={styles.none}>not read yet</span>
                ) : (
                  publisher.robots.map((robots) => (
                    <span key={robots.origin} title={robots.origin}>
                      {robots.words}{" "}
                    </span>
                  ))
                )}
              </td>
              <td data-column="errors">{publisher.errors}</td>
              <td data-column="failing" className={styles.text}>
                {publisher.failingSince ? (
                  <>
                    <FailingSince since={publisher.failingSince} now={now} />
                    {publisher.failingSources > 1 ? ` (${publisher.failingSources} sources)` : null}
                  </>
                ) : (
                  <span className={styles.none}>not failing</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
