// Configuration for the Prisma CLI only (generate, migrate diff). The app never runs
// Prisma's schema engine: lib/db/migrate applies the SQL in prisma/migrations itself.
// TIDINGS_PRISMA_CLI_PROVIDER=postgresql selects the derived PostgreSQL schema.
import os from "node:os";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";

// The schemas' datasource `url` must resolve when the CLI runs, or Prisma 6.19 cannot read
// `engineType` and tries to download its library engine. The SQLite placeholder is never opened
// by `generate` or `migrate diff`; the PostgreSQL diff connects (trust auth on a dev machine).
process.env.TIDINGS_PRISMA_CLI_SQLITE_URL ??= `file:${path.join(os.tmpdir(), "tidings-prisma-cli-placeholder.db")}`;
process.env.TIDINGS_PRISMA_CLI_POSTGRES_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";

const postgres = process.env.TIDINGS_PRISMA_CLI_PROVIDER === "postgresql";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? path.join("prisma", "postgres", "schema.prisma") : path.join("prisma", "schema.prisma"),
  adapter: async () =>
    postgres
      ? new PrismaPg({ connectionString: process.env.TIDINGS_PRISMA_CLI_POSTGRES_URL })
      : new PrismaBetterSQLite3({ url: process.env.TIDINGS_PRISMA_CLI_SQLITE_URL! }),
});
