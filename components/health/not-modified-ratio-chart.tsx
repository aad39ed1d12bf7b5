// The fleet's 304 ratio per UTC day (not-modified answers / all fetches), plain SVG. Days without
// fetches have no column (rather than a misleading 0%).
import type { DayTotals } from "@/lib/health/fill-days";
import { formatShare } from "@/lib/health/format-figures";
import styles from "./day-chart.module.css";

const COLUMN = 32;
const GAP = 6;
const HEIGHT = 120;
const AXIS = 18;

export function NotModifiedRatioChart({ days }: { days: readonly DayTotals[] }) {
  const width = days.length * COLUMN;
  const labelled = new Set([0, Math.floor(days.length / 2), days.length - 1]);
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width + 40} ${HEIGHT + AXIS}`}
        preserveAspectRatio="xMinYMid meet"
        role="img"
        aria-labelledby="nm-ratio-title"
      >
        {/* One string child: React 19 treats <title> specially and hydrates several text nodes in it as a mismatch (#418). */}
        <title id="nm-ratio-title">{`Share of fetches answered 304 Not Modified, per day, last ${days.length} days`}</title>
        {[0.25, 0.5, 0.75].map((level) => (
          <line
            key={level}
            x1="0"
            x2={width}
            y1={HEIGHT - level * HEIGHT}
            y2={HEIGHT - level * HEIGHT}
            className={styles.grid}
          />
        ))}
        <line x1="0" x2={width} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} className={styles.axis} />
        <text x={width + 4} y="10" className={styles.tick}>
          100%
        </text>
        <text x={width + 4} y={HEIGHT / 2 + 4} className={styles.tick}>
          50%
        </text>
        <text x={width + 4} y={HEIGHT} className={styles.tick}>
          0%
        </text>
        {days.map((day, index) => {
          const total = day.ok + day.notModified + day.error;
          const ratio = total === 0 ? null : day.notModified / total;
          const height = (ratio ?? 0) * HEIGHT;
          return (
            <g key={day.day} data-day={day.day}>
              <title>
                {total === 0
                  ? `${day.day}: no fetches`
                  : `${day.day}: ${formatShare(ratio)} not modified (${day.notModified} of ${total} fetches)`}
              </title>
              <rect x={index * COLUMN} y="0" width={COLUMN} height={HEIGHT} className={styles.hit} />
              {ratio === null ? (
                <text x={index * COLUMN + COLUMN / 2} y={HEIGHT - 3} textAnchor="middle" className={styles.tick}>
                  ·
                </text>
              ) : (
                <rect
                  x={index * COLUMN + GAP / 2}
                  y={HEIGHT - height}
                  width={COLUMN - GAP}
                  height={height}
                  className={styles.bar}
                />
              )}
              {labelled.has(index) ? (
                <text
                  x={index * COLUMN + COLUMN / 2}
                  y={HEIGHT + 14}
                  textAnchor={index === 0 ? "start" : index === days.length - 1 ? "end" : "middle"}
                  className={styles.tick}
                >
                  {day.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>
        A high share is good: publishers answered “nothing new” with a few hundred bytes instead of the whole feed.
      </figcaption>
    </figure>
  );
}
