import { parseHttpDate } from "./parse-http-date";

/**
 * Seconds to wait according to a Retry-After header, or null when absent or invalid.
 * RFC 9110 §10.2.3: the value is either delay-seconds (a non-negative integer) or an HTTP-date;
 * a date in the past means "now" (0). Fractions, negatives and other text are invalid.
 */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = parseHttpDate(text, now);
  if (date === null) return null;
  return Math.max(0, Math.ceil((date.getTime() - now.getTime()) / 1000));
}
