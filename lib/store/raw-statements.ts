// Plain parameterised SQL for the hottest write path (a fetch without articles: most fetches).
// Prisma 6.19 compiles every query in its wasm query compiler, which costs milliseconds a
// statement; raw statements go straight to the driver. Identifiers come only from our own code.
import type { Db } from "@/lib/db/prisma-client";
import { providerOf } from "@/lib/db/prisma-client";

export type Statement = { text: string; values: unknown[] };
type Scalar = string | number | boolean | Date | null;

export function placeholders(db: Db): (index: number) => string {
  return providerOf(db) === "postgresql" ? (index) => `$${index}` : () => "?";
}

export function updateById(db: Db, table: string, id: number, fields: Record<string, Scalar>): Statement {
  const p = placeholders(db);
  const columns = Object.keys(fields);
  const assignments = columns.map((column, index) => `"${column}" = ${p(index + 1)}`).join(", ");
  return { text: `UPDATE "${table}" SET ${assignments} WHERE "id" = ${p(columns.length + 1)}`, values: [...Object.values(fields), id] };
}

export function insertRow(db: Db, table: string, fields: Record<string, Scalar>): Statement {
  const p = placeholders(db);
  const columns = Object.keys(fields);
  return {
    text: `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${columns.map((_, index) => p(index + 1)).join(", ")})`,
    values: Object.values(fields),
  };
}

/** INSERT, or add the numeric columns to the existing row with the same key (both databases). */
export function insertOrAdd(db: Db, table: string, key: string[], fields: Record<string, Scalar>, addColumns: string[]): Statement {
  const insert = insertRow(db, table, fields);
  const additions = addColumns.map((column) => `"${column}" = "${table}"."${column}" + excluded."${column}"`).join(", ");
  return { text: `${insert.text} ON CONFLICT (${key.map((column) => `"${column}"`).join(", ")}) DO UPDATE SET ${additions}`, values: insert.values };
}

/** Keeps only plain column values: nested Prisma operations have no place in raw SQL. */
export function scalarFields(data: Record<string, unknown>): Record<string, Scalar> {
  const fields: Record<string, Scalar> = {};
  for (const [column, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (value !== null && typeof value === "object" && !(value instanceof Date)) throw new Error(`raw SQL: "${column}" is not a plain value`);
    fields[column] = value as Scalar;
  }
  return fields;
}

/**
 * Runs the statements all-or-nothing. SQLite: one transaction (in-process, round trips are free).
 * PostgreSQL: ONE statement, the first ones as data-modifying CTEs, which PostgreSQL executes
 * atomically; a transaction would cost a network round trip per statement.
 */
export async function runAtomically(db: Db, statements: Statement[]): Promise<void> {
  if (providerOf(db) === "sqlite") {
    await db.$transaction(statements.map((statement) => db.$executeRawUnsafe(statement.text, ...statement.values)));
    return;
  }
  const values: unknown[] = [];
  const texts = statements.map((statement) => {
    const offset = values.length;
    values.push(...statement.values);
    return statement.text.replace(/\$(\d+)/g, (_match, index: string) => `$${Number(index) + offset}`);
  });
  const last = texts.pop()!;
  const ctes = texts.map((text, index) => `s${index} AS (${text})`);
  await db.$executeRawUnsafe(ctes.length > 0 ? `WITH ${ctes.join(", ")} ${last}` : last, ...values);
}
