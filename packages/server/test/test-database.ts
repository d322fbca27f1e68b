import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createPool } from 'mysql2/promise';
import { inject } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import type { DatabaseType } from '../src/config/config.schema.js';

export const PG_DSN = process.env.TEST_PG_DSN ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_DSN = process.env.TEST_MYSQL_DSN ?? 'mysql://root@127.0.0.1:3306/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The dialects the integration suites run against: all three unless TEST_DIALECTS narrows them. */
export function testDialects(): DatabaseType[] {
  const raw = process.env.TEST_DIALECTS;
  if (!raw) return ['sqlite', 'postgres', 'mysql'];
  return raw.split(',').map((d) => d.trim()).filter(Boolean) as DatabaseType[];
}

export interface TestDatabase {
  db: Db;
  type: DatabaseType;
  dsn?: string;
  sqlitePath?: string;
  drop(): Promise<void>;
}

const suffix = () => randomBytes(6).toString('hex');

function withDatabase(dsn: string, name: string): string {
  const url = new URL(dsn);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: SQLite temp file, a PostgreSQL copy of the migrated
 * template, or a new MariaDB schema. A missing server fails the test (never a silent skip).
 */
export async function createTestDatabase(type: DatabaseType): Promise<TestDatabase> {
  if (type === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gw-test-'));
    const sqlitePath = join(dir, 'test.db');
    const db = createDatabase({ type, sqlitePath });
    await migrateToLatest(db);
    return { db, type, sqlitePath, drop: async () => { await db.destroy(); rmSync(dir, { recursive: true, force: true }); } };
  }
  if (type === 'postgres') {
    const name = `t_${suffix()}`;
    const admin = new pg.Client({ connectionString: PG_DSN });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    } finally {
      await admin.end();
    }
    const dsn = withDatabase(PG_DSN, name);
    const db = createDatabase({ type, dsn });
    return {
      db, type, dsn,
      drop: async () => {
        await db.destroy();
        const c = new pg.Client({ connectionString: PG_DSN });
        await c.connect();
        try {
          // pg's pool.end() resolves before its clients have disconnected; FORCE would then kill them
          // mid-goodbye and surface as uncaught 57P01 errors. Wait for them to leave first.
          for (let i = 0; i < 50; i++) {
            const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
            if (rows[0].n === 0) break;
            await new Promise((r) => setTimeout(r, 20));
          }
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally { await c.end(); }
      },
    };
  }
  const name = `t_${suffix()}`;
  const admin = await createPool({ uri: MYSQL_DSN, connectionLimit: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  const dsn = withDatabase(MYSQL_DSN, name);
  const db = createDatabase({ type, dsn });
  await migrateToLatest(db);
  return {
    db, type, dsn,
    drop: async () => {
      await db.destroy();
      const c = await createPool({ uri: MYSQL_DSN, connectionLimit: 1 });
      try { await c.query(`DROP DATABASE IF EXISTS ${name}`); } finally { await c.end(); }
    },
  };
}

/**
 * Vitest global setup: builds a migrated PostgreSQL template once per run. Its name is unique per run
 * so parallel runs on one machine do not disturb each other. Returns a function that drops it.
 */
export async function preparePostgresTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `t_tpl_${suffix()}`;
  const adminQuery = async (q: string) => {
    const admin = new pg.Client({ connectionString: PG_DSN });
    await admin.connect();
    try { await admin.query(q); } finally { await admin.end(); }
  };
  await adminQuery(`CREATE DATABASE ${name}`);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(PG_DSN, name), max: 1 }) }) });
  try {
    await migrateToLatest(db);
    await sql`select 1`.execute(db);
  } finally {
    await db.destroy();
  }
  return { name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
