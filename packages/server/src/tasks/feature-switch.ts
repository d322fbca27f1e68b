import type { FastifyInstance } from 'fastify';
import type { OptionsService } from '../options/options.service.js';
import { RelayError } from '../relay/relay-error.js';

/**
 * Refuses every route of a task relay while its site switch is off (DrawingEnabled for Midjourney,
 * TaskEnabled for Suno and video), before any key check, charge or upstream call.
 */
export function requireSwitch(app: FastifyInstance, options: OptionsService, key: 'DrawingEnabled' | 'TaskEnabled', what: string): void {
  app.addHook('onRequest', async () => {
    if (!options.get(key)) throw new RelayError(403, 'feature_disabled', `${what} is turned off on this site`, 'client', 'invalid_request_error');
  });
}
