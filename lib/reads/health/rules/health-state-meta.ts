// How each health state is shown on the health pages: a word, a glyph (readable without colour)
// and a tone that the CSS maps to a colour. Used by the fleet page's counts, the legend, the
// sources table, the source page and the sidebar (whose dots group the states more coarsely:
// lib/reads/articles/source-health.ts).
import type { SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";

export type HealthTone = "ok" | "quiet" | "warn" | "bad" | "off";

export type HealthStateMeta = { label: string; glyph: string; tone: HealthTone; description: string };

export const HEALTH_STATE_META: Record<SourceHealthState, HealthStateMeta> = {
  healthy: { label: "Healthy", glyph: "●", tone: "ok", description: "Fetches succeed and new articles arrive." },
  new: {
    label: "Not fetched yet",
    glyph: "○",
    tone: "quiet",
    description: "Added, waiting for its first fetch in the next round.",
  },
  quiet: {
    label: "Quiet",
    glyph: "◌",
    tone: "quiet",
    description: "Fetches succeed, but nothing new for 30 days or more.",
  },
  backing_off: {
    label: "Backing off",
    glyph: "◐",
    tone: "warn",
    description: "Fetches fail or the publisher asked to wait: checked less often.",
  },
  breaker_open: {
    label: "Breaker open",
    glyph: "⊘",
    tone: "bad",
    description: "Failed again and again: only a probe now and then until it answers.",
  },
  disabled: { label: "Disabled", glyph: "‖", tone: "off", description: "Switched off by you: not fetched." },
  gone: {
    label: "Gone",
    glyph: "✕",
    tone: "bad",
    description: "The publisher answered 410 Gone: Tidings stopped fetching it.",
  },
};
