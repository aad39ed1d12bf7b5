import "server-only";
// One stored icon by the sha256 of its bytes (its address: /site-icons/<hash>).
import { getDb } from "@/lib/db/client";

export async function getSiteIcon(hash: string): Promise<{ contentType: string; data: Uint8Array } | null> {
  return getDb().icon.findUnique({ where: { hash }, select: { contentType: true, data: true } });
}
