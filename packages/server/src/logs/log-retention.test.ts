import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { DbJobLock } from '../platform/cluster/job-lock.js';
import { nowSeconds } from '../platform/clock.js';
import { LogRetention } from './log-retention.js';

describe.each(testDialects())('log retention (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  it('keeps everything by default, then deletes logs older than the retention once a day site-wide', async () => {
    const now = nowSeconds();
    const log = (daysAgo: number) => ({ user_id: 1, created_at: now - daysAgo * 86_400 - 60, type: 2, content: `${daysAgo}d`, quota: 10 });
    await ctx.db.insertInto('logs').values([log(40), log(31), log(29), log(1)]).execute();
    const a = new LogRetention(ctx.services.logs, ctx.services.options, new DbJobLock(ctx.db));
    const b = new LogRetention(ctx.services.logs, ctx.services.options, new DbJobLock(ctx.db));
    expect(await a.tick()).toBeNull();
    await ctx.services.options.update([{ key: 'LogRetentionDays', value: '30' }]);
    expect(await a.tick()).toBe(2);
    expect(await b.tick()).toBeNull();
    const left = await ctx.db.selectFrom('logs').select('content').orderBy('created_at').execute();
    expect(left.map((l) => l.content)).toEqual(['29d', '1d']);
  });

  it('refuses a negative retention', async () => {
    await expect(ctx.services.options.update([{ key: 'LogRetentionDays', value: '-1' }])).rejects.toThrow();
  });
});
