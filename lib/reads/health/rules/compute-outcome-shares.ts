// Share of each outcome in a set of fetches (pure).
export type OutcomeCounts = { ok: number; notModified: number; error: number };
export type OutcomeShares = OutcomeCounts & {
  total: number;
  okShare: number | null;
  notModifiedShare: number | null;
  errorShare: number | null;
};

export function computeOutcomeShares(counts: OutcomeCounts): OutcomeShares {
  const total = counts.ok + counts.notModified + counts.error;
  const share = (value: number) => (total === 0 ? null : value / total);
  return {
    ...counts,
    total,
    okShare: share(counts.ok),
    notModifiedShare: share(counts.notModified),
    errorShare: share(counts.error),
  };
}
