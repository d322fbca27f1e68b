import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

const MAX_ATTEMPTS = 5;

/**
 * True for errors that mean "the transaction lost a lock race and was rolled back; running it again is
 * safe": PostgreSQL deadlock / serialization failure, MariaDB deadlock / lock-wait timeout, SQLite busy.
 */
export function isTransientLockError(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return (
    e?.code === '40P01' || e?.code === '40001' || // postgres
    e?.errno === 1213 || e?.errno === 1205 || // mysql / mariadb
    // SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT: another connection wrote since this
    // transaction first read; busy_timeout does not wait for that one).
    (typeof e?.code === 'string' && e.code.startsWith('SQLITE_BUSY'))
  );
}

/**
 * Runs `fn` in a transaction and runs it again (whole, from a clean rollback) when the database
 * aborted it for a lock conflict. Ledger transactions only contain conditional single-statement
 * updates, so a re-run computes its outcome afresh from committed data.
 */
export async function inTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isTransientLockError(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
