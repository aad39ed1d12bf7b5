// Per-fetch figures for /metrics, kept in this process's memory: histograms of fetch duration,
// parse time, body size (on the wire and decoded) and schedule drift, and a counter of fetches by
// outcome and HTTP status class. Observed once per stored Fetch row (lib/pipeline/store/fetch/record-fetch.ts,
// after its commit).
//
// Why memory and not the Fetch rows: Prometheus needs every counter, and every histogram bucket,
// to only ever go up between two scrapes of one process (rate() reads a drop as a restart). A
// "histogram" computed from a sliding window of rows (the last hour, the retained fetch log) goes
// DOWN as old rows leave the window or are pruned, so rate() and histogram_quantile() would read
// garbage. In memory the figures only grow, and a restart starts them at zero, which Prometheus
// handles (counter resets). The cost: fetches made by another process (`tidings round` from the
// command line, a second instance) are counted by that process, not this one.
import { remember } from "@/lib/base/remember";
import type { HistogramSample, Labels, Sample } from "@/lib/metrics/exposition";

export type ObservedFetch = {
  outcome: string;
  httpStatus: number | null;
  durationMs: number;
  parseMs: number | null;
  driftMs: number | null;
  bytesReceived: number;
  bodyBytes: number | null;
};

export const DURATION_BOUNDS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;
export const PARSE_BOUNDS_S = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5] as const;
export const BODY_BOUNDS_BYTES = [1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304, 16_777_216] as const;
export const DRIFT_BOUNDS_S = [30, 60, 300, 600, 900, 1800, 3600, 7200] as const;

/** Bounded label values: the status classes seed 002 asks to watch, plus "none" (no response). */
export const STATUS_CLASSES = ["2xx", "304", "3xx", "4xx", "429", "5xx", "none"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export function classifyStatus(status: number | null): StatusClass {
  if (status === null) return "none";
  if (status === 304) return "304";
  if (status === 429) return "429";
  if (status >= 200 && status < 300) return "2xx";
  if (status >= 300 && status < 400) return "3xx";
  if (status >= 400 && status < 500) return "4xx";
  if (status >= 500 && status < 600) return "5xx";
  return "none";
}

type Histogram = { bounds: readonly number[]; counts: number[]; count: number; sum: number };
type State = {
  duration: Histogram;
  parse: Histogram;
  wire: Histogram;
  decoded: Histogram;
  drift: Histogram;
  responses: Map<string, number>;
};

const histogram = (bounds: readonly number[]): Histogram => ({ bounds, counts: bounds.map(() => 0), count: 0, sum: 0 });
const state = () =>
  remember<State>("fetch-observations", () => ({
    duration: histogram(DURATION_BOUNDS_S),
    parse: histogram(PARSE_BOUNDS_S),
    wire: histogram(BODY_BOUNDS_BYTES),
    decoded: histogram(BODY_BOUNDS_BYTES),
    drift: histogram(DRIFT_BOUNDS_S),
    responses: new Map(),
  }));

function observe(target: Histogram, value: number): void {
  // Buckets are kept per interval and summed at render time: one increment per observation.
  const index = target.bounds.findIndex((bound) => value <= bound);
  if (index >= 0) target.counts[index]! += 1;
  target.count += 1;
  target.sum += value;
}

export function observeFetch(fetch: ObservedFetch): void {
  const figures = state();
  observe(figures.duration, fetch.durationMs / 1000);
  if (fetch.parseMs !== null) observe(figures.parse, fetch.parseMs / 1000);
  // Sizes of responses whose body was read (a 304 or a refused status has none to compare).
  if (fetch.bodyBytes !== null) {
    observe(figures.wire, fetch.bytesReceived);
    observe(figures.decoded, fetch.bodyBytes);
  }
  // Early by the round's due tolerance counts as on time: a negative observation would make _sum
  // fall, which Prometheus reads as a reset.
  if (fetch.driftMs !== null) observe(figures.drift, Math.max(0, fetch.driftMs) / 1000);
  const key = `${fetch.outcome}|${classifyStatus(fetch.httpStatus)}`;
  figures.responses.set(key, (figures.responses.get(key) ?? 0) + 1);
}

function toSample(target: Histogram, labels?: Labels): HistogramSample {
  let running = 0;
  return {
    labels,
    bounds: target.bounds,
    cumulative: target.counts.map((count) => (running += count)),
    count: target.count,
    sum: target.sum,
  };
}

export function readFetchObservations(): {
  duration: HistogramSample[];
  parse: HistogramSample[];
  body: HistogramSample[];
  drift: HistogramSample[];
  responses: Sample[];
} {
  const figures = state();
  return {
    duration: [toSample(figures.duration)],
    parse: [toSample(figures.parse)],
    body: [toSample(figures.wire, { encoding: "wire" }), toSample(figures.decoded, { encoding: "decoded" })],
    drift: [toSample(figures.drift)],
    responses: [...figures.responses].map(([key, value]) => {
      const [outcome, statusClass] = key.split("|") as [string, string];
      return { labels: { outcome, status_class: statusClass }, value };
    }),
  };
}
