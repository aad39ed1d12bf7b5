// The timeline of a source's fetches, oldest left, newest right. Each cell has a colour AND a glyph
// (✓ ok, = not modified, ✕ error; filled, hollow, filled) so it reads without colour, and a
// tooltip with the fetch's time, status and duration.
import { OUTCOME_META, isOutcome } from "@/lib/reads/health/rules/outcome-meta";
import { formatMs, formatUtcSeconds } from "@/lib/reads/health/describe/format-figures";
import styles from "./outcome-strip.module.css";

export type StripFetch = {
  id: number;
  startedAt: Date;
  outcome: string;
  httpStatus: number | null;
  errorKind: string | null;
  durationMs: number;
};

/** The source page's timeline; `fetches` newest first (as queried). */
export function OutcomeStrip({ fetches, slots }: { fetches: readonly StripFetch[]; slots: number }) {
  const cells = [...fetches].slice(0, slots).reverse();
  const empty = Math.max(0, slots - cells.length);
  return (
    <figure className={styles.figure}>
      {/* One label for the strip: the fetch log below has every fetch's details for screen readers. */}
      <ol className={styles.strip} role="img" aria-label={summarize(cells)}>
        {Array.from({ length: empty }, (_, index) => (
          <li key={`e${index}`} className={`${styles.cell} ${styles.none}`} />
        ))}
        {cells.map((cell) => (
          <Cell key={cell.id} fetch={cell} />
        ))}
      </ol>
      <figcaption className={styles.caption}>
        {cells.length === 0
          ? "No fetches yet."
          : `Last ${cells.length} fetches, oldest on the left. Hover a cell for its details.`}
      </figcaption>
    </figure>
  );
}

function Cell({ fetch }: { fetch: StripFetch }) {
  const meta = isOutcome(fetch.outcome) ? OUTCOME_META[fetch.outcome] : OUTCOME_META.error;
  const tip = describe(fetch);
  return (
    <li className={`${styles.cell} ${styles[fetch.outcome] ?? styles.error}`} title={tip} data-outcome={fetch.outcome}>
      {meta.glyph}
    </li>
  );
}

function describe(fetch: StripFetch): string {
  const meta = isOutcome(fetch.outcome) ? OUTCOME_META[fetch.outcome] : OUTCOME_META.error;
  const status = fetch.httpStatus === null ? "no response" : `HTTP ${fetch.httpStatus}`;
  const kind = fetch.errorKind ? ` (${fetch.errorKind})` : "";
  return `${formatUtcSeconds(fetch.startedAt)}: ${meta.label}${kind}, ${status}, ${formatMs(fetch.durationMs)}`;
}

function summarize(cells: readonly StripFetch[]): string {
  if (cells.length === 0) return "No fetches yet";
  const count = (outcome: string) => cells.filter((cell) => cell.outcome === outcome).length;
  const latest = cells.at(-1)!;
  const latestLabel = isOutcome(latest.outcome) ? OUTCOME_META[latest.outcome].label : latest.outcome;
  return `Last ${cells.length} fetches: ${count("ok")} ok, ${count("not_modified")} not modified, ${count("error")} errors${count("push") > 0 ? `, ${count("push")} pushes` : ""}; latest ${latestLabel}`;
}
