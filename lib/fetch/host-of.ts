/** Politeness is per machine name, not per port: two feeds on one server share one gap and one Retry-After. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
}
