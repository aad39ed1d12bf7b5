// Keyset cursor of the fetch log: "<startedAt ms>.<id>" (opaque enough, and safe in a URL).
export type LogCursor = { startedAt: Date; id: number };

export function formatLogCursor(row: LogCursor): string {
  return `${row.startedAt.getTime()}.${row.id}`;
}

export function parseLogCursor(raw: string | null): LogCursor | null {
  const match = raw === null ? null : /^(\d{1,15})\.(\d{1,10})$/.exec(raw);
  if (!match) return null;
  return { startedAt: new Date(Number(match[1])), id: Number(match[2]) };
}
