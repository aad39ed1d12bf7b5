// The small health dot next to each source in the sidebar: the state comes from the one health
// rule table (lib/health/classify-source-health.ts); the sidebar shows it in four coarser words
// (the API's `health`), with a label saying why when it is not "ok".
import type { SourceHealth } from "@/lib/articles/dto";
import type { SourceHealthState } from "@/lib/health/classify-source-health";

export function describeSourceHealth(
  state: SourceHealthState,
  nextCheckReason: string,
): { health: SourceHealth; healthLabel?: string } {
  switch (state) {
    case "gone":
      return { health: "broken", healthLabel: "Gone: the publisher removed this feed" };
    case "breaker_open":
      return { health: "broken", healthLabel: `Paused after repeated errors (${nextCheckReason})` };
    case "disabled":
      return { health: "quiet", healthLabel: "Paused" };
    case "backing_off":
      return { health: "backing_off", healthLabel: `Backing off (${nextCheckReason})` };
    case "new":
      return { health: "quiet", healthLabel: "Not fetched yet" };
    case "quiet":
      return { health: "quiet", healthLabel: "Fetching fine, nothing new for 30 days" };
    case "healthy":
      return { health: "ok" };
  }
}
