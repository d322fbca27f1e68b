import type { LightMyRequestResponse } from 'fastify';
import { Role } from '@gw/contracts';
import type { DatabaseType } from '../config/config.schema.js';
import { ChannelType } from '../channels/channel-types.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';
import type { LogRow } from '../db/schema.js';
import { createTestContext, createUser, markSetupDone, signIn, type CreatedUser, type SignedIn, type TestContext } from '../../test/test-app.js';
import { neverRun } from '../platform/cluster/job-lock.js';
import { TaskPoller } from './polling/task-poller.js';
import { FAKE_KEY, startFakeTaskUpstreams, type FakeTaskUpstreams } from './fake-task-upstreams.test-helpers.js';

export const MJ_MODELS = 'mj_imagine,mj_upscale,mj_variation,mj_reroll,mj_describe,mj_blend,mj_modal,mj_inpaint,mj_shorten,mj_upload,mj_zoom,mj_pan,swap_face';

/** A test app over a fresh database with the fake task upstreams, the background poller stopped (tests poll by hand). */
export interface TaskTestContext {
  ctx: TestContext;
  fake: FakeTaskUpstreams;
  channel(type: number, models: string, opts?: { key?: string; baseUrl?: string; priority?: number; name?: string; autoBan?: number; setting?: string; group?: string }): Promise<number>;
  user(quota?: number, role?: number): Promise<CreatedUser>;
  apiKey(userId: number, opts?: { remainQuota?: number; group?: string }): Promise<{ id: number; key: string }>;
  signIn(user: CreatedUser): Promise<SignedIn>;
  /** POST to a gateway path with the key as Bearer (or as mj-api-secret). */
  post(path: string, key: string, payload: unknown, opts?: { mjSecret?: boolean }): Promise<LightMyRequestResponse>;
  get(path: string, key: string): Promise<LightMyRequestResponse>;
  /** One polling round without the job lock. */
  poll(): Promise<void>;
  /** Two rounds, then three at once from two pollers: both read the same final answers and both try to apply them. */
  pollRacing(): Promise<void>;
  quotaOf(userId: number): Promise<{ quota: number; used_quota: number }>;
  tokenOf(tokenId: number): Promise<{ remain_quota: number; used_quota: number }>;
  logsOf(userId: number, type: number): Promise<LogRow[]>;
  /** Quota one call of a per-call priced model costs in the default group. */
  priceOf(model: string): number;
  close(): Promise<void>;
}

export async function createTaskTestContext(dialect: DatabaseType): Promise<TaskTestContext> {
  const fake = await startFakeTaskUpstreams();
  const ctx = await createTestContext(dialect);
  await markSetupDone(ctx.db);
  await ctx.services.tasks.poller.stop();
  const inject = ctx.app.inject.bind(ctx.app);
  return {
    ctx,
    fake,
    channel: (type, models, opts = {}) =>
      ctx.services.routing.createChannel({
        type, name: opts.name ?? `task-${randomAlphanumeric(4)}`, key: opts.key ?? FAKE_KEY, base_url: opts.baseUrl ?? fake.url,
        models, group: opts.group ?? 'default', status: 1, priority: opts.priority ?? 0, ...(opts.autoBan !== undefined ? { auto_ban: opts.autoBan } : {}),
        ...(opts.setting !== undefined ? { setting: opts.setting } : {}),
      }),
    user: (quota = 10_000_000, role = Role.User) => createUser(ctx.db, { quota, role }),
    async apiKey(userId, opts = {}) {
      const key = randomAlphanumeric(48);
      await ctx.db.insertInto('tokens').values({
        user_id: userId, key, name: `key-${randomAlphanumeric(4)}`, status: 1, created_time: nowSeconds(), expired_time: -1,
        remain_quota: opts.remainQuota ?? 0, unlimited_quota: opts.remainQuota === undefined ? 1 : 0, model_limits_enabled: 0, model_limits: '', allow_ips: '', group: opts.group ?? '',
      }).execute();
      const row = await ctx.db.selectFrom('tokens').select('id').where('key', '=', key).executeTakeFirstOrThrow();
      return { id: row.id, key: `sk-${key}` };
    },
    signIn: (user) => signIn(ctx.app, user),
    post: (path, key, payload, opts = {}) =>
      inject({ method: 'POST', url: path, headers: opts.mjSecret ? { 'mj-api-secret': key } : { authorization: `Bearer ${key}` }, payload: payload as object }),
    get: (path, key) => inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${key}` } }),
    poll: () => ctx.services.tasks.poller.pollAll(),
    async pollRacing() {
      const poller = ctx.services.tasks.poller;
      await poller.pollAll();
      await poller.pollAll();
      const other = new TaskPoller(ctx.services.tasks.deps, neverRun);
      await Promise.all([poller.pollAll(), other.pollAll(), poller.pollAll()]);
    },
    quotaOf: (userId) => ctx.db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', userId).executeTakeFirstOrThrow(),
    tokenOf: (tokenId) => ctx.db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('id', '=', tokenId).executeTakeFirstOrThrow(),
    logsOf: (userId, type) => ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', type).orderBy('id').execute(),
    priceOf: (model) => Math.round(ctx.services.options.get('ModelPrice')[model] * ctx.services.options.get('QuotaPerUnit')),
    async close() {
      await ctx.close();
      await fake.close();
    },
  };
}

export { ChannelType, FAKE_KEY };
