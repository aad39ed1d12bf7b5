// Which database Tidings talks to, from DATABASE_URL. SQLite is the embedded default.
import path from "node:path";
import { projectRoot } from "@/lib/base/project-root";

export type DatabaseTarget =
  { provider: "sqlite"; filePath: string } | { provider: "postgresql"; url: string; schema: string | null };

export const DEFAULT_DATABASE_URL = "file:./data/tidings.db";

export class DatabaseConfigError extends Error {}

/**
 * Parses DATABASE_URL (undefined → the embedded SQLite file in the installation's data folder, so
 * that `tidings` run from any directory finds the app's database). A relative path that was set
 * is relative to the working directory, as a shell user expects.
 */
export function resolveDatabaseTarget(
  databaseUrl: string | undefined,
  cwd = process.cwd(),
  root = projectRoot(),
): DatabaseTarget {
  const raw = databaseUrl ?? DEFAULT_DATABASE_URL;
  if (raw.startsWith("file:")) {
    const filePath =
      raw
        .slice("file:".length)
        .replace(/^\/\/(?=\/)/, "")
        .split("?")[0] ?? "";
    if (filePath === "")
      throw new DatabaseConfigError("DATABASE_URL: a file: URL needs a path, e.g. file:./data/tidings.db");
    return { provider: "sqlite", filePath: path.resolve(databaseUrl === undefined ? root : cwd, filePath) };
  }
  if (raw.startsWith("postgres://") || raw.startsWith("postgresql://")) {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new DatabaseConfigError("DATABASE_URL: not a valid PostgreSQL URL");
    }
    // `?schema=` selects a PostgreSQL schema (Prisma's convention); libpq does not know it.
    const schema = parsed.searchParams.get("schema");
    parsed.searchParams.delete("schema");
    return { provider: "postgresql", url: parsed.toString(), schema };
  }
  const scheme = raw.includes(":") ? `${raw.split(":")[0]}:` : raw.slice(0, 20);
  throw new DatabaseConfigError(
    `DATABASE_URL: unsupported scheme "${scheme}"; use file:PATH for SQLite or postgresql://user@host/db for PostgreSQL`,
  );
}

/** Describes the target without credentials, for logs and the health endpoint. */
export function describeDatabaseTarget(target: DatabaseTarget): string {
  if (target.provider === "sqlite") return `SQLite ${target.filePath}`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.hostname}:${url.port || "5432"}${url.pathname}${target.schema ? ` (schema ${target.schema})` : ""}`;
}
