// Plain parameterised SQL for the hottest path: recording a fetch (and its articles).
// Prisma 6.19 compiles every query in its wasm query compiler, which costs milliseconds a
// statement; raw statements skip the model layer, and on PostgreSQL the compiler too (they go
// to the pg pool). Identifiers come only from our own code.
import type { Db } from "@/lib/db/prisma-client";
import { postgresPoolOf, providerOf } from "@/lib/db/prisma-client";
import { queryPostgres } from "@/lib/db/postgres-query";
import { inTransaction } from "@/lib/db/transaction";

/**
 * `readsEarlier`: the statement reads rows written by statements before it in the same batch,
 * which PostgreSQL's data-modifying CTEs (one snapshot for all) would hide from it.
 */
export type Statement = { text: string; values: unknown[]; readsEarlier?: boolean };
/** Runs one SELECT: selectRows outside a transaction, the transaction's client inside one. */
export type ReadRows = <T>(statement: Statement) => Promise<T[]>;
type Scalar = string | number | boolean | Date | null;
/** A counter column raised by this much (Prisma's `{ increment }`), e.g. the unread count. */
type Increment = { increment: number };
type ColumnValue = Scalar | Increment;

export function placeholders(db: Db): (index: number) => string {
  return providerOf(db) === "postgresql" ? (index) => `$${index}` : () => "?";
}

export function updateById(db: Db, table: string, id: number, fields: Record<string, ColumnValue>): Statement {
  const p = placeholders(db);
  const columns = Object.keys(fields);
  const assignments = columns.map((column, index) =>
    isIncrement(fields[column]) ? `"${column}" = "${column}" + ${p(index + 1)}` : `"${column}" = ${p(index + 1)}`,
  );
  const values = Object.values(fields).map((value) => (isIncrement(value) ? value.increment : value));
  return {
    text: `UPDATE "${table}" SET ${assignments.join(", ")} WHERE "id" = ${p(columns.length + 1)}`,
    values: [...values, id],
  };
}

/**
 * One UPDATE by id: the `always` columns are set (or raised), the `guarded` ones only while `guard`
 * still holds its expected value in the row (otherwise they keep theirs). One statement, not two:
 * PostgreSQL applies only one of two updates of the same row inside one statement, and
 * runAtomically merges a batch into one statement there.
 */
export function updateByIdWhile(
  db: Db,
  table: string,
  id: number,
  fields: {
    always: Record<string, ColumnValue>;
    guarded: Record<string, Scalar>;
    guard: { column: string; expected: Scalar };
  },
): Statement {
  const p = placeholders(db);
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return p(values.length);
  };
  const assignments = [
    ...Object.entries(fields.always).map(([column, value]) =>
      isIncrement(value) ? `"${column}" = "${column}" + ${bind(value.increment)}` : `"${column}" = ${bind(value)}`,
    ),
    ...Object.entries(fields.guarded).map(
      ([column, value]) =>
        `"${column}" = CASE WHEN "${fields.guard.column}" = ${bind(fields.guard.expected)} THEN ${bind(value)} ELSE "${column}" END`,
    ),
  ];
  return { text: `UPDATE "${table}" SET ${assignments.join(", ")} WHERE "id" = ${bind(id)}`, values };
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
export function insertOrAdd(
  db: Db,
  table: string,
  key: string[],
  fields: Record<string, Scalar>,
  addColumns: string[],
): Statement {
  const insert = insertRow(db, table, fields);
  const additions = addColumns
    .map((column) => `"${column}" = "${table}"."${column}" + excluded."${column}"`)
    .join(", ");
  return {
    text: `${insert.text} ON CONFLICT (${key.map((column) => `"${column}"`).join(", ")}) DO UPDATE SET ${additions}`,
    values: insert.values,
  };
}

/** Keeps only plain column values: nested Prisma operations have no place in raw SQL. */
export function scalarFields(data: Record<string, unknown>): Record<string, Scalar> {
  const fields: Record<string, Scalar> = {};
  for (const [column, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (value !== null && typeof value === "object" && !(value instanceof Date))
      throw new Error(`raw SQL: "${column}" is not a plain value`);
    fields[column] = value as Scalar;
  }
  return fields;
}

/** scalarFields for an UPDATE, which may also raise counters (`{ increment }`). */
export function updateFields(data: Record<string, unknown>): Record<string, ColumnValue> {
  const increments = Object.entries(data).filter((entry): entry is [string, Increment] => isIncrement(entry[1]));
  const plain = Object.entries(data).filter(([, value]) => !isIncrement(value));
  return { ...scalarFields(Object.fromEntries(plain)), ...Object.fromEntries(increments) };
}

function isIncrement(value: unknown): value is Increment {
  return value !== null && typeof value === "object" && typeof (value as Increment).increment === "number";
}

/** Runs one statement; the number of rows it changed. On PostgreSQL straight from the pool. */
export async function execute(db: Db, statement: Statement): Promise<number> {
  const pool = postgresPoolOf(db);
  if (!pool) return db.$executeRawUnsafe(statement.text, ...statement.values);
  return (await queryPostgres(pool, statement.text, statement.values)).rowCount ?? 0;
}

/** Rows of one SELECT (or INSERT … RETURNING); on PostgreSQL straight from the pool. */
export async function selectRows<T>(db: Db, statement: Statement): Promise<T[]> {
  const pool = postgresPoolOf(db);
  if (!pool) return db.$queryRawUnsafe<T[]>(statement.text, ...statement.values);
  return (await queryPostgres(pool, statement.text, statement.values)).rows as T[];
}

/**
 * Runs the statements all-or-nothing. SQLite: one transaction (in-process, round trips are free).
 * PostgreSQL: ONE statement, the first ones as data-modifying CTEs, which PostgreSQL executes
 * atomically; a transaction would cost a network round trip per statement. Only beyond the
 * protocol's limit of bound parameters (a first fetch of thousands of items), or with a statement
 * that reads what an earlier one wrote (new articles' unread rows), is it a transaction.
 */
export async function runAtomically(db: Db, statements: Iterable<Statement>): Promise<void> {
  const pool = postgresPoolOf(db);
  // Statements may be built as they run (a first fetch's inserts, 100 rows each): only as many are
  // built ahead as the one-round-trip path can take, so a feed of 100,000 items never holds all
  // its statements at once.
  const iterator = statements[Symbol.iterator]();
  let parameters = 0;
  const ahead = readAhead(iterator, (statement, count) =>
    pool ? (parameters += statement.values.length) <= MAX_POSTGRES_PARAMETERS : count <= MAX_SQLITE_BATCH_STATEMENTS,
  );
  if (!pool && ahead.done) {
    // Prisma's batch form: one transaction, sent whole (the interactive form would await each).
    await db.$transaction(ahead.head.map((statement) => db.$executeRawUnsafe(statement.text, ...statement.values)));
    return;
  }
  if (pool && ahead.done && !ahead.head.some((statement) => statement.readsEarlier)) {
    if (ahead.head.length === 0) return;
    const merged = mergeStatements(ahead.head);
    await queryPostgres(pool, merged.text, merged.values);
    return;
  }
  const all = continueWith(ahead.head, iterator);
  if (!pool) {
    // Prisma hands a batch to its query compiler whole, and the compiler's WebAssembly memory grows
    // to hold it and never shrinks: a first fetch of 100,000 items kept 250 MB. One statement at a
    // time in one transaction keeps it to one statement's size.
    await inTransaction(
      db,
      async (tx) => {
        for (const statement of all) await tx.$executeRawUnsafe(statement.text, ...statement.values);
      },
      "bulk",
    );
    return;
  }
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    for (const statement of all) await queryPostgres(client, statement.text, statement.values);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Takes statements while `fits` holds for each; `done` when the iterator ran out first. */
function readAhead(
  iterator: Iterator<Statement>,
  fits: (statement: Statement, count: number) => boolean,
): { head: Statement[]; done: boolean } {
  const head: Statement[] = [];
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    head.push(next.value);
    if (!fits(next.value, head.length)) return { head, done: false };
  }
  return { head, done: true };
}

function* continueWith(head: Statement[], iterator: Iterator<Statement>): Generator<Statement> {
  yield* head;
  for (let next = iterator.next(); !next.done; next = iterator.next()) yield next.value;
}

/**
 * Statements from several sources, built only when iterated, and each time it is iterated (a
 * retried write builds them again rather than finding them used up).
 */
export function chainStatements(...parts: Iterable<Statement>[]): Iterable<Statement> {
  return {
    *[Symbol.iterator]() {
      for (const part of parts) yield* part;
    },
  };
}

/** Beyond this many statements (100 rows each for inserts), SQLite writes them one at a time. */
const MAX_SQLITE_BATCH_STATEMENTS = 50;

/** The extended query protocol counts bound parameters in 16 bits. */
const MAX_POSTGRES_PARAMETERS = 65_535;

/** The statements as one: all but the last become data-modifying CTEs, placeholders renumbered. */
function mergeStatements(statements: Statement[]): Statement {
  const values: unknown[] = [];
  const texts = statements.map((statement) => {
    // Renumbering rewrites every $n in the text, a "$1" inside a quoted literal included: every
    // value must be a bound parameter (they are, in everything built above).
    if (/'|\$\$/.test(statement.text))
      throw new Error(`runAtomically: bind values as parameters, not literals: ${statement.text.slice(0, 60)}`);
    const offset = values.length;
    values.push(...statement.values);
    return statement.text.replace(/\$(\d+)/g, (_match, index: string) => `$${Number(index) + offset}`);
  });
  const last = texts.pop()!;
  const ctes = texts.map((text, index) => `s${index} AS (${text})`);
  return { text: ctes.length > 0 ? `WITH ${ctes.join(", ")} ${last}` : last, values };
}
