import type { AddressInfo } from 'node:net';
import { Role } from '@gw/contracts';
import type { DatabaseType } from '../src/config/config.schema.js';
import { randomAlphanumeric } from '../src/platform/crypto.js';
import { nowSeconds } from '../src/platform/clock.js';
import type { CreateChannelInput } from '../src/channels/channel-routing.service.js';
import { createTestContext, createUser, markSetupDone, type CreatedUser, type TestContext } from './test-app.js';
import { startFakeUpstream, type FakeUpstream, type Route } from './fake-upstream/index.js';

/**
 * A running gateway (real HTTP on a random port, so the official SDKs can call it) over a fresh
 * database, with a fake upstream provider and factories for channels, users and API keys.
 */
export interface RelayContext {
  ctx: TestContext;
  /** http://127.0.0.1:<port> of the gateway. */
  gateway: string;
  upstream: FakeUpstream;
  createChannel(input?: Partial<CreateChannelInput>): Promise<number>;
  createApiKey(userId: number, opts?: { remainQuota?: number; unlimited?: boolean; modelLimits?: string[]; allowIps?: string; group?: string; expiredTime?: number; status?: number }): Promise<{ id: number; key: string }>;
  createUser(opts?: { quota?: number; role?: number; group?: string }): Promise<CreatedUser>;
  quotaOf(userId: number): Promise<{ quota: number; used_quota: number; request_count: number }>;
  tokenOf(tokenId: number): Promise<{ remain_quota: number; used_quota: number; status: number }>;
  setOptions(values: Record<string, unknown>): Promise<void>;
  /** A model name no other test uses, priced at `ratio` (tests stay independent of each other's channels). */
  uniqueModel(ratio?: number): Promise<string>;
  close(): Promise<void>;
}

export async function createRelayContext(dialect: DatabaseType, routes: Record<string, Route> = {}): Promise<RelayContext> {
  const upstream = await startFakeUpstream({ routes });
  const ctx = await createTestContext(dialect);
  await markSetupDone(ctx.db);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const gateway = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  return {
    ctx,
    gateway,
    upstream,
    createChannel: (input = {}) =>
      ctx.services.routing.createChannel({
        type: 1,
        name: `fake-${randomAlphanumeric(4)}`,
        key: 'sk-upstream-secret',
        base_url: upstream.url,
        models: 'gpt-4o-mini,gpt-4o',
        group: 'default',
        status: 1,
        ...input,
      }),
    async createApiKey(userId, opts = {}) {
      const key = randomAlphanumeric(48);
      const row = await ctx.db
        .insertInto('tokens')
        .values({
          user_id: userId,
          key,
          name: `key-${randomAlphanumeric(4)}`,
          status: opts.status ?? 1,
          created_time: nowSeconds(),
          expired_time: opts.expiredTime ?? -1,
          remain_quota: opts.remainQuota ?? 0,
          unlimited_quota: (opts.unlimited ?? opts.remainQuota === undefined) ? 1 : 0,
          model_limits_enabled: opts.modelLimits ? 1 : 0,
          model_limits: opts.modelLimits?.join(',') ?? '',
          allow_ips: opts.allowIps ?? '',
          group: opts.group ?? '',
        })
        .executeTakeFirst();
      const id = Number(row.insertId ?? (await ctx.db.selectFrom('tokens').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id);
      return { id, key: `sk-${key}` };
    },
    createUser: (opts = {}) => createUser(ctx.db, { quota: opts.quota ?? 10_000_000, role: opts.role ?? Role.User, group: opts.group }),
    quotaOf: (userId) => ctx.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', userId).executeTakeFirstOrThrow(),
    tokenOf: (tokenId) => ctx.db.selectFrom('tokens').select(['remain_quota', 'used_quota', 'status']).where('id', '=', tokenId).executeTakeFirstOrThrow(),
    setOptions: (values) => ctx.services.options.set(values as never),
    async uniqueModel(ratio = 1) {
      const name = `test-model-${randomAlphanumeric(6).toLowerCase()}`;
      await ctx.services.options.set({ ModelRatio: { ...ctx.services.options.get('ModelRatio'), [name]: ratio } });
      return name;
    },
    async close() {
      await ctx.close();
      await upstream.close();
    },
  };
}
