/**
 * Truncated exponential backoff: base x 2^(errors - 1), capped. With the defaults this is 2, 4, 8,
 * 16 min, then the breaker (at the 5th error) takes over with hour-scale cooldowns.
 */
export function computeBackoff(consecutiveErrors: number, baseSeconds: number, capSeconds: number): number {
  const exponent = Math.max(0, consecutiveErrors - 1);
  // Math.min before the power would be nicer, but 2^1024 is Infinity and Infinity > cap is fine.
  return Math.min(baseSeconds * 2 ** exponent, capSeconds);
}
