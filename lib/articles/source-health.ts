// The small health dot next to each source in the sidebar. The state is computed by the sidebar
// query itself (lib/articles/sidebar-query.ts: a CASE over the Source row's fetch state), so
// that a thousand sources cost six columns each; this names the states for people.
import type { SourceHealth } from "@/lib/articles/dto";

/** gone | breaker_open | paused | backing_off | new | quiet | ok, in the order the query tests them. */
export type SourceState = "gone" | "breaker_open" | "paused" | "backing_off" | "new" | "quiet" | "ok";

/** A source that brought nothing new for this long is "quiet" (not broken: some sites are slow). */
export const QUIET_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

export function describeSourceHealth(state: string, nextCheckReason: string): { health: SourceHealth; healthLabel?: string } {
  switch (state as SourceState) {
    case "gone":
      return { health: "broken", healthLabel: "Gone: the publisher removed this feed" };
    case "breaker_open":
      return { health: "broken", healthLabel: `Paused after repeated errors (${nextCheckReason})` };
    case "paused":
      return { health: "quiet", healthLabel: "Paused" };
    case "backing_off":
      return { health: "backing_off", healthLabel: `Backing off (${nextCheckReason})` };
    case "new":
      return { health: "quiet", healthLabel: "Not fetched yet" };
    case "quiet":
      return { health: "quiet", healthLabel: "Fetching fine, nothing new for 30 days" };
    default:
      return { health: "ok" };
  }
}
