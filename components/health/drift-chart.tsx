// The fleet's scheduler drift per UTC day (how late scheduled fetches started against their due
// time): the p95 as a pale column, the median as a solid one inside it, plain SVG. Days without
// scheduled fetches have no column. Early starts (the due tolerance) are drawn as on time.
import type { DriftDay, DriftFigures } from "@/lib/reads/health/read-fleet-drift";
import { formatDrift } from "@/lib/reads/health/describe/format-figures";
import { formatDuration } from "@/lib/pipeline/policy/format";
import { COLUMN, DayChartFrame, GAP, HEIGHT } from "./day-chart-frame";
import marks from "./drift-chart.module.css";

/** The scale's top: the smallest of these at or above the window's highest p95. */
const SCALE_STEPS_S = [60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 24 * 3600, 7 * 24 * 3600];

type Props = { days: readonly string[]; drift: readonly DriftDay[]; last24h: DriftFigures | null };

export function DriftChart({ days, drift, last24h }: Props) {
  const byDay = new Map(drift.map((day) => [day.day, day]));
  const highest = Math.max(0, ...drift.map((day) => day.p95Ms)) / 1000;
  const top = SCALE_STEPS_S.find((step) => step >= highest) ?? highest;
  const y = (ms: number) => Math.min(HEIGHT, (Math.max(0, ms) / 1000 / top) * HEIGHT);
  return (
    <DayChartFrame
      titleId="drift-title"
      title={`How late scheduled fetches started, median and p95 per day, last ${days.length} days`}
      days={days}
      tickWidth={52}
      gridLevels={[0.5, 1]}
      ticks={[formatDuration(top), formatDuration(top / 2), "0"]}
      column={(day, index) => {
        const figures = byDay.get(day);
        if (!figures) return { tooltip: `${day}: no scheduled fetches`, marks: null };
        return {
          tooltip: `${day}: median ${formatDrift(figures.medianMs)} late, p95 ${formatDrift(figures.p95Ms)} (${figures.fetches} scheduled fetches)`,
          data: { "data-median-ms": figures.medianMs, "data-p95-ms": figures.p95Ms },
          marks: (
            <>
              <rect
                x={index * COLUMN + GAP / 2}
                y={HEIGHT - y(figures.p95Ms)}
                width={COLUMN - GAP}
                height={y(figures.p95Ms)}
                className={marks.p95}
              />
              <rect
                x={index * COLUMN + GAP}
                y={HEIGHT - y(figures.medianMs)}
                width={COLUMN - 2 * GAP}
                height={y(figures.medianMs)}
                className={marks.median}
              />
            </>
          ),
        };
      }}
      caption={
        <>
          <span className={marks.key} aria-hidden="true" />
          median
          <span className={`${marks.key} ${marks.keyP95}`} aria-hidden="true" />
          p95.{" "}
          <span data-drift-24h>
            {last24h
              ? `Last 24 h: median ${formatDrift(last24h.medianMs)}, p95 ${formatDrift(last24h.p95Ms)} late over ${last24h.fetches} scheduled fetches.`
              : "No scheduled fetch in the last 24 h."}
          </span>{" "}
          A fetch waits for the next round tick (every 5 min by default); a p95 far above that means rounds run out of
          budget or hosts hold sources back.
        </>
      }
    />
  );
}
