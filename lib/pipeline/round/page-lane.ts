// The one door by which requests for an article's page take their turn in the lanes (the same as
// feeds': Retry-After holds, robots.txt, the domain's gap). Kept to this one function so that the
// lanes can change behind it (several lanes across domains) with a one-line edit here.
//
// A page that redirects to another site is not followed: what answers there is not the
// publisher's article (a login wall, a consent or tracking host), and a request to a site the
// reader never subscribed to is not one Tidings should make on its own.
import type { Db } from "@/lib/db/client";
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import type { RequestLane } from "@/lib/pipeline/fetch/types";
import { robotsLane } from "@/lib/pipeline/lanes/robots-lane";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";

export function pageLane(db: Db, settings: RoundSettings, pageUrl: string): RequestLane {
  const lane = robotsLane(db, settings);
  const site = politenessKeyOf(pageUrl);
  return async (url) => {
    if (politenessKeyOf(url.href) !== site)
      return { go: false, errorKind: "blocked", detail: `redirected to another site (${url.hostname}): not followed` };
    return lane(url);
  };
}
