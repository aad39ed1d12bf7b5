import type { Metadata } from "next";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { notFound } from "next/navigation";
import { SourceSummary } from "@/components/sources/source-summary";
import { FirstFetchNotice } from "@/components/sources/first-fetch-notice";
import { HealthSection } from "@/components/health/health-section";
import { OutcomeStrip } from "@/components/health/outcome-strip";
import { OutcomeLegend } from "@/components/health/outcome-legend";
import { OutcomeSharesTable } from "@/components/health/outcome-shares-table";
import { SourceFigures } from "@/components/health/source-figures";
import { DailyOutcomesChart } from "@/components/health/daily-outcomes-chart";
import { CachingBadges } from "@/components/health/caching-badges";
import { FetchLog } from "@/components/health/fetch-log";
import { SourceHistory } from "@/components/health/source-history";
import { getSource } from "@/lib/reads/sources/get-source";
import { parseSourceId } from "@/lib/reads/sources/parse-source-id";
import { classifySourceHealth } from "@/lib/reads/health/rules/classify-source-health";
import { listRecentFetches } from "@/lib/reads/health/list-recent-fetches";
import { getOutcomeWindows } from "@/lib/reads/health/get-outcome-windows";
import { listDailyOutcomes } from "@/lib/reads/health/list-daily-outcomes";
import { getMedianDuration } from "@/lib/reads/health/get-median-duration";
import { listFetchLog } from "@/lib/reads/health/list-fetch-log";
import { listSourceEvents } from "@/lib/reads/health/list-source-events";
import { BADGE_WINDOW, deriveCachingBadges, NO_EVIDENCE } from "@/lib/reads/health/rules/derive-caching-badges";
import { listValidatorEvidence } from "@/lib/reads/health/list-validator-evidence";
import { sumDays } from "@/lib/reads/health/rules/fill-days";
import { getRobotsNotice } from "@/lib/reads/health/get-robots-notice";
import { AlertList } from "@/components/health/alert-list";
import { listAlerts } from "@/lib/features/alerts/list-alerts";
import { FullTextSection } from "@/components/sources/full-text-section";
import { listPageCosts } from "@/lib/reads/health/list-page-costs";
import { listPageFetches } from "@/lib/reads/health/list-page-fetches";
import { SiteIconSection } from "@/components/sources/site-icon-section";
import { getSiteIconState } from "@/lib/reads/health/get-site-icon-state";
import { describeSchedule } from "@/lib/reads/health/describe-schedule";
import { getNewestPublishedAt } from "@/lib/reads/sources/get-newest-published-at";
import { WebSubPanel } from "@/components/websub/websub-panel";
import { getWebSubHealth } from "@/lib/features/websub/get-websub-health";

export const dynamic = "force-dynamic";

const TIMELINE_SLOTS = 60;
const CHART_DAYS = 30;

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseSourceId((await params).id);
  const source = id === null ? null : await getSource((await getSessionUser()).id, id);
  return { title: source ? source.displayTitle : "Unknown source" };
}

export default async function SourcePage({ params, searchParams }: Props) {
  const id = parseSourceId((await params).id);
  if (id === null) notFound();
  const query = await searchParams;
  const page = { before: single(query.before), after: single(query.after) };
  const now = new Date();
  const user = await getSessionUser();
  const [source, recent, windows, days, log, events, evidence, alerts, webSub] = await Promise.all([
    getSource(user.id, id),
    listRecentFetches(id, Math.max(TIMELINE_SLOTS, BADGE_WINDOW)),
    getOutcomeWindows(id, now),
    listDailyOutcomes(id, now, CHART_DAYS),
    // Every kind of request (feed, page, icon), where `recent` holds the feed's own.
    listFetchLog(id, page),
    listSourceEvents(id),
    listValidatorEvidence({ sourceId: id, latest: BADGE_WINDOW }),
    listAlerts(now, id),
    getWebSubHealth(id, now),
  ]);
  if (!source) notFound();
  const [median, robotsNotice, pageCosts, pageFetches, iconState] = await Promise.all([
    getMedianDuration(id, now, windows.d7.total),
    getRobotsNotice(source.feedUrl),
    listPageCosts({ since: new Date(now.getTime() - CHART_DAYS * 24 * 3600_000), sourceIds: [id] }),
    listPageFetches(id),
    getSiteIconState(source),
  ]);
  const totals = sumDays(days);
  return (
    <>
      <SourceSummary source={source} health={classifySourceHealth(source, now)} now={now} />
      {query.added === "1" ? (
        <FirstFetchNotice
          fetch={recent[0] ?? null}
          schedule={describeSchedule({ ...source, now, newestPublishedAt: await getNewestPublishedAt(id) })}
        />
      ) : null}
      {alerts.open.length + alerts.cleared.length > 0 ? (
        <HealthSection
          id="alerts"
          title="Needs attention"
          intro="Alerts of the health rules for this source: when each started, and why."
        >
          {/* The evaluation's own failure is the fleet's business: shown on /health. */}
          <AlertList overview={{ ...alerts, failure: null }} now={now} showSource={false} />
        </HealthSection>
      ) : null}
      {robotsNotice ? (
        <HealthSection id="robots" title="robots.txt">
          <p data-robots-notice>{robotsNotice}</p>
        </HealthSection>
      ) : null}
      {webSub ? (
        <HealthSection
          id="websub"
          title="Push (WebSub)"
          intro="The publisher's hub pushes new entries to Tidings as they are published; polls only check that none is missed."
        >
          <WebSubPanel health={webSub} now={now} />
        </HealthSection>
      ) : null}
      <HealthSection
        id="timeline"
        title="Recent fetches"
        intro="Each cell is one fetch: ✓ ok (articles or an unchanged body), = not modified (304, nothing sent), ✕ error; ↓ is a push from a WebSub hub (no request made)."
      >
        <OutcomeStrip fetches={recent} slots={TIMELINE_SLOTS} />
        <OutcomeLegend />
      </HealthSection>
      <HealthSection
        id="figures"
        title="Figures"
        intro="How requests went (request success) and whether anything new arrived (freshness) are kept apart."
      >
        <OutcomeSharesTable windows={windows} />
        <SourceFigures
          now={now}
          bytesReceived30d={totals.bytesReceived}
          bytesSaved30d={totals.bytesSaved}
          medianMs={median.medianMs}
          medianFetches={median.fetches}
          lastSuccessAt={source.lastSuccessAt}
          lastNewArticleAt={source.lastNewArticleAt}
          intervalSeconds={source.intervalSeconds}
          lastFetchedAt={source.lastFetchedAt}
          nextDueAt={source.nextDueAt}
          nextCheckReason={source.nextCheckReason}
          enabled={source.enabled}
          breakerState={source.breakerState}
          consecutiveErrors={source.consecutiveErrors}
        />
      </HealthSection>
      <HealthSection
        id="daily"
        title={`Outcomes per day, last ${CHART_DAYS} days`}
        intro="From the daily roll-ups (UTC days): they outlive the pruning of the raw fetch log."
      >
        <DailyOutcomesChart days={days} id="source-daily" title={`Fetch outcomes per day for ${source.displayTitle}`} />
        <OutcomeLegend />
      </HealthSection>
      <HealthSection
        id="caching"
        title="Publisher caching"
        intro={`What the last ${BADGE_WINDOW} answered fetches say about how this publisher's server handles caching, and what it means for them.`}
      >
        <CachingBadges badges={deriveCachingBadges(evidence.get(id) ?? NO_EVIDENCE, recent)} />
      </HealthSection>
      <SiteIconSection sourceId={id} state={iconState} />
      <FullTextSection source={source} cost={pageCosts[0] ?? null} days={CHART_DAYS} rows={pageFetches} />
      <HealthSection id="log" title="Fetch log">
        <FetchLog
          rows={log.rows}
          basePath={`/sources/${id}`}
          newerCursor={log.newerCursor}
          olderCursor={log.olderCursor}
          paged={Boolean(page.before || page.after)}
        />
      </HealthSection>
      <HealthSection
        id="history"
        title="History of this source"
        intro="URL changes, disabling and re-enabling, breaker openings."
      >
        <SourceHistory events={events} />
      </HealthSection>
    </>
  );
}

function single(value: string | string[] | undefined): string | null {
  return typeof value === "string" ? value : null;
}
