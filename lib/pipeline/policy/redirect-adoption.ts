import type { Observation, ScheduleState, SourceEventDraft } from "./types";

export type RedirectTracking = Pick<ScheduleState, "feedUrl" | "pendingRedirectUrl" | "pendingRedirectCount"> & {
  event: SourceEventDraft | null;
};

/**
 * Adopts a permanent (301/308) move only after `adoptAfter` successful fetches in a row were
 * redirected to the same target: one 301 may be a misconfiguration undone minutes later, and a
 * wrongly adopted URL cannot be taken back by the publisher. Temporary redirects never reach here
 * (the fetch step sets permanentRedirectUrl only for all-permanent chains).
 *
 * Only successes (ok / 304) count: a redirect to a target that fails proves nothing. An error
 * leaves the pending move as it was: it neither confirms nor contradicts it (and the offline guard
 * or a 429 must not reset it). A success without a permanent redirect clears it.
 */
export function trackPermanentRedirect(
  state: ScheduleState,
  observation: Observation,
  adoptAfter: number,
): RedirectTracking {
  const unchanged = {
    feedUrl: state.feedUrl,
    pendingRedirectUrl: state.pendingRedirectUrl,
    pendingRedirectCount: state.pendingRedirectCount,
    event: null,
  };
  if (observation.outcome === "error") return unchanged;
  const target = observation.permanentRedirectUrl;
  if (target === null || target === state.feedUrl) {
    return { ...unchanged, pendingRedirectUrl: null, pendingRedirectCount: 0 };
  }
  const count = target === state.pendingRedirectUrl ? state.pendingRedirectCount + 1 : 1;
  if (count < adoptAfter) return { ...unchanged, pendingRedirectUrl: target, pendingRedirectCount: count };
  return adopt(target, `Moved permanently: ${state.feedUrl} → ${target} (seen on ${count} fetches in a row)`);
}

/**
 * The source's URL answered an HTML page whose one feed link gave a feed (lib/pipeline/round/attempt-fetch.ts):
 * switched at once, as when subscribing, because the page itself names its feed (a 301 is
 * confirmed twice since a server's redirect may be a slip; a page's feed link is its author's).
 * Null when there is nothing to adopt.
 */
export function adoptDiscoveredFeed(state: ScheduleState, observation: Observation): RedirectTracking | null {
  const target = observation.discoveredFeedUrl;
  if (observation.outcome !== "ok" || target === null || target === state.feedUrl) return null;
  return adopt(
    target,
    `Feed discovered: ${state.feedUrl} is an HTML page whose one feed link is ${target}; switched to it`,
  );
}

/** The source takes `target` as its address: the pending redirect, if any, is settled. */
function adopt(target: string, detail: string): RedirectTracking {
  return { feedUrl: target, pendingRedirectUrl: null, pendingRedirectCount: 0, event: { kind: "url_changed", detail } };
}
