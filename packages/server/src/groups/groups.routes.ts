import type { FastifyInstance } from 'fastify';
import type { OptionsService } from '../options/options.service.js';

/** GET /api/group/ (admin): the group names from GroupRatio. (Filled in by the users work.) */
export async function groupsRoutes(_app: FastifyInstance, _deps: { options: OptionsService }) {}
