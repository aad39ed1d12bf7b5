import pg from "pg";
import { CREATE_LEDGER_SQL, LEDGER_TABLE, type LedgerRow, type LedgerWrite } from "@/lib/db/migrate/ledger";
import type { MigrationDriver } from "@/lib/db/migrate/migration-driver";

// Any constant works; it only has to be the same for every Tidings instance on this database.
const MIGRATION_LOCK_KEY = 7_411_690;

const UPSERT = `INSERT INTO "${LEDGER_TABLE}" ("name","checksum","status","finishedAt","error") VALUES ($1,$2,$3,$4,$5)
  ON CONFLICT ("name") DO UPDATE SET "checksum"=EXCLUDED."checksum","status"=EXCLUDED."status","finishedAt"=EXCLUDED."finishedAt","error"=EXCLUDED."error"`;

export function createPostgresMigrationDriver(url: string, schema: string | null): MigrationDriver {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  const write = (record: LedgerWrite) =>
    client.query(UPSERT, [record.name, record.checksum, record.status, new Date().toISOString(), record.error]);

  return {
    async open() {
      await client.connect();
      if (schema) {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(schema)}`);
        await client.query(`SET search_path TO ${pg.escapeIdentifier(schema)}`);
      }
      // Several app instances may start together: one migrates, the others wait here, then see it done.
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await client.query(CREATE_LEDGER_SQL);
    },
    async readLedger() {
      const result = await client.query(`SELECT * FROM "${LEDGER_TABLE}" ORDER BY "name"`);
      return result.rows as LedgerRow[];
    },
    async applyInTransaction(sql, record) {
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await write(record);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
    async writeLedgerRow(record) {
      await write(record);
    },
    async deleteFailedRows() {
      const result = await client.query(`DELETE FROM "${LEDGER_TABLE}" WHERE "status" = 'failed'`);
      return result.rowCount ?? 0;
    },
    async close() {
      // Closing the session releases the advisory lock.
      await client.end().catch(() => undefined);
    },
  };
}
