import type { FastifyInstance } from 'fastify';
import type { OptionsService } from './options.service.js';

/** Option routes under /api/option (root only). (Filled in by the options work.) */
export async function optionsRoutes(_app: FastifyInstance, _deps: { options: OptionsService }) {}
