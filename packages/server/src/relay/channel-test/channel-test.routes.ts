import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { actorOf, requireRoot } from '../../http/guards.js';
import { parseId } from '../../http/validate.js';
import type { JobLock } from '../../platform/cluster/job-lock.js';
import type { ChannelTester } from './channel-tester.js';

/**
 * How long a test of all channels holds its site-wide lock at most: it is released when the run ends,
 * and lapses after this if the process running it dies.
 */
const TEST_ALL_LOCK_MS = 60 * 60_000;

/** Channel tests and balances under /api/channel (top administrators, like the rest of channel management). */
export async function channelTestRoutes(app: FastifyInstance, { tester, jobLock }: { tester: ChannelTester; jobLock: JobLock }) {

  // new-api answers the test with success/message/time at the top level; `data` repeats them.
  app.get('/test/:id', { preHandler: requireRoot }, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    const model = (req.query as { model?: string }).model;
    const result = await tester.test(id, typeof model === 'string' ? model : undefined, actorOf(req).id);
    return { success: result.success, message: result.message, time: result.time, data: result };
  });

  // One run at a time across the site's processes and nodes (the job lock), answered at once: the run
  // goes on in the background once the lock is taken.
  app.get('/test', { preHandler: requireRoot }, async (req) => {
    const actor = actorOf(req).id;
    const started = await new Promise<boolean>((resolve) => {
      jobLock
        .tryRun('channel-test-all', TEST_ALL_LOCK_MS, async () => {
          resolve(true);
          await tester.testAll(actor);
        })
        .then((ran) => resolve(ran))
        .catch((err) => {
          req.log.error({ err }, 'testing all channels failed');
          resolve(false);
        });
    });
    if (!started) return ok({ started: false }, 'a test of all channels is already running');
    return ok({ started: true }, 'testing all channels has started; refresh the list to see the results');
  });

  app.get('/update_balance', { preHandler: requireRoot }, async () => ok(await tester.updateAllBalances()));

  app.get('/update_balance/:id', { preHandler: requireRoot }, async (req) => {
    const balance = await tester.updateBalance(parseId((req.params as { id: string }).id));
    return { success: true, message: '', balance, data: { balance } };
  });
}
