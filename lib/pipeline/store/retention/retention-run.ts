// What the last retention run did, as kept in the Setting table and shown on the health page.
import { z } from "zod";

const retentionRunSchema = z.object({
  finishedAt: z.iso.datetime(),
  installationDays: z.number().int().min(0),
  removed: z.number().int().min(0),
  sources: z.number().int().min(0),
  batches: z.number().int().min(0),
  /** SQLite: bytes the file shrank by; null on PostgreSQL (autovacuum) or when nothing was removed. */
  reclaimedBytes: z.number().int().min(0).nullable(),
  /** The run that switched an older SQLite file to incremental auto-vacuum (one VACUUM). */
  switchedToIncremental: z.boolean(),
});

export type RetentionRun = z.infer<typeof retentionRunSchema>;

/** The stored run, or null when there was none (or it cannot be read: a newer version wrote it). */
export function parseRetentionRun(stored: string | null): RetentionRun | null {
  if (stored === null) return null;
  try {
    const parsed = retentionRunSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
