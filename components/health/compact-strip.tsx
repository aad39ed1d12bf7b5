"use client";
// The sources table's strip of the last outcomes of a source, oldest left. A client component on
// purpose: the server sends one short code per row ("nnnoe…") instead of twenty elements in the
// RSC payload, which keeps a 1,000-source page small. Glyphs (✓ = ✕) keep it readable without colour.
import { OUTCOME_META, type Outcome } from "@/lib/reads/health/rules/outcome-meta";
import styles from "./compact-strip.module.css";

const BY_CODE: Record<string, Outcome> = { o: "ok", n: "not_modified", e: "error", p: "push" };
const CODES: Record<Outcome, string> = { ok: "o", not_modified: "n", error: "e", push: "p" };

/** `code` is newest first, one letter per fetch: o ok, n not modified, e error, p push. */
export function CompactStrip({ code, slots }: { code: string; slots: number }) {
  const outcomes = [...code.slice(0, slots)].reverse().map((letter) => BY_CODE[letter] ?? "error");
  const count = (outcome: Outcome) => outcomes.filter((value) => value === outcome).length;
  const latest = outcomes.at(-1);
  const label =
    outcomes.length === 0
      ? "No fetches yet"
      : `Last ${outcomes.length} fetches: ${count("ok")} ok, ${count("not_modified")} not modified, ${count("error")} errors${count("push") > 0 ? `, ${count("push")} pushes` : ""}; latest ${OUTCOME_META[latest!].label}`;
  return (
    <span className={styles.strip} role="img" aria-label={label} title={label}>
      {/* role="img" makes the cells presentational: the label speaks for them. */}
      {Array.from({ length: slots - outcomes.length }, (_, index) => (
        <i key={`e${index}`} />
      ))}
      {outcomes.map((outcome, index) => (
        <i key={index} data-o={CODES[outcome]}>
          {OUTCOME_META[outcome].glyph}
        </i>
      ))}
    </span>
  );
}
