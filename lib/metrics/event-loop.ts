// Event-loop delay of the server process, for /metrics: the figure that shows whether feed
// parsing (or anything else) stalls readers' requests.
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { remember } from "@/lib/base/remember";

const histogram = () => remember<{ value: IntervalHistogram | null }>("event-loop-histogram", () => ({ value: null }));

export function startEventLoopMonitor(): void {
  const holder = histogram();
  if (holder.value) return;
  holder.value = monitorEventLoopDelay({ resolution: 10 });
  holder.value.enable();
}

/** Seconds of delay at the given percentiles since the monitor started (null when not started). */
export function readEventLoopDelay(): { p50: number; p99: number; max: number } | null {
  const value = histogram().value;
  if (!value || value.count === 0) return null;
  return { p50: value.percentile(50) / 1e9, p99: value.percentile(99) / 1e9, max: value.max / 1e9 };
}
