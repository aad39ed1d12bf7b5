// The fetch log's outcomes as people see them: distinct colours (tone) AND distinct glyphs, so
// that a strip of outcomes reads the same in greyscale or to a colour-blind eye. Three are
// requests Tidings made; `push` is content a WebSub hub delivered (lib/websub/store-push.ts),
// which cost the publisher nothing.
export type Outcome = "ok" | "not_modified" | "error" | "push";

/**
 * The outcomes of requests to the publisher: what its costs, caching, timings and daily charts are
 * counted from, and what the legends explain (a push is named where the fetch log shows one).
 */
export const OUTCOMES = ["ok", "not_modified", "error"] as const satisfies readonly Outcome[];

export const OUTCOME_META: Record<Outcome, { label: string; glyph: string; tone: "ok" | "quiet" | "bad" }> = {
  ok: { label: "ok", glyph: "✓", tone: "ok" },
  not_modified: { label: "not modified", glyph: "=", tone: "quiet" },
  error: { label: "error", glyph: "✕", tone: "bad" },
  push: { label: "push", glyph: "↓", tone: "ok" },
};

export function isOutcome(value: string | null): value is Outcome {
  return value === "ok" || value === "not_modified" || value === "error" || value === "push";
}
