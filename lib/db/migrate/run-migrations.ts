// Our migration runner: ordered, one transaction per migration, recorded in a ledger table,
// idempotent, and it refuses to go on past a failed or unknown migration.
import type { DatabaseTarget } from "@/lib/db/database-target";
import { readMigrationFiles, migrationsRoot, type MigrationFile } from "@/lib/db/migrate/migration-files";
import type { LedgerRow } from "@/lib/db/migrate/ledger";
import type { MigrationDriver } from "@/lib/db/migrate/migration-driver";
import { createSqliteMigrationDriver } from "@/lib/db/migrate/sqlite-driver";
import { createPostgresMigrationDriver } from "@/lib/db/migrate/postgres-driver";
import { describeError } from "@/lib/base/describe-error";

/** A problem an operator must act on; its message is one line meant for them. */
export class MigrationError extends Error {}

export type MigrateOptions = {
  /** Forget earlier failed attempts and try them again (after fixing their cause). */
  retryFailed?: boolean;
  migrationsRoot?: string;
};

export type MigrateResult = { applied: string[]; alreadyApplied: number };

export async function runMigrations(target: DatabaseTarget, options: MigrateOptions = {}): Promise<MigrateResult> {
  const files = readMigrationFiles(target.provider, options.migrationsRoot ?? migrationsRoot());
  const driver = createDriver(target);
  try {
    await openDriver(driver, target);
    if (options.retryFailed) await driver.deleteFailedRows();
    const ledger = await driver.readLedger();
    checkLedger(ledger, files);
    const done = new Set(ledger.map((row) => row.name));
    const applied: string[] = [];
    for (const file of files.filter((candidate) => !done.has(candidate.name))) {
      await applyOne(driver, file);
      applied.push(file.name);
    }
    return { applied, alreadyApplied: done.size };
  } finally {
    await driver.close();
  }
}

function createDriver(target: DatabaseTarget): MigrationDriver {
  return target.provider === "sqlite"
    ? createSqliteMigrationDriver(target.filePath)
    : createPostgresMigrationDriver(target.url, target.schema);
}

async function openDriver(driver: MigrationDriver, target: DatabaseTarget): Promise<void> {
  try {
    await driver.open();
  } catch (error) {
    const where = target.provider === "sqlite" ? target.filePath : new URL(target.url).host;
    throw new MigrationError(`cannot open the ${target.provider} database at ${where}: ${describeError(error, 300)}`);
  }
}

/** Refuses to touch a database whose history this version cannot vouch for. */
function checkLedger(ledger: LedgerRow[], files: MigrationFile[]): void {
  const known = new Map(files.map((file) => [file.name, file]));
  for (const row of ledger) {
    if (row.status === "failed") {
      throw new MigrationError(
        `migration ${row.name} failed at ${row.finishedAt} (${row.error ?? "no detail"}); nothing of it was kept. ` +
          "Fix the cause, then run `npx --no-install tidings migrate --retry`",
      );
    }
    const file = known.get(row.name);
    if (!file) {
      throw new MigrationError(
        `the database has migration ${row.name}, which this version of Tidings does not know (was it migrated by a newer version?)`,
      );
    }
    if (file.checksum !== row.checksum) {
      throw new MigrationError(
        `migration ${row.name} was changed after it was applied to this database; restore the original file`,
      );
    }
  }
}

async function applyOne(driver: MigrationDriver, file: MigrationFile): Promise<void> {
  try {
    await driver.applyInTransaction(file.sql, {
      name: file.name,
      checksum: file.checksum,
      status: "applied",
      error: null,
    });
  } catch (error) {
    const detail = describeError(error, 300);
    await driver.writeLedgerRow({ name: file.name, checksum: file.checksum, status: "failed", error: detail });
    throw new MigrationError(`migration ${file.name} failed and was rolled back: ${detail}`);
  }
}
