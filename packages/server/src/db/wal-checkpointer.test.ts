import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointerOf, createDatabase, databaseTargetOf, type Db } from './database.js';
import { CHECKPOINT_EVERY_MS } from './wal-checkpointer.js';

const dirs: string[] = [];
const dbs: Db[] = [];

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openFile(backgroundCheckpoints: boolean): { db: Db; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gw-wal-'));
  dirs.push(dir);
  const file = join(dir, 'gateway.db');
  const db = createDatabase({ type: 'sqlite', sqlitePath: file, backgroundCheckpoints });
  dbs.push(db);
  return { db, file };
}

/** About 2 MB in one transaction: some 500 pages, under SQLite's own checkpoint threshold of 1 000. */
async function writeTwoMegabytes(db: Db) {
  await sql`create table blobs (id integer primary key, body text not null)`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 500; i++) await sql`insert into blobs (body) values (${'x'.repeat(4000)})`.execute(trx);
  });
}

const sizeOf = (file: string) => statSync(file).size;

describe('background WAL checkpoints', () => {
  it('copies committed pages into the database file from the thread, not from the serving connection', async () => {
    const { db, file } = openFile(true);
    const checkpointer = checkpointerOf(db)!;
    expect(checkpointer).toBeDefined();
    await writeTwoMegabytes(db);
    // Committed, but only in the log so far.
    expect(sizeOf(file)).toBeLessThan(100_000);
    let report = await checkpointer.nextCheckpoint();
    while (report.checkpointed === 0) report = await checkpointer.nextCheckpoint();
    expect(report.checkpointed).toBeGreaterThanOrEqual(500);
    expect(sizeOf(file)).toBeGreaterThan(2_000_000);
    const [{ n }] = (await sql<{ n: number }>`select count(*) as n from blobs`.execute(db)).rows;
    expect(n).toBe(500);
  });

  it('leaves a database without the thread to SQLite, which does not checkpoint so little', async () => {
    const { db, file } = openFile(false);
    expect(checkpointerOf(db)).toBeUndefined();
    await writeTwoMegabytes(db);
    await new Promise((r) => setTimeout(r, CHECKPOINT_EVERY_MS * 3));
    expect(sizeOf(file)).toBeLessThan(100_000);
  });

  it('ends the thread when the database is closed', async () => {
    const { db } = openFile(true);
    const checkpointer = checkpointerOf(db)!;
    await sql`select 1`.execute(db);
    await checkpointer.nextCheckpoint();
    await db.destroy();
    dbs.splice(dbs.indexOf(db), 1);
    await expect(Promise.race([checkpointer.stopped.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still running'), 5000))])).resolves.toBe('ended');
  });

  it('is what the server asks for on SQLite', () => {
    const target = databaseTargetOf({ databaseType: 'sqlite', dataDir: '/tmp/gw-data' } as Parameters<typeof databaseTargetOf>[0]);
    expect(target).toMatchObject({ type: 'sqlite', sqlitePath: '/tmp/gw-data/gateway.db', backgroundCheckpoints: true });
  });
});
