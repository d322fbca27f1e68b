import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BatchTagBody,
  ChannelListQuery,
  ChannelSearchQuery,
  ChannelStatusBatchBody,
  ChannelStatusBody,
  CopyChannelQuery,
  CreateChannelBody,
  DeleteChannelsBody,
  EditTagBody,
  FetchModelsBody,
  PageQuery,
  TagBody,
  UpdateChannelBody,
  MultiKeyManageBody,
} from '@gw/contracts';
import { ok } from '../../http/envelope.js';
import { actorOf, requireRoot } from '../../http/guards.js';
import { parseId, parseInput } from '../../http/validate.js';
import type { ChannelAdminService } from './channel-admin.service.js';
import type { ChannelTagsService } from './channel-tags.service.js';
import type { UpstreamModelsService } from './upstream-models.service.js';
import type { MultiKeyService } from '../multi-key/multi-key.service.js';

export interface ChannelAdminRouteDeps {
  channels: ChannelAdminService;
  tags: ChannelTagsService;
  upstreamModels: UpstreamModelsService;
  multiKeys: MultiKeyService;
  /** A fresh 2FA/passkey check of the caller's session (auth/secure-verification.ts), for revealing a key. */
  requireSecureVerification: (req: FastifyRequest) => Promise<void>;
}

const idParam = (params: unknown) => parseId((params as { id: string }).id);

/**
 * Channel management under /api/channel (spec 2 §7 "Channels"), top administrators only. Tests and
 * balances are in relay/channel-test. No answer here but POST /:id/key carries a channel key.
 */
export async function channelAdminRoutes(app: FastifyInstance, deps: ChannelAdminRouteDeps) {
  const { channels, tags, upstreamModels } = deps;
  const root = { preHandler: requireRoot };

  app.get('/', root, async (req) => ok(await channels.list(parseInput(ChannelListQuery, req.query), parseInput(PageQuery, req.query))));
  app.get('/search', root, async (req) => ok(await channels.search(parseInput(ChannelSearchQuery, req.query), parseInput(PageQuery, req.query))));
  app.get('/types', root, async () => ok(channels.types()));
  app.get('/models', root, async () => ok(channels.knownModels()));
  app.get('/models_enabled', root, async () => ok(await channels.enabledModels()));
  app.post('/multi_key/manage', root, async (req) => ok(await deps.multiKeys.manage(parseInput(MultiKeyManageBody, req.body))));
  app.get('/fetch_models/:id', root, async (req) => ok(await upstreamModels.forChannel(idParam(req.params))));
  app.post('/fetch_models', root, async (req) => ok(await upstreamModels.forDraft(parseInput(FetchModelsBody, req.body))));
  app.get('/:id', root, async (req) => ok(await channels.get(idParam(req.params))));
  app.post('/:id/key', { preHandler: [requireRoot, deps.requireSecureVerification] }, async (req) => ok(await channels.revealKey(idParam(req.params), actorOf(req))));

  app.post('/', root, async (req) => ok(await channels.create(parseInput(CreateChannelBody, req.body)), 'channel created'));
  app.put('/', root, async (req) => ok(await channels.update(parseInput(UpdateChannelBody, req.body)), 'channel updated'));
  app.post('/copy/:id', root, async (req) => ok(await channels.copy(idParam(req.params), parseInput(CopyChannelQuery, req.query)), 'channel copied'));
  app.post('/fix', root, async () => ok(await channels.fixAbilities()));
  // new-api's status calls: enable (1) or disable by hand (2) without sending the whole channel.
  app.post('/status/batch', root, async (req) => {
    const body = parseInput(ChannelStatusBatchBody, req.body);
    return ok(await channels.setStatuses(body.ids, body.status as 1 | 2));
  });
  app.post('/:id/status', root, async (req) => ok(await channels.setStatus(idParam(req.params), parseInput(ChannelStatusBody, req.body).status as 1 | 2)));

  app.delete('/disabled', root, async () => ok(await channels.deleteDisabled(), 'disabled channels deleted'));
  app.post('/batch', root, async (req) => ok(await channels.deleteMany(parseInput(DeleteChannelsBody, req.body).ids), 'channels deleted'));
  app.delete('/:id', root, async (req) => {
    await channels.delete(idParam(req.params));
    return ok(undefined, 'channel deleted');
  });

  app.post('/batch/tag', root, async (req) => {
    const body = parseInput(BatchTagBody, req.body);
    return ok(await tags.tagChannels(body.ids, body.tag), 'tag set');
  });
  app.post('/tag/enabled', root, async (req) => ok(await tags.setTagEnabled(parseInput(TagBody, req.body).tag, true), 'tag enabled'));
  app.post('/tag/disabled', root, async (req) => ok(await tags.setTagEnabled(parseInput(TagBody, req.body).tag, false), 'tag disabled'));
  app.get('/tag/models', root, async (req) => ok(await tags.modelsOf(parseInput(TagBody, req.query).tag)));
  app.put('/tag', root, async (req) => ok(await tags.editTag(parseInput(EditTagBody, req.body)), 'tag updated'));
}
