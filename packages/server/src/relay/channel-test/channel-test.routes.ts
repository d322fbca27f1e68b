import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { actorOf, requireRoot } from '../../http/guards.js';
import { parseId } from '../../http/validate.js';
import type { ChannelTester } from './channel-tester.js';

/** Channel tests and balances under /api/channel (top administrators, like the rest of channel management). */
export async function channelTestRoutes(app: FastifyInstance, { tester }: { tester: ChannelTester }) {
  let testAllRunning = false;

  // new-api answers the test with success/message/time at the top level; `data` repeats them.
  app.get('/test/:id', { preHandler: requireRoot }, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    const model = (req.query as { model?: string }).model;
    const result = await tester.test(id, typeof model === 'string' ? model : undefined, actorOf(req).id);
    return { success: result.success, message: result.message, time: result.time, data: result };
  });

  app.get('/test', { preHandler: requireRoot }, async (req) => {
    if (testAllRunning) return ok({ started: false }, 'a test of all channels is already running');
    testAllRunning = true;
    const actor = actorOf(req).id;
    void tester
      .testAll(actor)
      .catch((err) => req.log.error({ err }, 'testing all channels failed'))
      .finally(() => (testAllRunning = false));
    return ok({ started: true }, 'testing all channels has started; refresh the list to see the results');
  });

  app.get('/update_balance', { preHandler: requireRoot }, async () => ok(await tester.updateAllBalances()));

  app.get('/update_balance/:id', { preHandler: requireRoot }, async (req) => {
    const balance = await tester.updateBalance(parseId((req.params as { id: string }).id));
    return { success: true, message: '', balance, data: { balance } };
  });
}
