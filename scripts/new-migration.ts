// Writes the next migration for both databases from the change to prisma/schema.prisma.
// Usage: npm run db:migration -- <name>
// The SQL comes from `prisma migrate diff` (from the snapshot of the last migrated model to the
// current one); applying it is lib/db/migrate's job. Needs a reachable PostgreSQL for the
// PostgreSQL diff (TIDINGS_PRISMA_CLI_POSTGRES_URL, default the local `postgres` database).
// What Prisma's schema cannot express (a generated column, a GIN index) is written by hand, in
// the folder of the one database it concerns, numbered in the same sequence.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { derivePostgresSchema } from "../lib/db/derive-postgres-schema";

const SNAPSHOT = "prisma/migrations/schema.snapshot.prisma";
const providers = [
  { name: "sqlite", schemaOf: (source: string) => source },
  { name: "postgresql", schemaOf: derivePostgresSchema },
] as const;

function main(): void {
  const label = process.argv[2];
  if (!label || !/^[a-z0-9_]+$/.test(label)) {
    console.error("usage: npm run db:migration -- <name in snake_case>");
    process.exit(2);
  }
  const current = readFileSync("prisma/schema.prisma", "utf8");
  writeFileSync("prisma/postgres/schema.prisma", derivePostgresSchema(current));
  const previous = existsSync(SNAPSHOT) ? readFileSync(SNAPSHOT, "utf8") : null;
  const scratch = mkdtempSync(path.join(tmpdir(), "tidings-migration-"));
  const number = nextNumber();
  for (const provider of providers) {
    const sql = diff(
      provider.name,
      previous === null ? null : provider.schemaOf(previous),
      provider.schemaOf(current),
      scratch,
    );
    if (!/^(CREATE|ALTER|DROP|INSERT|UPDATE|DELETE|PRAGMA)/m.test(sql)) {
      console.log(`${provider.name}: no change`);
      continue;
    }
    const dir = path.join("prisma/migrations", provider.name, `${number}_${label}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), sql);
    console.log(`wrote ${dir}/migration.sql`);
  }
  copyFileSync("prisma/schema.prisma", SNAPSHOT);
}

function diff(provider: string, from: string | null, to: string, scratch: string): string {
  const toFile = path.join(scratch, `${provider}-to.prisma`);
  writeFileSync(toFile, to);
  const fromArgs =
    from === null ? ["--from-empty"] : ["--from-schema-datamodel", writeTemp(scratch, `${provider}-from.prisma`, from)];
  const output = execFileSync(
    "npx",
    ["prisma", "migrate", "diff", ...fromArgs, "--to-schema-datamodel", toFile, "--script"],
    {
      env: {
        ...process.env,
        TIDINGS_PRISMA_CLI_PROVIDER: provider,
        TIDINGS_PRISMA_CLI_POSTGRES_URL:
          process.env.TIDINGS_PRISMA_CLI_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
      },
      encoding: "utf8",
    },
  );
  // The schema is the operator's choice (DATABASE_URL ?schema=, search_path): never hard-code "public".
  return output.replace(/^-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/m, "");
}

function writeTemp(dir: string, name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

/**
 * One sequence for both databases, so a number names the same change in both folders even where
 * one database has a hand-written migration the other lacks (0003_article_search, PostgreSQL).
 */
function nextNumber(): string {
  const numbers = providers.flatMap((provider) => {
    const dir = path.join("prisma/migrations", provider.name);
    return existsSync(dir)
      ? readdirSync(dir).flatMap((entry) => (/^\d{4}_/.test(entry) ? [Number(entry.slice(0, 4))] : []))
      : [];
  });
  return String(Math.max(0, ...numbers) + 1).padStart(4, "0");
}

main();
