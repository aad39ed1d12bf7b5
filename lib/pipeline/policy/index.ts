// The scheduling policy's public surface. Pure modules only: no I/O, no clock reads.
export { decideNext } from "./decide-next";
export { DEFAULT_POLICY_SETTINGS } from "./default-settings";
export { parseRetryAfter } from "./parse-retry-after";
export { parseHttpDate } from "./parse-http-date";
export { parseMaxAge } from "./cache-control";
export { computePublisherFloor, type PublisherFloor, type PublisherFloorSource } from "./publisher-floor";
export { computeEffectiveFloor, resolvePublisherFloor } from "./effective-floor";
export { computeRateInterval, estimateItemGap, FLOOR_GAPS, RATE_WINDOW_DATES } from "./rate-interval";
export {
  growAfterEmptyFetch,
  growInterval,
  shrinkInterval,
  SHRINK_DIVISOR,
  SILENCE_GRACE_SECONDS,
} from "./adapt-interval";
export { computeBackoff } from "./backoff";
export { computeNextCooldown, isProbe, shouldOpenBreaker } from "./breaker";
export { applyJitter } from "./jitter";
export { trackPermanentRedirect, type RedirectTracking } from "./redirect-adoption";
export { classifyError, isNetworkError, type ErrorClass } from "./error-classes";
export { formatDuration, formatUtcTime } from "./format";
export type * from "./types";
