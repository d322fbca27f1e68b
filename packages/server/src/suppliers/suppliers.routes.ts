import type { FastifyInstance } from 'fastify';
import { SupplierBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { requireAdmin, requireUser } from '../http/guards.js';
import type { SuppliersService } from './suppliers.service.js';

/** Suppliers under /api/supplier: the enabled list for users, and management for administrators. */
export async function suppliersRoutes(app: FastifyInstance, deps: { suppliers: SuppliersService }) {
  const { suppliers } = deps;
  app.get('/', { preHandler: requireUser }, async () => ok(await suppliers.list({ enabledOnly: true })));
  app.get('/admin/', { preHandler: requireAdmin }, async () => ok(await suppliers.list()));
  app.post('/admin/', { preHandler: requireAdmin }, async (req) => ok(await suppliers.create(parseInput(SupplierBody, req.body)), 'add success'));
  app.put('/admin/:id', { preHandler: requireAdmin }, async (req) =>
    ok(await suppliers.update(parseId((req.params as { id: string }).id), parseInput(SupplierBody, req.body)), 'update success'),
  );
}
