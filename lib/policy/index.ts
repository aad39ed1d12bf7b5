// The scheduling policy's public surface. Pure modules only: no I/O, no clock reads.
export { decideNext } from "./decide-next";
export { DEFAULT_POLICY_SETTINGS } from "./default-settings";
export { parseRetryAfter } from "./parse-retry-after";
export { parseHttpDate } from "./parse-http-date";
export { parseMaxAge } from "./cache-control";
export { computePublisherFloor, type PublisherFloor, type PublisherFloorSource } from "./publisher-floor";
export { computeEffectiveFloor, resolvePublisherFloor } from "./effective-floor";
export { computeInitialInterval, computeMedianGap } from "./initial-interval";
export { FLOOR_GRACE_SECONDS, growAfterEmptyFetch, growInterval, shrinkInterval, SHRINK_DIVISOR } from "./adapt-interval";
export { computeBackoff } from "./backoff";
export { computeNextCooldown, isProbe, shouldOpenBreaker } from "./breaker";
export { applyJitter } from "./jitter";
export { trackPermanentRedirect, type RedirectTracking } from "./redirect-adoption";
export { classifyError, isNetworkError, type ErrorClass } from "./error-classes";
export { formatDuration, formatUtcTime } from "./format";
export type * from "./types";
