import { decideAfterError } from "./decide-error";
import { decideAfterSuccess } from "./decide-success";
import type { DecisionContext } from "./decision-context";
import { computeEffectiveFloor, computePollCeiling, resolvePublisherFloor } from "./effective-floor";
import { computePublisherFloor } from "./publisher-floor";
import { adoptDiscoveredFeed, trackPermanentRedirect } from "./redirect-adoption";
import type { Decision, Observation, PolicySettings, ScheduleState } from "./types";

/**
 * The scheduling policy: what one fetch means for the source's next fetch. Pure: no I/O, no clock
 * (`now` is an argument) and no Math.random (`random` is an argument, called at most once), so the
 * same inputs always give the same decision and the simulation can replay it with a virtual clock.
 */
export function decideNext(
  state: ScheduleState,
  observation: Observation,
  now: Date,
  settings: PolicySettings,
  random: () => number,
): Decision {
  const publisherFloorSeconds = resolvePublisherFloor(state, observation, now, settings);
  const floorSeconds = computeEffectiveFloor(state.minIntervalSeconds, publisherFloorSeconds, settings);
  const ownFloorSeconds = computeEffectiveFloor(state.minIntervalSeconds, null, settings);
  const floorIsPublisher = floorSeconds > ownFloorSeconds;
  const pollCeilingSeconds = computePollCeiling(state.maxIntervalSeconds ?? null, floorSeconds, settings);
  // An error page's headers never set the floor (resolvePublisherFloor keeps the stored one).
  const responseFloor =
    observation.outcome === "error" ? null : computePublisherFloor(observation, now, settings.maxIntervalSeconds);
  const redirect =
    adoptDiscoveredFeed(state, observation) ?? trackPermanentRedirect(state, observation, settings.redirectAdoptAfter);
  const ctx: DecisionContext = {
    state,
    observation,
    now,
    settings,
    random,
    floorSeconds,
    pollCeilingSeconds,
    floorIsPublisher,
    floorIsSharedInstant:
      floorIsPublisher && responseFloor?.source === "Expires" && responseFloor.seconds === floorSeconds,
    base: {
      ...state,
      feedUrl: redirect.feedUrl,
      pendingRedirectUrl: redirect.pendingRedirectUrl,
      pendingRedirectCount: redirect.pendingRedirectCount,
      publisherFloorSeconds,
      // Any answer other than a 429 means the hold is over.
      retryAfterUntil: null,
    },
    events: redirect.event === null ? [] : [redirect.event],
  };
  return observation.outcome === "error" ? decideAfterError(ctx) : decideAfterSuccess(ctx);
}
