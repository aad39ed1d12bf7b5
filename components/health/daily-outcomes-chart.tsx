// Outcomes per UTC day as stacked columns, in plain SVG. Each outcome has its own colour AND fill
// pattern (solid ok, striped not modified, cross-hatched errors), each column a tooltip, and the
// same figures are available as a table for screen readers and copy-paste.
import type { DayTotals } from "@/lib/reads/health/rules/fill-days";
import styles from "./daily-outcomes-chart.module.css";

const COLUMN = 32;
const GAP = 6;
const HEIGHT = 140;
const AXIS = 18;

export function DailyOutcomesChart({ days, id, title }: { days: readonly DayTotals[]; id: string; title: string }) {
  const max = Math.max(1, ...days.map((day) => day.ok + day.notModified + day.error));
  const width = days.length * COLUMN;
  const scale = (value: number) => (value / max) * HEIGHT;
  const labelled = new Set([0, Math.floor(days.length / 2), days.length - 1]);
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width + 40} ${HEIGHT + AXIS}`}
        preserveAspectRatio="xMinYMid meet"
        role="img"
        aria-labelledby={`${id}-title`}
      >
        <title id={`${id}-title`}>{title}</title>
        <defs>
          <pattern id={`${id}-nm`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" className={styles.notModifiedBg} />
            <line x1="0" y1="0" x2="0" y2="6" className={styles.notModifiedLine} />
          </pattern>
          <pattern id={`${id}-err`} width="6" height="6" patternUnits="userSpaceOnUse">
            <rect width="6" height="6" className={styles.errorBg} />
            <path d="M0 0L6 6M6 0L0 6" className={styles.errorLine} />
          </pattern>
        </defs>
        <line x1="0" x2={width} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} className={styles.axis} />
        <text x={width + 4} y="10" className={styles.tick}>
          {max}
        </text>
        <text x={width + 4} y={HEIGHT} className={styles.tick}>
          0
        </text>
        {days.map((day, index) => {
          const x = index * COLUMN + GAP / 2;
          const okHeight = scale(day.ok);
          const nmHeight = scale(day.notModified);
          const errHeight = scale(day.error);
          return (
            <g key={day.day}>
              <title>{`${day.day}: ${day.ok} ok, ${day.notModified} not modified, ${day.error} errors`}</title>
              <rect x={index * COLUMN} y="0" width={COLUMN} height={HEIGHT} className={styles.hit} />
              <rect x={x} y={HEIGHT - okHeight} width={COLUMN - GAP} height={okHeight} className={styles.ok} />
              <rect
                x={x}
                y={HEIGHT - okHeight - nmHeight}
                width={COLUMN - GAP}
                height={nmHeight}
                fill={`url(#${id}-nm)`}
                className={styles.notModified}
              />
              <rect
                x={x}
                y={HEIGHT - okHeight - nmHeight - errHeight}
                width={COLUMN - GAP}
                height={errHeight}
                fill={`url(#${id}-err)`}
                className={styles.error}
              />
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
      <details className={styles.table}>
        <summary>Show as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">ok</th>
              <th scope="col">not modified</th>
              <th scope="col">errors</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.ok}</td>
                <td>{day.notModified}</td>
                <td>{day.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
