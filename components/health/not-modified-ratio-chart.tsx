// The fleet's 304 ratio per UTC day (not-modified answers / all fetches), plain SVG. Days without
// fetches have no column (rather than a misleading 0%).
import type { DayTotals } from "@/lib/reads/health/rules/fill-days";
import { formatShare } from "@/lib/reads/health/describe/format-figures";
import { COLUMN, DayChartFrame, GAP, HEIGHT } from "./day-chart-frame";
import styles from "./day-chart.module.css";

export function NotModifiedRatioChart({ days }: { days: readonly DayTotals[] }) {
  const byDay = new Map(days.map((day) => [day.day, day]));
  return (
    <DayChartFrame
      titleId="nm-ratio-title"
      title={`Share of fetches answered 304 Not Modified, per day, last ${days.length} days`}
      days={days.map((day) => day.day)}
      tickWidth={40}
      gridLevels={[0.25, 0.5, 0.75]}
      ticks={["100%", "50%", "0%"]}
      column={(key, index) => {
        const day = byDay.get(key)!;
        const total = day.ok + day.notModified + day.error;
        if (total === 0) return { tooltip: `${key}: no fetches`, marks: null };
        const ratio = day.notModified / total;
        const height = ratio * HEIGHT;
        return {
          tooltip: `${key}: ${formatShare(ratio)} not modified (${day.notModified} of ${total} fetches)`,
          marks: (
            <rect
              x={index * COLUMN + GAP / 2}
              y={HEIGHT - height}
              width={COLUMN - GAP}
              height={height}
              className={styles.bar}
            />
          ),
        };
      }}
      caption="A high share is good: publishers answered “nothing new” with a few hundred bytes instead of the whole feed."
    />
  );
}
