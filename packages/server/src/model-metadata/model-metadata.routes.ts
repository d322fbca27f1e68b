import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ModelMetaSearchQuery, PageQuery, StatusOnlyQuery, SyncPreviewQuery, SyncUpstreamBody, VendorSearchQuery } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { requireAdmin, requireUser } from '../http/guards.js';
import { parseId, parseInput } from '../http/validate.js';
import type { PricingService } from '../pricing/pricing.service.js';
import type { ModelMetadataService } from './model-metadata.service.js';
import type { MetadataSyncService } from './metadata-sync.service.js';

interface Deps {
  modelMetadata: ModelMetadataService;
  metadataSync: MetadataSyncService;
  pricing: PricingService;
}

const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

/** Whether the path ends with a slash: new-api tells GET /api/models/ (metadata) from GET /api/models (the catalogue) by it. */
const slashed = (req: FastifyRequest) => (req.url.split('?', 1)[0] ?? '').endsWith('/');

/**
 * /api/models (prefix). GET /api/models is the signed-in user's channel type → model names catalogue
 * (spec); GET /api/models/ with the slash and everything below are new-api's model metadata, for
 * administrators: list and search (paged, with counts per vendor), missing (served models without
 * metadata), get, create, update (the id in the body; ?status_only=true changes only the status), delete.
 */
export async function modelMetadataRoutes(app: FastifyInstance, deps: Deps) {
  const { modelMetadata, metadataSync, pricing } = deps;
  const list = (req: FastifyRequest) => modelMetadata.search(parseInput(ModelMetaSearchQuery, req.query), parseInput(PageQuery, req.query));

  app.get('/', async (req) => {
    if (!slashed(req)) {
      await requireUser(req);
      return ok(pricing.channelTypeModels());
    }
    await requireAdmin(req);
    return ok(await list(req));
  });
  app.get('/search', { preHandler: requireAdmin }, async (req) => ok(await list(req)));
  app.get('/missing', { preHandler: requireAdmin }, async () => ok(await modelMetadata.missing()));
  app.get('/sync_upstream/preview', { preHandler: requireAdmin }, async (req) => ok(await metadataSync.preview(parseInput(SyncPreviewQuery, req.query).locale)));
  app.post('/sync_upstream', { preHandler: requireAdmin }, async (req) => ok(await metadataSync.sync(parseInput(SyncUpstreamBody, req.body))));
  app.get('/:id', { preHandler: requireAdmin }, async (req) => ok(await modelMetadata.get(idOf(req))));
  app.post('/', { preHandler: requireAdmin }, async (req) => ok(await modelMetadata.create(req.body)));
  app.put('/', { preHandler: requireAdmin }, async (req) => ok(await modelMetadata.update(req.body, parseInput(StatusOnlyQuery, req.query).status_only)));
  app.delete('/:id', { preHandler: requireAdmin }, async (req) => {
    await modelMetadata.remove(idOf(req));
    return ok();
  });
}

/** /api/vendors (prefix, administrators): list, search, get, create, update (the id in the body), delete. */
export async function vendorsRoutes(app: FastifyInstance, deps: Pick<Deps, 'modelMetadata'>) {
  const { modelMetadata } = deps;
  const list = (req: FastifyRequest) => modelMetadata.searchVendors(parseInput(VendorSearchQuery, req.query).keyword, parseInput(PageQuery, req.query));
  app.get('/', { preHandler: requireAdmin }, async (req) => ok(await list(req)));
  app.get('/search', { preHandler: requireAdmin }, async (req) => ok(await list(req)));
  app.get('/:id', { preHandler: requireAdmin }, async (req) => ok(await modelMetadata.getVendor(idOf(req))));
  app.post('/', { preHandler: requireAdmin }, async (req) => ok(await modelMetadata.createVendor(req.body)));
  app.put('/', { preHandler: requireAdmin }, async (req) => ok(await modelMetadata.updateVendor(req.body)));
  app.delete('/:id', { preHandler: requireAdmin }, async (req) => {
    await modelMetadata.removeVendor(idOf(req));
    return ok();
  });
}
