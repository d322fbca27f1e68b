import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { LogCounters, settledLogBound } from './log-counters.js';
import { logsRepository, type LogFilter } from './logs.repository.js';
import { LogType } from './log-types.js';
import { consumeLog } from './logs.test-helpers.js';

const HOUR = 3600;
/** An hour boundary well in the past, so every seeded log counts as settled. */
const BASE = Math.floor((Date.now() / 1000 - 30 * 24 * HOUR) / HOUR) * HOUR;

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
}

describe.each(testDialects())('log counters (%s)', (dialect) => {
  let database: TestDatabase;
  let counters: LogCounters;
  const random = prng(11);

  const insertSpread = async (n: number, fromOffset: number) => {
    const rows = Array.from({ length: n }, (_, i) =>
      consumeLog({
        user_id: 1,
        username: 'u',
        created_at: BASE + fromOffset + instant(6),
        type: [LogType.Consume, LogType.Consume, LogType.Error, LogType.TopUp][i % 4],
        quota: Math.floor(random() * 1000),
      }),
    );
    // Inserted out of time order, as several settlement batches would.
    await logsRepository.insertMany(database.db, rows);
  };

  /** A second within `hours` hours of BASE; a third of them on or next to an hour boundary, where off-by-ones live. */
  const instant = (hours: number) => {
    if (random() < 0.33) return Math.floor(random() * hours) * HOUR + [-1, 0, 1][Math.floor(random() * 3)];
    return Math.floor(random() * hours * HOUR);
  };

  /** What a full count says: rows of the filter, and consume quota of its time range. */
  const direct = async (f: LogFilter) => ({
    count: await logsRepository.count(database.db, f),
    quota: await logsRepository.consumeQuota(database.db, { start: f.start, end: f.end }),
  });
  /** What the counters say, to compare. */
  const viaCounters = async (c: LogCounters, f: LogFilter) => ({ count: await c.count(f), quota: await c.consumeQuota({ start: f.start, end: f.end }) });

  const randomFilter = (): LogFilter => {
    const pick = random();
    const start = pick < 0.2 ? undefined : BASE + instant(8) - HOUR;
    const end = pick > 0.8 ? undefined : (start ?? BASE) + instant(5);
    const type = random() < 0.3 ? undefined : [LogType.Consume, LogType.Error, LogType.TopUp][Math.floor(random() * 3)];
    return { type, start, end };
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    counters = new LogCounters(database.db, { settleSeconds: 0 });
  });
  afterAll(() => database?.drop());

  it('answers exactly what a full count answers, before and after the watermark moves and logs arrive', async () => {
    await insertSpread(300, 0);
    const check = async (label: string) => {
      for (let i = 0; i < 150; i++) {
        const f = randomFilter();
        expect(await viaCounters(counters, f), `${label} ${JSON.stringify(f)}`).toEqual(await direct(f));
      }
      expect(await viaCounters(counters, {}), label).toEqual(await direct({}));
      expect(await viaCounters(counters, { start: BASE + 90, end: BASE + 100 }), label).toEqual(await direct({ start: BASE + 90, end: BASE + 100 }));
      expect(await viaCounters(counters, { start: BASE + HOUR, end: BASE + 2 * HOUR - 1 }), label).toEqual(await direct({ start: BASE + HOUR, end: BASE + 2 * HOUR - 1 }));
    };
    await check('nothing folded');
    await counters.advance();
    await check('all folded');
    await insertSpread(200, 2 * HOUR);
    await check('some past the watermark');
    await counters.advance();
    await check('folded again');
    const stored = await database.db.selectFrom('log_counts').select((eb) => eb.fn.sum<number>('count').as('n')).executeTakeFirst();
    expect(Number(stored?.n)).toBe(500);
  });

  it('takes deleted logs off the stored hours, and drops hours left empty', async () => {
    const before = await direct({});
    const cutoff = BASE + 2 * HOUR + 1234;
    const doomed = (await direct({ end: cutoff - 1 })).count;
    let deleted = 0;
    for (let n; (n = await counters.deleteOlderThan(cutoff, 37)) > 0; ) deleted += n;
    expect(deleted).toBe(doomed);
    expect(await viaCounters(counters, {})).toEqual({ count: before.count - doomed, quota: (await direct({})).quota });
    expect(await viaCounters(counters, { type: LogType.Consume, end: BASE + 3 * HOUR })).toEqual(await direct({ type: LogType.Consume, end: BASE + 3 * HOUR }));
    const emptied = await database.db.selectFrom('log_counts').select('hour').where('hour', '<', BASE + 2 * HOUR).execute();
    expect(emptied).toEqual([]);
  });

  it('never folds a log younger than the settle time, nor anything after it', async () => {
    const now = Math.floor(Date.now() / 1000);
    await logsRepository.insertMany(database.db, [consumeLog({ user_id: 1, username: 'u', created_at: now - 10, request_id: 'young' })]);
    await logsRepository.insertMany(database.db, [consumeLog({ user_id: 1, username: 'u', created_at: BASE + HOUR, request_id: 'old-after-young' })]);
    const youngId = (await database.db.selectFrom('logs').select('id').where('request_id', '=', 'young').executeTakeFirstOrThrow()).id;
    expect(await settledLogBound(database.db, 0, now - 60)).toBe(youngId - 1);
    const strict = new LogCounters(database.db, { settleSeconds: 60 });
    await strict.advance();
    const mark = await database.db.selectFrom('aggregation_watermarks').select('last_id').where('name', '=', 'log_counts').executeTakeFirstOrThrow();
    expect(Number(mark.last_id)).toBe(youngId - 1);
    expect(await viaCounters(strict, {})).toEqual(await direct({}));
  });

  it('lets advances race, in chunks of any size, without counting anything twice', async () => {
    await insertSpread(120, 0);
    const other = new LogCounters(database.db, { settleSeconds: 0, chunk: 7 });
    const third = new LogCounters(database.db, { settleSeconds: 0, chunk: 50 });
    await Promise.all([counters.advance(), other.advance(), third.advance(), other.advance()]);
    const stored = await database.db.selectFrom('log_counts').select((eb) => eb.fn.sum<number>('count').as('n')).executeTakeFirst();
    expect(Number(stored?.n)).toBe((await direct({})).count);
  });

  it('advances on its own timer once started, and stops', async () => {
    await insertSpread(10, 0);
    const mark = async () => Number((await database.db.selectFrom('aggregation_watermarks').select('last_id').where('name', '=', 'log_counts').executeTakeFirstOrThrow()).last_id);
    const top = await logsRepository.maxId(database.db);
    expect(await mark()).toBeLessThan(top);
    const timed = new LogCounters(database.db, { settleSeconds: 0 });
    timed.start(5);
    for (let i = 0; i < 200 && (await mark()) < top; i++) await new Promise((r) => setTimeout(r, 10));
    await timed.stop();
    expect(await mark()).toBe(top);
  });
});
