// Works around a Prisma 6.19 fault that locked every later SQLite write once the disk was full
// (prisma/orm#29933, fix pending in #29955). Prisma closes a transaction by sending COMMIT (or
// ROLLBACK) and only then telling the adapter, which is when @prisma/adapter-better-sqlite3
// releases its one-transaction-at-a-time mutex. When that COMMIT fails (SQLITE_FULL, SQLITE_IOERR,
// SQLITE_BUSY) the adapter is never told: the mutex stays taken, every later transaction waits for
// it forever, and the connection may stay inside the failed transaction holding the write lock.
// On PostgreSQL the same path never gives the transaction's connection back to the pool (a
// ROLLBACK on a connection that PostgreSQL's shutdown cut): ten such and every query waits.
//
// Here a failed COMMIT is rolled back and the transaction released before the error goes on,
// and a ROLLBACK that finds no transaction (SQLite already rolled it back) counts as done.
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type AdapterFactory = { connect(): Promise<Adapter> };
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type Query = Parameters<Transaction["executeRaw"]>[0];

const ROLLBACK: Query = { sql: "ROLLBACK", args: [], argTypes: [] };

export function releaseFailedTransactions<F extends AdapterFactory>(factory: F): F {
  return delegate<AdapterFactory>(factory, {
    connect: async () => {
      const adapter = await factory.connect();
      return delegate(adapter, {
        startTransaction: async (isolationLevel) => guardTransaction(await adapter.startTransaction(isolationLevel)),
      });
    },
  }) as F;
}

function guardTransaction(transaction: Transaction): Transaction {
  // The adapter's release must run once: a second call could free a mutex another transaction holds.
  let released = false;
  const release = async (close: () => Promise<void>) => {
    if (released) return;
    released = true;
    await close();
  };
  return delegate(transaction, {
    executeRaw: async (query) => {
      const statement = query.sql.trim().toUpperCase();
      if (statement !== "COMMIT" && statement !== "ROLLBACK") return transaction.executeRaw(query);
      try {
        return await transaction.executeRaw(query);
      } catch (error) {
        if (statement === "ROLLBACK" && /no transaction is active/i.test(describeCause(error))) return 0;
        // Prisma will not call commit() or rollback() after this: release here, after making sure
        // the connection is out of the transaction (a failed ROLLBACK means SQLite already did it).
        if (statement === "COMMIT") await transaction.executeRaw(ROLLBACK).catch(() => undefined);
        await release(() => transaction.rollback());
        throw error;
      }
    },
    commit: () => release(() => transaction.commit()),
    rollback: () => release(() => transaction.rollback()),
  });
}

/** The driver's message: the adapter wraps SQLite's error in a DriverAdapterError. */
function describeCause(error: unknown): string {
  const cause = (error as { cause?: { originalMessage?: unknown } } | null)?.cause;
  if (typeof cause?.originalMessage === "string") return cause.originalMessage;
  return error instanceof Error ? error.message : String(error);
}

/**
 * `target` with some methods replaced. A Proxy, not a spread: the adapters keep their state in
 * private class fields, which only the original object (as `this`) can reach.
 */
function delegate<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}
