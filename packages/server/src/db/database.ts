import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createPool } from 'mysql2';
import type { Config } from '../config/config.schema.js';
import type { Database } from './schema.js';

// int8 and numeric come back as numbers: quota stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  type: Config['databaseType'];
  sqlitePath?: string;
  dsn?: string;
}

export function databaseTargetOf(config: Config): DatabaseTarget {
  if (config.databaseType === 'sqlite') {
    return { type: 'sqlite', sqlitePath: resolve(config.sqlitePath ?? join(config.dataDir, 'gateway.db')) };
  }
  return { type: config.databaseType, dsn: config.sqlDsn };
}

export function createDatabase(target: DatabaseTarget): Db {
  if (target.type === 'postgres') {
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.dsn, max: 20 }) }) });
  }
  if (target.type === 'mysql') {
    const url = new URL(target.dsn!.replace(/^mariadb:/, 'mysql:'));
    const pool = createPool({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1),
      connectionLimit: 20,
      charset: 'utf8mb4',
      supportBigNumbers: true,
      bigNumberStrings: false,
      timezone: 'Z',
    });
    return new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
  }
  const file = target.sqlitePath ?? ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  sqliteHandles.set(db, cached);
  return db;
}

const sqliteHandles = new WeakMap<object, SqliteHandle>();

/**
 * The SQLite connection behind a Kysely instance, for the few hot statements run directly (measured
 * reasons in architecture.md B8). Only use it inside a transaction or `db.connection()` callback of the
 * same instance: Kysely's single-connection mutex then guarantees nothing else runs in between.
 */
export function sqliteHandleOf(db: object): SqliteHandle | undefined {
  return sqliteHandles.get(db);
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; on the relay's hot path that was a tenth of the CPU. Statements
 * are cached by SQL text (least recently used out first), since the same few queries repeat.
 */
export interface SqliteHandle {
  close(): void;
  prepare(sql: string): SQLite.Statement;
}

function withStatementCache(sqlite: SQLite.Database): SqliteHandle {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
