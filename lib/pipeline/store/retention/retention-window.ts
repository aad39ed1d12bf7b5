// Which read articles retention removes (pure). As in Miniflux ("remove read entries after 60
// days"): an article that is read, not starred, and was stored more than N days ago. The age
// counts from when Tidings stored it (firstSeenAt), not from its publication date, which
// publishers get wrong and which an import from an old feed would put years back.
const DAY_MS = 24 * 60 * 60 * 1000;

/** The days a source's read articles are kept: its own setting, else the installation's; 0 keeps them. */
export function findRetentionDays(sourceDays: number | null, installationDays: number): number {
  return sourceDays ?? installationDays;
}

/** Articles stored before this time may go; null when the source keeps every article. */
export function findRemovalCutoff(days: number, now: Date): Date | null {
  return days > 0 ? new Date(now.getTime() - days * DAY_MS) : null;
}
