// The three fetch outcomes as people see them: distinct colours (tone) AND distinct glyphs, so
// that a strip of outcomes reads the same in greyscale or to a colour-blind eye.
export type Outcome = "ok" | "not_modified" | "error";

export const OUTCOMES: readonly Outcome[] = ["ok", "not_modified", "error"];

export const OUTCOME_META: Record<Outcome, { label: string; glyph: string; tone: "ok" | "quiet" | "bad" }> = {
  ok: { label: "ok", glyph: "✓", tone: "ok" },
  not_modified: { label: "not modified", glyph: "=", tone: "quiet" },
  error: { label: "error", glyph: "✕", tone: "bad" },
};

export function isOutcome(value: string | null): value is Outcome {
  return value === "ok" || value === "not_modified" || value === "error";
}
