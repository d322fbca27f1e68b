import { type Kysely, MysqlAdapter, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseType } from '../config/config.schema.js';

/** Which SQL dialect a Kysely instance speaks; the few dialect differences branch on this. */
export function dialectOf(db: Kysely<any>): DatabaseType {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

/** True when an error is a unique-constraint violation on any of the three dialects. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number; message?: string };
  return (
    e?.code === '23505' || // postgres
    e?.code === 'ER_DUP_ENTRY' || e?.errno === 1062 || // mysql
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Case-insensitive LIKE pattern with wildcards escaped. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
}

/**
 * Case-insensitive "one of `columns` contains `keyword`", wildcards escaped. The escape character is a bound
 * parameter so it means one backslash on every dialect (SQLite has no default escape; PostgreSQL needs ILIKE).
 */
export function containsAny(db: Kysely<any>, columns: readonly string[], keyword: string): RawBuilder<SqlBool> {
  const op = dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`;
  const pattern = likePattern(keyword);
  const each = columns.map((column) => sql<SqlBool>`${sql.ref(column)} ${op} ${pattern} escape ${'\\'}`);
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}

/** Inserts one row and returns its generated id on all three dialects (MySQL has no RETURNING). */
export async function insertReturningId<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  values: Record<string, unknown>,
): Promise<number> {
  const q = db.insertInto(table).values(values as never);
  if (dialectOf(db as Kysely<any>) === 'mysql') {
    const r = await q.executeTakeFirstOrThrow();
    return Number(r.insertId);
  }
  const row = (await q.returning('id' as never).executeTakeFirstOrThrow()) as { id: number };
  return Number(row.id);
}
