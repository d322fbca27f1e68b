import { afterEach, describe, expect, it } from 'vitest';
import { ensurePostgres, ledger, restartPostgres, runLoad, settleEverything, startRedis, startTwoNodes, stopRedis, type TwoNodes } from './two-nodes.js';

/**
 * Two nodes on the machine's PostgreSQL and Redis under concurrent load from one token, with the
 * services failing underneath. These stop and start real services, so they run alone, after every
 * other test (vitest.faults.config.ts), and always put the services back.
 */
describe('two nodes under load', () => {
  let t: TwoNodes | undefined;
  afterEach(async () => {
    ensurePostgres();
    startRedis();
    await t?.close();
    t = undefined;
  });

  const expectExactBooks = async (okCount: number) => {
    await settleEverything(t!);
    const books = await ledger(t!);
    expect(books.logCount).toBe(okCount);
    expect(books.userSpent).toBe(books.logSum);
    expect(books.userUsed).toBe(books.logSum);
    expect(books.tokenSpent).toBe(books.logSum);
    expect(books.tokenUsed).toBe(books.logSum);
    expect(books.openHolds).toBe(0);
    return books;
  };

  it('charges exactly the sum of the logs, whichever node serves', async () => {
    t = await startTwoNodes();
    const load = await runLoad(t, 4000, 10);
    expect(load.failed).toBe(0);
    expect(load.ok).toBeGreaterThan(50);
    const books = await expectExactBooks(load.ok);
    expect(books.logSum).toBeGreaterThan(0);
  });

  it('survives a PostgreSQL restart mid-load: connections recover, nothing is charged twice, failures are refunded', async () => {
    t = await startTwoNodes();
    let restarted = false;
    const load = await runLoad(t, 9000, 8, (elapsed) => {
      if (!restarted && elapsed > 2000) {
        restarted = true;
        restartPostgres();
      }
    });
    expect(restarted).toBe(true);
    expect(load.okAtEnd).toBeGreaterThan(0);
    expect([...load.statuses.keys()].every((s) => s === 200 || s >= 500 || s === 0)).toBe(true);
    await expectExactBooks(load.ok);
  }, 120_000);

  it('keeps serving while Redis is stopped and started mid-load (rate limits fall back to the process)', async () => {
    t = await startTwoNodes();
    await t.nodes[0].services.options.update([
      { key: 'ModelRequestRateLimitEnabled', value: 'true' },
      { key: 'ModelRequestRateLimitCount', value: '100000' },
      { key: 'ModelRequestRateLimitSuccessCount', value: '100000' },
    ]);
    await new Promise((r) => setTimeout(r, 500));
    let stopped = false;
    let started = false;
    const load = await runLoad(t, 7000, 8, (elapsed) => {
      if (!stopped && elapsed > 1500) {
        stopped = true;
        stopRedis();
      }
      if (stopped && !started && elapsed > 4000) {
        started = true;
        startRedis();
      }
    });
    expect(stopped && started).toBe(true);
    expect(load.failed).toBe(0);
    await expectExactBooks(load.ok);
    // The nodes talk through Redis again: an option saved on one reaches the other.
    await new Promise((r) => setTimeout(r, 2000));
    await t.nodes[0].services.options.update([{ key: 'SystemName', value: 'after the outage' }]);
    const end = Date.now() + 5000;
    while (t.nodes[1].services.options.get('SystemName') !== 'after the outage' && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(t.nodes[1].services.options.get('SystemName')).toBe('after the outage');
  }, 120_000);
});
