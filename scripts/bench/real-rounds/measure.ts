// The figures of the real-round benchmark, from the publisher's request log alone, against issue
// 14's targets. The ideal: an hourly poller that sends back the validators it was given (2,000
// requests for 200 feeds over 10 h) and reads every body these servers send it.
import { percentile, type BenchFigure } from "../bench-output";
import { HOUR, MINUTE, READABLE_BEHAVIOURS, VELOCITIES, type Behaviour, type Feed } from "./population";
import { pageLinkingTo, postsOutAt, renderFeed, STATIC_BODIES, type LoggedRequest } from "./publisher";

export type Run = {
  feeds: Feed[];
  requests: LoggedRequest[];
  firstServed: Map<string, number>;
  start: number;
  end: number;
};

/**
 * Body bytes the ideal hourly poller receives from one feed: a server that honours validators sends
 * a body only when the feed changed since the last poll (and once at first); one that ignores or
 * churns them sends one every poll; a refused (static) body once; a 404 or a hang nothing; a gone
 * feed nothing after its 410; an HTML page that links to its feed the page once, then its feed.
 */
export function idealBodyBytes(feed: Feed, start: number, hours: number): number {
  const fixed = STATIC_BODIES[feed.behaviour];
  if (fixed) return fixed.body.length;
  if (feed.behaviour === "hanging" || feed.behaviour === "not_found") return 0;
  let bytes = feed.behaviour === "html_with_link" ? pageLinkingTo(`/f${feed.id}-feed.xml`).length : 0;
  let lastCount = -1;
  for (let poll = 0; poll < hours; poll += 1) {
    const t = start + poll * HOUR;
    if (feed.goneAt !== null && t >= feed.goneAt) break;
    const count = postsOutAt(feed, t);
    const always = feed.behaviour === "ignores_validators" || feed.behaviour === "churns_etag";
    if (always || count !== lastCount) bytes += renderFeed(feed, count).length;
    lastCount = count;
  }
  return bytes;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const mark = (ok: boolean) => (ok ? "✓" : "✗");

export function measure(run: Run): { figures: BenchFigure[]; notes: string[] } {
  const { feeds, requests, start, end } = run;
  const hours = (end - start) / HOUR;
  const feedRequests = requests.filter((request) => request.feedId !== null);
  const ideal = feeds.reduce((sum, feed) => sum + idealBodyBytes(feed, start, hours), 0);
  const bytes = requests.reduce((sum, request) => sum + request.bodyBytes, 0);
  const hourly = feeds.length * hours;
  const notModified = feedRequests.filter((request) => request.status === 304).length;

  const gaps = leastGaps(requests);
  const tooClose = gaps.reduce((sum, gap) => sum + gap.under1s, 0);
  const leastGap = Math.min(...gaps.map((gap) => gap.least));
  const duringHold = requests.filter((request) => request.duringHold).length;
  const afterGone = requests.filter((request) => request.afterGone).length;
  const repeats = repeatsToValidatorPaths(requests);
  const conditional = repeats.filter((request) => request.conditional).length;

  const lagOf = freshness(run);
  const lagFigure = (velocity: "busy" | "medium", target: number): BenchFigure => {
    const lag = lagOf(velocity);
    const median = percentile(lag.lags, 50) / MINUTE;
    return {
      figure: `median lag, publication → fetched, ${VELOCITIES.find((entry) => entry.name === velocity)!.label}`,
      value: `${lag.lags.length > 0 ? `${median.toFixed(0)} min` : "—"} (${lag.lags.length} of ${lag.published} items fetched)`,
      target: `${mark(lag.lags.length > 0 && median <= target)} ≤ ${target} min`,
    };
  };

  const figures: BenchFigure[] = [
    {
      figure: "requests to feeds (+ robots.txt)",
      value: `${feedRequests.length} (+${requests.length - feedRequests.length}) = ${((feedRequests.length / hourly) * 100).toFixed(0)}% of hourly (${hourly})`,
      target: `${mark(feedRequests.length <= hourly / 2)} ≤ 50% of one per feed per hour`,
    },
    {
      figure: "body bytes the publisher sent, vs the ideal for these servers",
      value: `${mb(bytes)} vs ${mb(ideal)} = ${(bytes / ideal).toFixed(2)} × ideal`,
      target: `${mark(bytes <= 1.05 * ideal)} ≤ 1.05 × ideal`,
    },
    {
      figure: "304 share of feed requests",
      value: `${((notModified / feedRequests.length) * 100).toFixed(0)}% (${notModified})`,
      target: "—",
    },
    {
      figure: "least gap between two requests to one registrable domain (virtual, hops included)",
      value: `${(leastGap / 1000).toFixed(1)} s; ${tooClose} request(s) within 1 s`,
      target: `${mark(tooClose === 0)} 0 within 1 s`,
    },
    {
      figure: "requests to a host during its Retry-After",
      value: String(duringHold),
      target: `${mark(duringHold === 0)} 0`,
    },
    { figure: "requests to a feed after its 410", value: String(afterGone), target: `${mark(afterGone === 0)} 0` },
    {
      figure: "repeat requests to a feed that sent a validator: conditional",
      value: `${conditional} of ${repeats.length}`,
      target: `${mark(conditional === repeats.length)} all`,
    },
    lagFigure("busy", 35),
    lagFigure("medium", 90),
  ];
  const perDomain = gaps
    .sort((a, b) => a.host - b.host)
    .map(
      (gap) => `127.0.0.${10 + gap.host}: ${Number.isFinite(gap.least) ? `${(gap.least / 1000).toFixed(1)} s` : "—"}`,
    );
  return {
    figures,
    notes: [...breakdown(run), `  least gap per registrable domain (virtual): ${perDomain.join(", ")}`],
  };
}

function leastGaps(requests: LoggedRequest[]): { host: number; least: number; under1s: number }[] {
  const byHost = new Map<number, number[]>();
  for (const request of requests) byHost.set(request.host, [...(byHost.get(request.host) ?? []), request.at]);
  return [...byHost].map(([host, times]) => {
    const deltas = times.slice(1).map((at, index) => at - times[index]!);
    return {
      host,
      least: deltas.length > 0 ? Math.min(...deltas) : Number.POSITIVE_INFINITY,
      under1s: deltas.filter((delta) => delta < 1000).length,
    };
  });
}

/** Requests to a path after a response from that path carried a validator. */
function repeatsToValidatorPaths(requests: LoggedRequest[]): LoggedRequest[] {
  const taught = new Set<string>();
  const repeats: LoggedRequest[] = [];
  for (const request of requests) {
    const key = `${request.host}${request.path}`;
    if (taught.has(key)) repeats.push(request);
    if (request.sentValidator) taught.add(key);
  }
  return repeats;
}

function freshness(run: Run) {
  return (velocity: string) => {
    const lags: number[] = [];
    let published = 0;
    for (const feed of run.feeds) {
      if (feed.velocity !== velocity || !READABLE_BEHAVIOURS.includes(feed.behaviour)) continue;
      feed.posts.forEach((posted, index) => {
        if (posted < run.start || posted >= run.end) return;
        if (feed.goneAt !== null && posted >= feed.goneAt) return;
        published += 1;
        const served = run.firstServed.get(`${feed.id}:${index}`);
        if (served !== undefined) lags.push(served - posted);
      });
    }
    return { lags, published };
  };
}

/** Per behaviour class: requests, statuses, bytes against the ideal (for reading the causes). */
function breakdown(run: Run): string[] {
  const hours = (run.end - run.start) / HOUR;
  const classes = [...new Set(run.feeds.map((feed) => feed.behaviour))] as Behaviour[];
  return classes.map((behaviour) => {
    const ids = new Set(run.feeds.filter((feed) => feed.behaviour === behaviour).map((feed) => feed.id));
    const mine = run.requests.filter((request) => request.feedId !== null && ids.has(request.feedId));
    const statuses = new Map<number, number>();
    for (const request of mine) statuses.set(request.status, (statuses.get(request.status) ?? 0) + 1);
    const bytes = mine.reduce((sum, request) => sum + request.bodyBytes, 0);
    const ideal = run.feeds
      .filter((feed) => ids.has(feed.id))
      .reduce((sum, feed) => sum + idealBodyBytes(feed, run.start, hours), 0);
    return `  ${behaviour.padEnd(18)} ${String(ids.size).padStart(3)} feeds ${String(mine.length).padStart(4)} req [${[...statuses].map(([code, n]) => `${code || "hang"}:${n}`).join(" ")}] ${mb(bytes)} vs ideal ${mb(ideal)}`;
  });
}
