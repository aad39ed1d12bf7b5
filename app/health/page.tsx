import type { Metadata } from "next";
import { getFleetSummary } from "@/lib/health/get-fleet-summary";

export const metadata: Metadata = { title: "Health" };
export const dynamic = "force-dynamic";

export default async function HealthPage() {
  const summary = await getFleetSummary(new Date());
  const figures = [
    { label: "sources", value: summary.sources },
    { label: "enabled", value: summary.enabled },
    { label: "ok (24 h)", value: summary.last24h.ok },
    { label: "not modified (24 h)", value: summary.last24h.notModified },
    { label: "errors (24 h)", value: summary.last24h.error },
  ];
  return (
    <>
      <h1 className="page-title">Health</h1>
      <dl className="figures">
        {figures.map((figure) => (
          <div className="card" key={figure.label}>
            <dt className="figure-label">{figure.label}</dt>
            <dd className="figure-value" style={{ margin: 0 }}>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
