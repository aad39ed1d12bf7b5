// The address of a publisher's page, and the key back from it: the key is a registrable domain,
// an IP address or a bare host name (lib/pipeline/fetch/host-of.ts), never anything else. The page lives
// at /publishers/[key], outside /health, whose loading.tsx would send a 200 before an unknown
// key could be answered with a real 404.
import { z } from "zod";

export function publisherPath(key: string): string {
  return `/publishers/${encodeURIComponent(key)}`;
}

const KEY = z
  .string()
  .min(1)
  .max(253)
  .regex(/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/);

/** The key of a /publishers/[key] address, or null for anything that cannot be one. */
export function parsePublisherKey(segment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  const parsed = KEY.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}
