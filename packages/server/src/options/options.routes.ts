import type { FastifyInstance } from 'fastify';
import { UpdateOptionBatchBody, UpdateOptionBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { requireRoot } from '../http/guards.js';
import { parseInput } from '../http/validate.js';
import type { OptionsService } from './options.service.js';

/** Option routes under /api/option: root only, as in new-api. */
export async function optionsRoutes(app: FastifyInstance, { options }: { options: OptionsService }) {
  app.get('/', { preHandler: requireRoot }, async () => ok(options.listVisible()));

  app.put('/', { preHandler: requireRoot }, async (req) => {
    const entries = Array.isArray(req.body) ? parseInput(UpdateOptionBatchBody, req.body) : [parseInput(UpdateOptionBody, req.body)];
    await options.update(entries);
    return ok();
  });

  // new-api's spelling ("rest") is kept so existing consoles and scripts work.
  app.post('/rest_model_ratio', { preHandler: requireRoot }, async () => {
    await options.resetToDefaults(['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio', 'CreateCacheRatio', 'AudioRatio', 'AudioCompletionRatio', 'ImageRatio', 'ToolCallPrice', 'LongContextPrice']);
    return ok(undefined, 'model prices and ratios were reset to the defaults');
  });
}
