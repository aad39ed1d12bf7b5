// How each health state is shown: a word, a glyph (readable without colour) and a tone that the
// CSS maps to a colour. Shared by the fleet page, the sources table and the sidebar dots.
import type { SourceHealthState } from "@/lib/health/classify-source-health";

export type HealthTone = "ok" | "quiet" | "warn" | "bad" | "off";

export type HealthStateMeta = { label: string; glyph: string; tone: HealthTone; description: string };

export const HEALTH_STATE_META: Record<SourceHealthState, HealthStateMeta> = {
  healthy: { label: "Healthy", glyph: "●", tone: "ok", description: "Fetches succeed and new articles arrive." },
  quiet: { label: "Quiet", glyph: "◌", tone: "quiet", description: "Fetches succeed, but nothing new for 30 days or more." },
  backing_off: { label: "Backing off", glyph: "◐", tone: "warn", description: "The last fetch failed or the publisher asked to wait: checked less often." },
  breaker_open: { label: "Breaker open", glyph: "⊘", tone: "bad", description: "Failed again and again: only a probe now and then until it answers." },
  disabled: { label: "Disabled", glyph: "‖", tone: "off", description: "Switched off by you: not fetched." },
  gone: { label: "Gone", glyph: "✕", tone: "bad", description: "The publisher answered 410 Gone: Tidings stopped fetching it." },
};
