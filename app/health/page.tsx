import type { Metadata } from "next";
import { HealthSection } from "@/components/health/health-section";
import { FleetStateCounts } from "@/components/health/fleet-state-counts";
import { AttentionList } from "@/components/health/attention-list";
import { RoundHistory } from "@/components/health/round-history";
import { BytesComparison } from "@/components/health/bytes-comparison";
import { NotModifiedRatioChart } from "@/components/health/not-modified-ratio-chart";
import { DriftChart } from "@/components/health/drift-chart";
import { PageHeader } from "@/components/sources/page-header";
import { getFleetStates } from "@/lib/health/get-fleet-states";
import { listRecentRounds } from "@/lib/health/list-recent-rounds";
import { listDailyOutcomes } from "@/lib/health/list-daily-outcomes";
import { listDays, sumDays } from "@/lib/health/fill-days";
import { getDb } from "@/lib/db/client";
import { readFleetDrift } from "@/lib/health/read-fleet-drift";
import { readBacklog } from "@/lib/health/read-backlog";
import { describeBacklog } from "@/lib/health/describe-backlog";

export const metadata: Metadata = { title: "Health" };
export const dynamic = "force-dynamic";

const DAYS = 30;
const ROUNDS = 25;

export default async function HealthPage() {
  const now = new Date();
  const db = getDb();
  const [states, rounds, days, drift, backlog] = await Promise.all([
    getFleetStates(now),
    listRecentRounds(ROUNDS),
    listDailyOutcomes(null, now, DAYS),
    readFleetDrift(db, { now, days: DAYS }),
    readBacklog(db, now),
  ]);
  const totals = sumDays(days);
  return (
    <>
      <PageHeader title="Health" below={<p className="figure-label">{states.total} sources; every figure below comes from the fetch log and its daily roll-ups.</p>} />
      <HealthSection id="states" title="Sources by state">
        <FleetStateCounts counts={states.counts} />
      </HealthSection>
      <HealthSection id="attention" title="Needs attention first" intro="Gone first, then open breakers, then sources backing off, then quiet ones.">
        <AttentionList sources={states.attention} total={states.attentionTotal} now={now} />
      </HealthSection>
      <HealthSection id="schedule" title={`Schedule: backlog now, and how late fetches started, last ${DAYS} days`}>
        <p data-backlog>{describeBacklog(backlog)}</p>
        <DriftChart days={listDays(now, DAYS)} drift={drift.days} last24h={drift.last24h} />
      </HealthSection>
      <HealthSection id="bytes" title={`What the fetches cost publishers, last ${DAYS} days`}>
        <BytesComparison received={totals.bytesReceived} saved={totals.bytesSaved} days={DAYS} />
      </HealthSection>
      <HealthSection id="ratio" title={`304 Not Modified share per day, last ${DAYS} days`}>
        <NotModifiedRatioChart days={days} />
      </HealthSection>
      <HealthSection id="rounds" title="Rounds" intro={`The last ${ROUNDS} fetch rounds. Offline rounds are marked: their network errors were not counted against publishers.`}>
        <RoundHistory rounds={rounds} />
      </HealthSection>
    </>
  );
}
