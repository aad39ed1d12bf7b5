// The frame both per-day charts of the health page share (plain SVG): one column a UTC day, the
// grid, the axis and its three ticks, a hover title and hit area per day, a dot for a day without
// data, and the first, middle and last day labelled. Each chart draws only its marks.
import type { ReactNode } from "react";
import styles from "./day-chart.module.css";

export const COLUMN = 32;
export const GAP = 6;
export const HEIGHT = 120;
const AXIS = 18;

export type DayColumn = {
  /** The day's hover text; one string (React 19 hydrates several text nodes in <title> as a mismatch, #418). */
  tooltip: string;
  /** The day's marks, or null for a day without data (drawn as a dot, never as a misleading 0). */
  marks: ReactNode | null;
  /** data-* attributes of the day's group, for tests and tools. */
  data?: Record<`data-${string}`, string | number | undefined>;
};

type Props = {
  titleId: string;
  title: string;
  days: readonly string[];
  /** Room right of the columns for the tick labels. */
  tickWidth: number;
  gridLevels: readonly number[];
  /** The axis ticks, top, middle and bottom. */
  ticks: readonly [string, string, string];
  column: (day: string, index: number) => DayColumn;
  caption: ReactNode;
};

export function DayChartFrame({ titleId, title, days, tickWidth, gridLevels, ticks, column, caption }: Props) {
  const width = days.length * COLUMN;
  const labelled = new Set([0, Math.floor(days.length / 2), days.length - 1]);
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width + tickWidth} ${HEIGHT + AXIS}`}
        preserveAspectRatio="xMinYMid meet"
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{title}</title>
        {gridLevels.map((level) => (
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
          {ticks[0]}
        </text>
        <text x={width + 4} y={HEIGHT / 2 + 4} className={styles.tick}>
          {ticks[1]}
        </text>
        <text x={width + 4} y={HEIGHT} className={styles.tick}>
          {ticks[2]}
        </text>
        {days.map((day, index) => {
          const { tooltip, marks, data } = column(day, index);
          return (
            <g key={day} data-day={day} {...data}>
              <title>{tooltip}</title>
              <rect x={index * COLUMN} y="0" width={COLUMN} height={HEIGHT} className={styles.hit} />
              {marks ?? (
                <text x={index * COLUMN + COLUMN / 2} y={HEIGHT - 3} textAnchor="middle" className={styles.tick}>
                  ·
                </text>
              )}
              {labelled.has(index) ? (
                <text
                  x={index * COLUMN + COLUMN / 2}
                  y={HEIGHT + 14}
                  textAnchor={index === 0 ? "start" : index === days.length - 1 ? "end" : "middle"}
                  className={styles.tick}
                >
                  {day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
