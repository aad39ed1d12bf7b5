import Link from "next/link";
import type { AttentionSource } from "@/lib/reads/health/get-fleet-states";
import { formatDuration, formatRelative } from "@/lib/reads/health/describe/format-figures";
import { FailingSince } from "@/components/health/failing-since";
import { HealthStateBadge } from "@/components/health/health-state-badge";
import styles from "./attention-list.module.css";

/** The sources to look at first, most urgent on top, each with why. */
export function AttentionList({
  sources,
  total,
  now,
}: {
  sources: readonly AttentionSource[];
  total: number;
  now: Date;
}) {
  if (sources.length === 0)
    return <p className={styles.empty}>Nothing needs attention: every enabled source is healthy.</p>;
  return (
    <>
      <ol className={styles.list}>
        {sources.map((source) => (
          <li key={source.id} className={styles.item} data-source-id={source.id}>
            <HealthStateBadge state={source.health} compact />
            <span className={styles.main}>
              <Link prefetch={false} href={`/sources/${source.id}`} className={styles.title}>
                {source.displayTitle}
              </Link>
              <span className={styles.why}>
                {explain(source, now)}
                {source.failingSince ? (
                  <>
                    {" "}
                    Failing since <FailingSince since={source.failingSince} now={now} />.
                  </>
                ) : null}
              </span>
            </span>
          </li>
        ))}
      </ol>
      {total > sources.length ? (
        <p className={styles.more}>
          <Link prefetch={false} href="/sources?sort=problems">
            {total - sources.length} more, problems first →
          </Link>
        </p>
      ) : null}
    </>
  );
}

function explain(source: AttentionSource, now: Date): string {
  if (source.health === "gone")
    return "The publisher answered 410 Gone. Remove it, or re-enable it if the feed came back.";
  if (source.health === "quiet") {
    const silence = source.lastNewArticleAt
      ? `for ${formatDuration((now.getTime() - source.lastNewArticleAt.getTime()) / 1000)}`
      : "since it was added";
    return `No new article ${silence}; fetches still succeed.`;
  }
  const kind = source.lastErrorKind ? ` (${source.lastErrorKind})` : "";
  // Backing off without a counted error: the publisher asked to wait (Retry-After), which is not a failure.
  const errors =
    source.consecutiveErrors === 0
      ? `The publisher asked to wait${kind}`
      : `${source.consecutiveErrors} error${source.consecutiveErrors === 1 ? "" : "s"} in a row${kind}`;
  return `${errors}; last success ${formatRelative(source.lastSuccessAt, now)}. Next: ${source.nextCheckReason}.`;
}
