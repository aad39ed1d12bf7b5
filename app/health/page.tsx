import type { Metadata } from "next";
import { HealthSection } from "@/components/health/health-section";
import { FleetStateCounts } from "@/components/health/fleet-state-counts";
import { AttentionList } from "@/components/health/attention-list";
import { RoundHistory } from "@/components/health/round-history";
import { BytesComparison } from "@/components/health/bytes-comparison";
import { NotModifiedRatioChart } from "@/components/health/not-modified-ratio-chart";
import { DriftChart } from "@/components/health/drift-chart";
import { PageHeader } from "@/components/sources/page-header";
import { getFleetStates } from "@/lib/reads/health/get-fleet-states";
import { listRecentRounds } from "@/lib/reads/health/list-recent-rounds";
import { listDailyOutcomes } from "@/lib/reads/health/list-daily-outcomes";
import { listDays, sumDays } from "@/lib/reads/health/rules/fill-days";
import { PublisherTable } from "@/components/health/publisher-table";
import { listPublishers, PUBLISHER_DAYS } from "@/lib/reads/health/list-publishers";
import { AlertList } from "@/components/health/alert-list";
import { DeliveryAttemptsTable } from "@/components/health/delivery-attempts";
import { listAlerts } from "@/lib/features/alerts/list-alerts";
import { listDeliveryAttempts } from "@/lib/reads/health/list-delivery-attempts";
import { readNotifyTarget } from "@/lib/features/notify/notify-target";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { readFleetDrift } from "@/lib/reads/health/read-fleet-drift";
import { readBacklog } from "@/lib/reads/health/read-backlog";
import { describeBacklog } from "@/lib/reads/health/describe-backlog";
import { describeLanesHint } from "@/lib/reads/health/describe/describe-lanes-hint";
import { readStorageStatus } from "@/lib/reads/health/read-storage-status";
import { StorageStatusText } from "@/components/health/storage-status";
import { WebSubNotices } from "@/components/websub/websub-notices";
import { listWebSubNotices } from "@/lib/features/websub/get-websub-health";

export const metadata: Metadata = { title: "Health" };
export const dynamic = "force-dynamic";

const DAYS = 30;
const ROUNDS = 25;
const DELIVERIES = 15;

export default async function HealthPage() {
  const now = new Date();
  const db = getDb();
  const [states, rounds, days, publishers, alerts, deliveries, notifyTarget, drift, backlog, webSub, storage] =
    await Promise.all([
      getFleetStates(now),
      listRecentRounds(ROUNDS),
      listDailyOutcomes(null, now, DAYS),
      listPublishers(now),
      listAlerts(now),
      listDeliveryAttempts(DELIVERIES),
      readNotifyTarget(db, getEnv()),
      readFleetDrift(db, { now, days: DAYS }),
      readBacklog(db, now),
      listWebSubNotices(now),
      readStorageStatus(db, {
        retentionDays: getEnv().TIDINGS_RETENTION_DAYS,
        schedulerOn: getEnv().TIDINGS_SCHEDULER,
      }),
    ]);
  const totals = sumDays(days);
  const lanesHint = describeLanesHint(backlog, getEnv().TIDINGS_FETCH_LANES);
  return (
    <>
      <PageHeader
        title="Health"
        below={
          <p className="figure-label">
            {states.total} sources; every figure below comes from the fetch log and its daily roll-ups.
          </p>
        }
      />
      <HealthSection id="states" title="Sources by state">
        <FleetStateCounts counts={states.counts} />
      </HealthSection>
      <HealthSection
        id="attention"
        title="Needs attention first"
        intro="Alerts of the health rules first (each with when it started and why), then sources: gone first, then open breakers, then sources backing off, then quiet ones."
      >
        <AlertList overview={alerts} now={now} />
        <AttentionList sources={states.attention} total={states.attentionTotal} now={now} />
      </HealthSection>
      {webSub.length > 0 ? (
        <HealthSection
          id="websub"
          title="Push (WebSub)"
          intro="Hubs that stopped pushing, fail or refused: their feeds are polled on their own schedules until a hub pushes again."
        >
          <WebSubNotices notices={webSub} />
        </HealthSection>
      ) : null}
      <HealthSection id="schedule" title={`Schedule: backlog now, and how late fetches started, last ${DAYS} days`}>
        <p data-backlog>{describeBacklog(backlog)}</p>
        {lanesHint && <p data-lanes-hint>{lanesHint}</p>}
        <DriftChart days={listDays(now, DAYS)} drift={drift.days} last24h={drift.last24h} />
      </HealthSection>
      <HealthSection
        id="publishers"
        title={`Publishers, last ${PUBLISHER_DAYS} days`}
        intro="One row per registrable domain (the key the request lane spaces requests by), costliest first."
      >
        <PublisherTable publishers={publishers} now={now} />
      </HealthSection>
      <HealthSection id="bytes" title={`What the fetches cost publishers, last ${DAYS} days`}>
        <BytesComparison received={totals.bytesReceived} saved={totals.bytesSaved} days={DAYS} />
      </HealthSection>
      <HealthSection id="ratio" title={`304 Not Modified share per day, last ${DAYS} days`}>
        <NotModifiedRatioChart days={days} />
      </HealthSection>
      <HealthSection
        id="rounds"
        title="Rounds"
        intro={`The last ${ROUNDS} fetch rounds. Offline rounds are marked: their network errors were not counted against publishers.`}
      >
        <RoundHistory rounds={rounds} />
      </HealthSection>
      <HealthSection
        id="notifications"
        title="Notifications"
        intro="Each alert start and clear is sent once; a failed delivery is retried with backoff, up to 8 attempts."
      >
        <DeliveryAttemptsTable deliveries={deliveries} target={notifyTarget} />
      </HealthSection>
      <HealthSection id="storage" title="Storage">
        <StorageStatusText status={storage} />
      </HealthSection>
    </>
  );
}
