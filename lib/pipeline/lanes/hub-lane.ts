// The turn a request to a WebSub hub takes: the same lanes as every request to a publisher (its
// domain's gap, one request per domain across the lanes and processes, a Retry-After hold on its
// host). robots.txt is not asked: it governs crawling, and a subscription request (W3C WebSub
// §5.1) is a call to an API the hub publishes for subscribers, not a page Tidings crawls.
import type { Db } from "@/lib/db/client";
import type { RequestLane } from "@/lib/pipeline/fetch/types";
import { robotsLane } from "@/lib/pipeline/lanes/robots-lane";
import type { LaneSettings } from "@/lib/pipeline/lanes/lane-settings";

export function hubLane(db: Db, settings: LaneSettings): RequestLane {
  return robotsLane(db, { ...settings, robots: "off" });
}
