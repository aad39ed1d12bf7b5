// The table in which the runner records what it applied. Same shape on both databases.
export const LEDGER_TABLE = "_tidings_migrations";

export const CREATE_LEDGER_SQL = `CREATE TABLE IF NOT EXISTS "${LEDGER_TABLE}" (
  "name" TEXT NOT NULL PRIMARY KEY,
  "checksum" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "finishedAt" TEXT NOT NULL,
  "error" TEXT
)`;

export type LedgerRow = {
  name: string;
  checksum: string;
  status: "applied" | "failed";
  finishedAt: string;
  error: string | null;
};

/** Statements a driver runs with positional parameters ($1.. on PostgreSQL, ? on SQLite). */
export type LedgerWrite = { name: string; checksum: string; status: LedgerRow["status"]; error: string | null };
