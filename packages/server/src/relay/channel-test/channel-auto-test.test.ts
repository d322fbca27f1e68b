import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { DbJobLock } from '../../platform/cluster/job-lock.js';
import { ChannelAutoTest } from './channel-auto-test.js';

describe('automatic channel tests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(() => ctx?.close());

  it('run only when switched on, once per interval across processes', async () => {
    const calls: number[] = [];
    const tester = { testAll: async (actor: number) => (calls.push(actor), { tested: 1, failed: 0 }) };
    const nodeA = new ChannelAutoTest(tester, ctx.services.options, new DbJobLock(ctx.db));
    const nodeB = new ChannelAutoTest(tester, ctx.services.options, new DbJobLock(ctx.db));
    expect(await nodeA.tick()).toBe(false);
    await ctx.services.options.update([{ key: 'monitor_setting.auto_test_channel_enabled', value: 'true' }, { key: 'monitor_setting.auto_test_channel_minutes', value: '10' }]);
    expect(await nodeA.tick()).toBe(true);
    expect(await nodeB.tick()).toBe(false);
    expect(await nodeA.tick()).toBe(false);
    expect(calls).toEqual([0]);
  });

  it('refuse an interval below one minute', async () => {
    const res = await ctx.services.options.update([{ key: 'monitor_setting.auto_test_channel_minutes', value: '0' }]).catch((e: Error) => e);
    expect(res).toBeInstanceOf(Error);
  });
});
