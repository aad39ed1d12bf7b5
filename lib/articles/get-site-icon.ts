import "server-only";
// One stored icon by the sha256 of its bytes (its address: /site-icons/<hash>).
import { getDb } from "@/lib/db/client";

export async function getSiteIcon(hash: string): Promise<{ contentType: string; data: Uint8Array } | null> {
  return getDb().icon.findUnique({ where: { hash }, select: { contentType: true, data: true } });
}

/** Where Tidings serves an icon: its own origin, never the publisher's. */
export function siteIconPath(hash: string): string {
  return `/site-icons/${hash}`;
}
