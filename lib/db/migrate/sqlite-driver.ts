import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { CREATE_LEDGER_SQL, LEDGER_TABLE, type LedgerRow, type LedgerWrite } from "@/lib/db/migrate/ledger";
import type { MigrationDriver } from "@/lib/db/migrate/migration-driver";
import { buildSearchText } from "@/lib/db/search-text";

const UPSERT = `INSERT INTO "${LEDGER_TABLE}" ("name","checksum","status","finishedAt","error") VALUES (?,?,?,?,?)
  ON CONFLICT("name") DO UPDATE SET "checksum"=excluded."checksum","status"=excluded."status","finishedAt"=excluded."finishedAt","error"=excluded."error"`;

export function createSqliteMigrationDriver(filePath: string): MigrationDriver {
  let db: Database.Database | null = null;
  const connection = () => {
    if (!db) throw new Error("migration driver used before open()");
    return db;
  };
  const write = (record: LedgerWrite) =>
    connection()
      .prepare(UPSERT)
      .run(record.name, record.checksum, record.status, new Date().toISOString(), record.error);

  return {
    async open() {
      mkdirSync(path.dirname(filePath), { recursive: true });
      db = new Database(filePath, { timeout: 5000 });
      // Before the first table of a new file (a no-op on one that has tables): pages freed by
      // deletes (retention) can then be given back without rewriting the file (lib/db/database-space.ts).
      db.pragma("auto_vacuum = INCREMENTAL");
      // WAL lets readers (the pages) work while a round writes; it is a property of the file.
      db.pragma("journal_mode = WAL");
      db.pragma("foreign_keys = ON");
      db.exec(CREATE_LEDGER_SQL);
      // Lent to migrations that fill "searchText" for articles already stored (0025_search_text),
      // so they use the store's own rule rather than an approximation written in SQL.
      db.function("tidings_search_text", { deterministic: true }, (title, content) =>
        buildSearchText(String(title), typeof content === "string" ? content : null),
      );
    },
    async readLedger() {
      return connection().prepare(`SELECT * FROM "${LEDGER_TABLE}" ORDER BY "name"`).all() as LedgerRow[];
    },
    async applyInTransaction(sql, record) {
      const db = connection();
      // Prisma changes a SQLite table by rebuilding it (create new_T, copy, DROP T, rename). With
      // foreign keys on, that DROP deletes every row first and fires the children's ON DELETE
      // actions (Fetch.roundId SET NULL, cascades). The PRAGMA is a no-op inside a transaction,
      // so it is switched off around it, and the result is checked before the commit instead.
      db.pragma("foreign_keys = OFF");
      // IMMEDIATE takes the write lock up front, so two processes cannot interleave migrations.
      db.exec("BEGIN IMMEDIATE");
      try {
        db.exec(sql);
        const broken = db.pragma("foreign_key_check") as unknown[];
        if (broken.length > 0)
          throw new Error(
            `it leaves ${broken.length} rows whose foreign key points nowhere, e.g. ${JSON.stringify(broken[0])}`,
          );
        write(record);
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      } finally {
        db.pragma("foreign_keys = ON");
      }
    },
    async writeLedgerRow(record) {
      write(record);
    },
    async deleteFailedRows() {
      return connection().prepare(`DELETE FROM "${LEDGER_TABLE}" WHERE "status" = 'failed'`).run().changes;
    },
    async close() {
      db?.close();
      db = null;
    },
  };
}
