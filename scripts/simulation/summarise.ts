// Figures per velocity class, and issue 14's freshness targets, from two tallies of one run:
// Tidings and hourly polling of every source (the request baseline).
import { VELOCITY_CLASSES, type Publisher, type VelocityClass } from "./population";
import type { Tally } from "./run-strategy";

export type ClassFigures = {
  velocity: VelocityClass;
  label: string;
  sources: number;
  articles: number;
  /** Minutes, publication -> first fetched; Infinity when more than that share was never fetched. */
  medianLagMinutes: number;
  p95LagMinutes: number;
  missed: number;
  requests: number;
  hourlyRequests: number;
};

/** Issue 14, item 7, on a 5-min cron with the 60-min floor. */
export const FRESHNESS_TARGETS = { busyMedianMinutes: 35, fewADayMedianMinutes: 90, requestShareOfHourly: 0.5 };

export function readPercentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export function collectLags(tally: Tally, publishers: Publisher[]): number[] {
  return publishers.flatMap((p) => tally.lags[p.id]!).sort((a, b) => a - b);
}

export function summariseClasses(population: Publisher[], tidings: Tally, hourly: Tally): ClassFigures[] {
  return VELOCITY_CLASSES.map(({ name, label }) => {
    const publishers = population.filter((p) => p.velocity === name);
    const lags = collectLags(tidings, publishers);
    const sum = (counts: number[]) => publishers.reduce((total, p) => total + counts[p.id]!, 0);
    return {
      velocity: name,
      label,
      sources: publishers.length,
      articles: lags.length,
      medianLagMinutes: readPercentile(lags, 0.5),
      p95LagMinutes: readPercentile(lags, 0.95),
      missed: lags.filter((lag) => lag === Infinity).length,
      requests: sum(tidings.requestsBySource),
      hourlyRequests: sum(hourly.requestsBySource),
    };
  });
}

export type TargetCheck = { name: string; value: number; limit: number; met: boolean };

export function checkFreshnessTargets(figures: ClassFigures[], tidings: Tally, hourly: Tally): TargetCheck[] {
  const median = (velocity: VelocityClass) => figures.find((f) => f.velocity === velocity)!.medianLagMinutes;
  const share = tidings.requests / hourly.requests;
  const checks = [
    { name: "busy median lag (min)", value: median("busy"), limit: FRESHNESS_TARGETS.busyMedianMinutes },
    { name: "a-few-a-day median lag (min)", value: median("few_a_day"), limit: FRESHNESS_TARGETS.fewADayMedianMinutes },
    { name: "requests / hourly polling", value: share, limit: FRESHNESS_TARGETS.requestShareOfHourly },
  ];
  return checks.map((check) => ({ ...check, met: check.value <= check.limit }));
}
