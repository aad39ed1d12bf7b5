// Daily totals with no gaps (pure): a chart needs a column for every day, quiet ones included.
export type DayTotals = {
  day: string;
  ok: number;
  notModified: number;
  error: number;
  bytesReceived: number;
  bytesSaved: number;
  newArticles: number;
  durationMsSum: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` UTC days up to `now`'s, oldest first, as YYYY-MM-DD. */
export function listDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, index) =>
    new Date(now.getTime() - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

export function fillDays(rows: readonly DayTotals[], now: Date, days: number): DayTotals[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return listDays(now, days).map(
    (day) =>
      byDay.get(day) ?? {
        day,
        ok: 0,
        notModified: 0,
        error: 0,
        bytesReceived: 0,
        bytesSaved: 0,
        newArticles: 0,
        durationMsSum: 0,
      },
  );
}

export function sumDays(rows: readonly DayTotals[]): Omit<DayTotals, "day"> {
  const total = { ok: 0, notModified: 0, error: 0, bytesReceived: 0, bytesSaved: 0, newArticles: 0, durationMsSum: 0 };
  for (const row of rows) {
    total.ok += row.ok;
    total.notModified += row.notModified;
    total.error += row.error;
    total.bytesReceived += row.bytesReceived;
    total.bytesSaved += row.bytesSaved;
    total.newArticles += row.newArticles;
    total.durationMsSum += row.durationMsSum;
  }
  return total;
}
