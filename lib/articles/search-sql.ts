// The one place that knows how each database searches text: LIKE on SQLite (case-insensitive for
// ASCII), ILIKE on PostgreSQL. Prisma's `contains` would not do: it leaves % and _ in the user's
// text as wildcards on SQLite, and its case-insensitive mode exists only on the PostgreSQL client.
import { Prisma } from "@/lib/generated/sqlite";
import type { DatabaseTarget } from "@/lib/db/database-target";

/** "100%" must find "100%", not "1000": the user's % and _ are escaped, with \ as the escape. */
export function buildLikePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function buildSearchSql(q: string, provider: DatabaseTarget["provider"]): Prisma.Sql {
  const pattern = buildLikePattern(q);
  const like = provider === "postgresql" ? Prisma.raw("ILIKE") : Prisma.raw("LIKE");
  return Prisma.sql`("title" ${like} ${pattern} ESCAPE '\\' OR "content" ${like} ${pattern} ESCAPE '\\')`;
}
