import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/sources/page-header";
import { HealthSection } from "@/components/health/health-section";
import { HealthStateBadge } from "@/components/health/health-state-badge";
import { FailingSince } from "@/components/health/failing-since";
import { CachingBadges } from "@/components/health/caching-badges";
import { PublisherTable } from "@/components/health/publisher-table";
import { listPublishers, PUBLISHER_DAYS } from "@/lib/reads/health/list-publishers";
import { parsePublisherKey } from "@/lib/reads/health/rules/publisher-path";
import { formatBytes, formatShare } from "@/lib/reads/health/describe/format-figures";
import styles from "@/components/health/figures.module.css";
import { countPushedSources } from "@/lib/features/websub/get-websub-health";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ key: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const key = parsePublisherKey((await params).key);
  return { title: key ? `Publisher ${key}` : "Unknown publisher" };
}

export default async function PublisherPage({ params }: Props) {
  const key = parsePublisherKey((await params).key);
  if (key === null) notFound();
  const now = new Date();
  const [publisher] = await listPublishers(now, key);
  if (!publisher) notFound();
  const pushed = await countPushedSources(
    publisher.sources.map((source) => source.id),
    now,
  );
  const figures = [
    {
      key: "requests",
      label: `Requests (${PUBLISHER_DAYS} d)`,
      value: String(publisher.requests),
      // The feeds' outcomes; article pages (full text) are among the requests, named when there are any.
      note:
        `${publisher.pageRequests > 0 ? `${publisher.pageRequests} for pages and icons; feeds: ` : ""}` +
        `${publisher.ok} ok, ${publisher.notModified} not modified, ${publisher.errors} errors`,
    },
    {
      key: "bytes",
      label: `Received (${PUBLISHER_DAYS} d)`,
      value: formatBytes(publisher.bytesReceived),
      note: "bytes on the wire, compressed",
    },
    {
      key: "saved",
      label: `Saved by 304s (${PUBLISHER_DAYS} d)`,
      value: formatBytes(publisher.bytesSaved),
      note: "estimate: last full body per 304",
    },
    { key: "share", label: "304 share", value: formatShare(publisher.notModifiedShare), note: "of all requests" },
    // Only where a hub was asked: most installations (no TIDINGS_PUBLIC_URL) never subscribe.
    ...(pushed.subscribed > 0
      ? [
          {
            key: "pushed",
            label: "Pushed by WebSub",
            value: `${pushed.pushed} of ${publisher.sources.length}`,
            note: `sources pushed by a hub now (${pushed.subscribed} subscribed): ${pushed.pushes} pushes, ${pushed.requestsSaved} requests saved`,
          },
        ]
      : []),
  ];
  return (
    <>
      <PageHeader
        title={`Publisher ${publisher.key}`}
        below={
          <p className="figure-label">
            <Link prefetch={false} href="/health#publishers">
              ← Health
            </Link>{" "}
            · every source whose feed is on {publisher.key}, spaced as one host by the request lane.
          </p>
        }
      />
      <HealthSection id="summary" title="At a glance">
        <PublisherTable publishers={[publisher]} now={now} />
      </HealthSection>
      <HealthSection
        id="cost"
        title={`What Tidings cost this publisher, last ${PUBLISHER_DAYS} days`}
        intro="From the daily roll-ups of every fetch of its sources."
      >
        <dl className={styles.grid}>
          {figures.map((figure) => (
            <div key={figure.key} className={styles.card} data-figure={figure.key}>
              <dt>{figure.label}</dt>
              <dd>
                {figure.value}
                <span className={styles.note}>{figure.note}</span>
              </dd>
            </div>
          ))}
        </dl>
      </HealthSection>
      <HealthSection
        id="validators"
        title="Conditional requests"
        intro={`Every fetch of its sources in the last ${PUBLISHER_DAYS} days; a verdict needs three conditional requests that met an unchanged feed.`}
      >
        <CachingBadges badges={[publisher.honours]} />
      </HealthSection>
      <HealthSection id="sources" title="Sources">
        <ul data-publisher-sources>
          {publisher.sources.map((source) => (
            <li key={source.id} data-source-id={source.id}>
              <HealthStateBadge state={source.health} compact />{" "}
              <Link prefetch={false} href={`/sources/${source.id}`}>
                {source.displayTitle}
              </Link>
              {source.failingSince ? (
                <>
                  {" "}
                  · failing since <FailingSince since={source.failingSince} now={now} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </HealthSection>
    </>
  );
}
