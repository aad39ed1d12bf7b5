// Every statement Tidings sends to PostgreSQL below Prisma (the reader's SELECTs, the store's raw
// writes) goes through here, so that dates mean the same thing both ways. Prisma declares
// DateTime as timestamp(3) WITHOUT time zone, holding UTC, while node-postgres would format a
// Date parameter, and read such a column, in the server process's local time zone.
import pg from "pg";

const TIMESTAMP_OID = 1114;
const parseUtcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID ? parseUtcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const toUtcValue = (value: unknown) => (value instanceof Date ? value.toISOString().replace("Z", "") : value);

/** One statement with $1, $2 … placeholders, on the pool or on one client (a transaction's, a benchmark's). */
export function queryPostgres(
  client: pg.Pool | pg.ClientBase,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  return client.query({ text, values: values.map(toUtcValue), types });
}
