// The fleet's scheduler drift per UTC day (how late scheduled fetches started against their due
// time): the p95 as a pale column, the median as a solid one inside it, plain SVG. Days without
// scheduled fetches have no column. Early starts (the due tolerance) are drawn as on time.
import type { DriftDay, DriftFigures } from "@/lib/health/read-fleet-drift";
import { formatDrift } from "@/lib/health/format-figures";
import { formatDuration } from "@/lib/policy/format";
import frame from "./day-chart.module.css";
import marks from "./drift-chart.module.css";

const COLUMN = 32;
const GAP = 6;
const HEIGHT = 120;
const AXIS = 18;
/** The scale's top: the smallest of these at or above the window's highest p95. */
const SCALE_STEPS_S = [60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 24 * 3600, 7 * 24 * 3600];

type Props = { days: readonly string[]; drift: readonly DriftDay[]; last24h: DriftFigures | null };

export function DriftChart({ days, drift, last24h }: Props) {
  const byDay = new Map(drift.map((day) => [day.day, day]));
  const highest = Math.max(0, ...drift.map((day) => day.p95Ms)) / 1000;
  const top = SCALE_STEPS_S.find((step) => step >= highest) ?? highest;
  const y = (ms: number) => Math.min(HEIGHT, (Math.max(0, ms) / 1000 / top) * HEIGHT);
  const width = days.length * COLUMN;
  const labelled = new Set([0, Math.floor(days.length / 2), days.length - 1]);
  return (
    <figure className={frame.figure}>
      <svg
        className={frame.chart}
        viewBox={`0 0 ${width + 52} ${HEIGHT + AXIS}`}
        preserveAspectRatio="xMinYMid meet"
        role="img"
        aria-labelledby="drift-title"
      >
        <title id="drift-title">{`How late scheduled fetches started, median and p95 per day, last ${days.length} days`}</title>
        {[0.5, 1].map((level) => (
          <line
            key={level}
            x1="0"
            x2={width}
            y1={HEIGHT - level * HEIGHT}
            y2={HEIGHT - level * HEIGHT}
            className={frame.grid}
          />
        ))}
        <line x1="0" x2={width} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} className={frame.axis} />
        <text x={width + 4} y="10" className={frame.tick}>
          {formatDuration(top)}
        </text>
        <text x={width + 4} y={HEIGHT / 2 + 4} className={frame.tick}>
          {formatDuration(top / 2)}
        </text>
        <text x={width + 4} y={HEIGHT} className={frame.tick}>
          0
        </text>
        {days.map((day, index) => {
          const figures = byDay.get(day);
          return (
            <g key={day} data-day={day} data-median-ms={figures?.medianMs} data-p95-ms={figures?.p95Ms}>
              <title>
                {figures
                  ? `${day}: median ${formatDrift(figures.medianMs)} late, p95 ${formatDrift(figures.p95Ms)} (${figures.fetches} scheduled fetches)`
                  : `${day}: no scheduled fetches`}
              </title>
              <rect x={index * COLUMN} y="0" width={COLUMN} height={HEIGHT} className={frame.hit} />
              {figures ? (
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
              ) : (
                <text x={index * COLUMN + COLUMN / 2} y={HEIGHT - 3} textAnchor="middle" className={frame.tick}>
                  ·
                </text>
              )}
              {labelled.has(index) ? (
                <text
                  x={index * COLUMN + COLUMN / 2}
                  y={HEIGHT + 14}
                  textAnchor={index === 0 ? "start" : index === days.length - 1 ? "end" : "middle"}
                  className={frame.tick}
                >
                  {day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={frame.caption}>
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
      </figcaption>
    </figure>
  );
}
