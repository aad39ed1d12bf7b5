// The small health dot next to each source in the sidebar: the state comes from the one health
// rule table (lib/reads/health/rules/classify-source-health.ts); the sidebar shows it in four
// coarser words (the API's `health`), with the health pages' label (health-state-meta.ts) and,
// where it helps, why.
import type { SourceHealth } from "@/lib/reads/articles/dto";
import type { SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";
import { HEALTH_STATE_META } from "@/lib/reads/health/rules/health-state-meta";

export function describeSourceHealth(
  state: SourceHealthState,
  nextCheckReason: string,
): { health: SourceHealth; healthLabel?: string } {
  switch (state) {
    case "gone":
      return { health: "broken", healthLabel: "Gone: the publisher removed this feed" };
    case "breaker_open":
      return {
        health: "broken",
        healthLabel: `${HEALTH_STATE_META[state].label} after repeated errors (${nextCheckReason})`,
      };
    case "disabled":
      return { health: "quiet", healthLabel: HEALTH_STATE_META[state].label };
    case "backing_off":
      return { health: "backing_off", healthLabel: `${HEALTH_STATE_META[state].label} (${nextCheckReason})` };
    case "new":
      return { health: "quiet", healthLabel: HEALTH_STATE_META[state].label };
    case "quiet":
      return { health: "quiet", healthLabel: "Fetching fine, nothing new for 30 days" };
    case "healthy":
      return { health: "ok" };
  }
}
