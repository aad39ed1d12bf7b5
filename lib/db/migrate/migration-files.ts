// Reads the SQL migrations that `npm run db:migration` wrote with `prisma migrate diff`.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@/lib/base/project-root";

export type MigrationFile = { name: string; sql: string; checksum: string };

/** The installation's migrations (not the working directory's: the CLI may run from anywhere). */
export function migrationsRoot(): string {
  return path.join(/* turbopackIgnore: true */ projectRoot(), "prisma", "migrations");
}

/** Migrations for one provider, in name order (names start with a zero-padded sequence number). */
export function readMigrationFiles(provider: "sqlite" | "postgresql", root = migrationsRoot()): MigrationFile[] {
  // turbopackIgnore: the folder is read at run time; it must not make Next trace the whole project.
  const dir = path.join(/* turbopackIgnore: true */ root, provider);
  if (!existsSync(/* turbopackIgnore: true */ dir)) throw new Error(`no migrations folder at ${dir}`);
  return readdirSync(/* turbopackIgnore: true */ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(/* turbopackIgnore: true */ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}
