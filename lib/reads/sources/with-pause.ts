// A source as one subscriber sees it: one they paused is disabled by them, whoever else still
// reads it (the source itself is paused only when every subscriber has, issue 25).
export function withPause<T extends { enabled: boolean; disabledReason: string | null }>(
  source: T,
  paused: boolean,
): T {
  return paused && source.enabled ? { ...source, enabled: false, disabledReason: "user" } : source;
}
