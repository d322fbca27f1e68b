import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createPool } from 'mysql2';
import type { Config } from '../config/config.schema.js';
import type { Database } from './schema.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, WalCheckpointer } from './wal-checkpointer.js';

// int8 and numeric come back as numbers: quota stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  type: Config['databaseType'];
  sqlitePath?: string;
  dsn?: string;
  /** SQLite file: checkpoint the write-ahead log from a thread (see WalCheckpointer); the server does. */
  backgroundCheckpoints?: boolean;
}

export function databaseTargetOf(config: Config): DatabaseTarget {
  if (config.databaseType === 'sqlite') {
    return { type: 'sqlite', sqlitePath: resolve(config.sqlitePath ?? join(config.dataDir, 'gateway.db')), backgroundCheckpoints: true };
  }
  return { type: config.databaseType, dsn: config.sqlDsn };
}

export function createDatabase(target: DatabaseTarget): Db {
  if (target.type === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.dsn, max: 20 });
    // An idle connection that the server drops (restart, failover) emits 'error'; unhandled, that would
    // end the process. The pool discards the connection and opens a new one on the next query.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    // A connection in use when the server goes away emits 'error' too; its query fails and is handled,
    // but the event itself needs a listener for as long as the connection lives.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolStats.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    return db;
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
    const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
    // mysql2 keeps its pool state in fields without a public accessor.
    const state = pool as unknown as { _allConnections?: { length: number }; _freeConnections?: { length: number }; _connectionQueue?: { length: number } };
    poolStats.set(db, () => ({ total: state._allConnections?.length ?? 0, idle: state._freeConnections?.length ?? 0, waiting: state._connectionQueue?.length ?? 0 }));
    return db;
  }
  const file = target.sqlitePath ?? ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  const checkpointer = target.backgroundCheckpoints && file !== ':memory:' ? new WalCheckpointer(file) : undefined;
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const cached = withStatementCache(sqlite, () => checkpointer?.stop());
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  sqliteHandles.set(db, cached);
  if (checkpointer) checkpointers.set(db, checkpointer);
  poolStats.set(db, () => ({ total: 1, idle: 1, waiting: 0 }));
  return db;
}

const poolStats = new WeakMap<object, () => { total: number; idle: number; waiting: number }>();

/** Connections of the database's pool (for /metrics); SQLite has one connection. */
export function poolStatsOf(db: object): (() => { total: number; idle: number; waiting: number }) | undefined {
  return poolStats.get(db);
}

const sqliteHandles = new WeakMap<object, SqliteHandle>();
const checkpointers = new WeakMap<object, WalCheckpointer>();

/** The thread checkpointing an SQLite database, when it has one (backgroundCheckpoints). */
export function checkpointerOf(db: object): WalCheckpointer | undefined {
  return checkpointers.get(db);
}

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

function withStatementCache(sqlite: SQLite.Database, onClose: () => void): SqliteHandle {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      onClose();
      sqlite.close();
    },
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
