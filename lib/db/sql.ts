// The one way to write raw SQL outside lib/db: tagged templates whose values travel as bound
// parameters (never spliced into the text), and the pieces to compose them. Run them with the
// doors in prisma-client.ts (`sqlReaderOf` for the measured hot reads) or query-sql.ts.
import { Prisma } from "@/lib/generated/sqlite";

export type Sql = Prisma.Sql;
export const sql = Prisma.sql;
export const joinSql = Prisma.join;
export const emptySql = Prisma.empty;
/** Text spliced in as is: only for the code's own identifiers and constants, never for input. */
export const rawSql = Prisma.raw;
