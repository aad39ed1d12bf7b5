import Link from "next/link";
import type { SourceDetail } from "@/lib/reads/sources/get-source";
import type { SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";
import { HealthStateBadge } from "@/components/health/health-state-badge";
import { FetchNowForm } from "@/components/sources/fetch-now-form";
import { ToggleEnabledForm } from "@/components/sources/toggle-enabled-form";
import { describeRefusal } from "@/lib/reads/health/describe/describe-refusal";
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import { FailingSince } from "@/components/health/failing-since";
import { publisherPath } from "@/lib/reads/health/rules/publisher-path";
import styles from "./source-summary.module.css";

/** The top of a source's page: what it is, its state (and why Tidings disabled it), and its actions. */
export function SourceSummary({ source, health, now }: { source: SourceDetail; health: SourceHealthState; now: Date }) {
  const refusal = describeRefusal(source);
  const publisher = politenessKeyOf(source.feedUrl);
  return (
    <header className={styles.header}>
      <p className={styles.back}>
        <Link href="/sources">← Sources</Link>
      </p>
      <div className={styles.row}>
        <h1 className={styles.title}>{source.displayTitle}</h1>
        <HealthStateBadge state={health} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Feed</dt>
          <dd>
            <a href={source.feedUrl} rel="noreferrer noopener" className={styles.url}>
              {source.feedUrl}
            </a>
          </dd>
        </div>
        {source.siteUrl ? (
          <div>
            <dt>Site</dt>
            <dd>
              <a href={source.siteUrl} rel="noreferrer noopener" className={styles.url}>
                {source.siteUrl}
              </a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Publisher</dt>
          <dd>
            <Link href={publisherPath(publisher)} data-publisher-link>
              {publisher}
            </Link>
          </dd>
        </div>
        {source.failingSince ? (
          <div data-failing-since>
            <dt>Failing since</dt>
            <dd>
              <FailingSince since={source.failingSince} now={now} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Folder</dt>
          <dd>{source.folderName ?? "none"}</dd>
        </div>
        <div>
          <dt>Articles</dt>
          <dd>
            {source.articleCount} ({source.unreadCount} unread)
          </dd>
        </div>
        <div>
          <dt>State</dt>
          <dd data-enabled={source.enabled}>
            {source.enabled
              ? "enabled"
              : source.disabledReason === "gone"
                ? "disabled by Tidings: the publisher answered 410 Gone (feed removed)"
                : "disabled by you"}
          </dd>
        </div>
      </dl>
      {refusal ? (
        <p className={styles.refusal} data-testid="refusal">
          <strong>Last body refused ({refusal.label}):</strong> {refusal.detail}. {refusal.advice}
        </p>
      ) : null}
      <div className={styles.actions}>
        <FetchNowForm sourceId={source.id} disabled={!source.enabled} />
        <ToggleEnabledForm sourceId={source.id} enabled={source.enabled} />
        <Link href={`/sources/${source.id}/edit`} className={styles.edit}>
          Edit or remove
        </Link>
      </div>
    </header>
  );
}
