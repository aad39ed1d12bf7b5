/** "14:05 UTC", or "2025-03-02 14:05 UTC" when not on the same UTC day as `now`. */
export function formatUtcTime(date: Date, now: Date): string {
  const iso = date.toISOString();
  const time = `${iso.slice(11, 16)} UTC`;
  return iso.slice(0, 10) === now.toISOString().slice(0, 10) ? time : `${iso.slice(0, 10)} ${time}`;
}

/** "45 s", "15 min", "2 h", "2 h 30 min", "1 d 6 h": rounded to what a reader cares about. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  if (hours < 24) return restMinutes === 0 ? `${hours} h` : `${hours} h ${restMinutes} min`;
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0 ? `${days} d` : `${days} d ${restHours} h`;
}

/**
 * Adds seconds to a date, truncated to the millisecond. The waits that must not end early (floor,
 * Retry-After) are whole seconds times a factor >= 1, so truncation never takes them below, and
 * the jitter's exclusive upper bound stays exclusive.
 */
export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + Math.floor(seconds * 1000));
}
