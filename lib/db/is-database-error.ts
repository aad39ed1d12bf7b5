// Whether an exception came from the database (or the way to it) rather than from a bug: a round
// ends cleanly on the first, and lets the second surface. One home for the test, for both drivers.
import pg from "pg";

/** Node's socket errors on the way to PostgreSQL (the server stopped, restarted, unreachable). */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/** node-postgres reports a lost or refused connection with a plain Error and one of these messages. */
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Connection is closed/i;

export function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Prisma's client errors, the driver adapters' own, better-sqlite3's (SQLITE_FULL, SQLITE_BUSY …).
  if (/^(PrismaClient\w*Error|DriverAdapterError|SqliteError)$/.test(error.name)) return true;
  if (error instanceof pg.DatabaseError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("SQLITE_"))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseError);
  return PG_CONNECTION_MESSAGES.test(error.message);
}
