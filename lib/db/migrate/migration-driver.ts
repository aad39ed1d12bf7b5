// What the runner needs from a database: a ledger, one migration per transaction, a lock.
import type { LedgerRow, LedgerWrite } from "@/lib/db/migrate/ledger";

export interface MigrationDriver {
  /** Takes the cross-process lock (held until close) and makes sure the ledger exists. */
  open(): Promise<void>;
  readLedger(): Promise<LedgerRow[]>;
  /** Runs `sql` and records it as applied, in one transaction: all or nothing. */
  applyInTransaction(sql: string, record: LedgerWrite): Promise<void>;
  /** Records a row outside any transaction (a failure must survive the rollback). */
  writeLedgerRow(record: LedgerWrite): Promise<void>;
  deleteFailedRows(): Promise<number>;
  close(): Promise<void>;
}
