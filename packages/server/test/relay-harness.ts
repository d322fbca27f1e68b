import type { LeaseStore } from '../src/platform/lease-store.js';
import type { EventBus } from '../src/platform/cluster/event-bus.js';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ChannelType, Role } from '@gw/contracts';
import type { Config, DatabaseType } from '../src/config/config.schema.js';
import type { LogRow } from '../src/db/schema.js';
import { computeQuota, resolvePrice } from '../src/billing/price-calculator.js';
import { priceTablesOf } from '../src/relay/pipeline/pricing.js';
import { randomAlphanumeric } from '../src/platform/crypto.js';
import { nowSeconds } from '../src/platform/clock.js';
import type { CreateChannelInput } from '../src/channels/channel-routing.service.js';
import { createTestContext, createUser, markSetupDone, testConfig, type CreatedUser, type TestContext } from './test-app.js';
import { buildApp } from '../src/app.js';
import { connectTestRedis } from './test-redis.js';
import { dataEvent, startFakeUpstream, type FakeUpstream, type Reply, type Route } from './fake-upstream/index.js';

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
  createApiKey(userId: number, opts?: { remainQuota?: number; unlimited?: boolean; modelLimits?: string[]; allowIps?: string; group?: string; expiredTime?: number; status?: number; crossGroupRetry?: boolean }): Promise<{ id: number; key: string }>;
  createUser(opts?: { quota?: number; role?: number; group?: string }): Promise<CreatedUser>;
  quotaOf(userId: number): Promise<{ quota: number; used_quota: number; request_count: number }>;
  tokenOf(tokenId: number): Promise<{ remain_quota: number; used_quota: number; status: number }>;
  setOptions(values: Record<string, unknown>): Promise<void>;
  /** A model name no other test uses, priced at `ratio` (tests stay independent of each other's channels). */
  uniqueModel(ratio?: number): Promise<string>;
  /** What the gateway bills for this usage of `model` in `group` (default 'default') at the current prices. */
  quotaFor(model: string, usage: { prompt: number; completion: number; cached?: number }, group?: string, userGroup?: string): number;
  /** The official OpenAI client pointed at the gateway, without client-side retries. */
  openai(key: string): OpenAI;
  /** POSTs a JSON body to a gateway path with `Authorization: Bearer <key>`. */
  post(path: string, key: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** A user's log rows of one type (2 consume, 5 error), oldest first. */
  logsOf(userId: number, type: number): Promise<LogRow[]>;
  /** Status of every quota hold a user has had ('held', 'settled', 'refunded'). */
  holdsOf(userId: number): Promise<string[]>;
  /** Waits until every queued settlement (balances and consume logs) is committed. */
  settled(): Promise<void>;
  /** A channel (fields as given) in front of a fake upstream of its own answering chat completions with `route`; both go with the context. */
  channelOnOwnUpstream(route: Route, input?: Partial<CreateChannelInput>): Promise<{ id: number; upstream: FakeUpstream }>;
  close(): Promise<void>;
}

export interface RelayContextOptions {
  /** Environment configuration overrides (timeouts, drain window, …). */
  config?: Partial<Config>;
  /** Keep rate-limit counters (and sessions) in this Redis instead of memory. */
  redis?: Redis;
  /** Shared with other instances as a cluster worker shares them: change messages and token-concurrency slots. */
  bus?: EventBus;
  tokenLeases?: LeaseStore;
}

export async function createRelayContext(dialect: DatabaseType, routes: Record<string, Route> = {}, options: RelayContextOptions = {}): Promise<RelayContext> {
  const upstream = await startFakeUpstream({ routes });
  const ownUpstreams: FakeUpstream[] = [];
  const ctx = await createTestContext(dialect, options.config, { redis: options.redis, bus: options.bus, tokenLeases: options.tokenLeases });
  await markSetupDone(ctx.db);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const gateway = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const context: RelayContext = {
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
          cross_group_retry: opts.crossGroupRetry ? 1 : 0,
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
    quotaFor(model, usage, group = 'default', userGroup) {
      const price = resolvePrice(model, group, priceTablesOf(ctx.services.options), { userGroup });
      if (price.mode === 'unpriced') throw new Error(`${model} has no price`);
      const billing = { promptTokens: usage.prompt, completionTokens: usage.completion, cachedTokens: usage.cached ?? 0, cacheCreationTokens: 0, reasoningTokens: 0, semantic: 'openai' as const };
      return computeQuota(price, billing, ctx.services.options.get('QuotaPerUnit'));
    },
    openai: (key) => new OpenAI({ apiKey: key, baseURL: `${gateway}/v1`, maxRetries: 0 }),
    post: (path, key, body, headers = {}) =>
      fetch(`${gateway}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    logsOf: (userId, type) => ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', type).orderBy('id').execute(),
    holdsOf: async (userId) => (await ctx.db.selectFrom('quota_holds').select('status').where('user_id', '=', userId).execute()).map((h) => h.status),
    settled: () => ctx.services.billing.drain(),
    async channelOnOwnUpstream(route, input = {}) {
      const own = await startFakeUpstream({ routes: { 'POST /v1/chat/completions': route } });
      ownUpstreams.push(own);
      return { id: await context.createChannel({ base_url: own.url, ...input }), upstream: own };
    },
    async close() {
      await ctx.close();
      await Promise.all([upstream, ...ownUpstreams].map((u) => u.close()));
    },
  };
  return context;
}

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export const chatUsage = (prompt: number, completion: number): ChatUsage => ({ prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion });

/** An OpenAI chat completion as the upstream answers it. */
export const chatCompletion = (content: string, usage: ChatUsage = chatUsage(12, 8), model = 'gpt-4o-mini') => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_741_569_952,
  model,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage,
});

const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => dataEvent({ id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices, ...extra });

/** The events of an OpenAI chat stream: a role chunk, one chunk per piece, the finish chunk, the usage chunk (unless null) and [DONE]. */
export function chatStreamEvents(pieces: readonly string[], usage: ChatUsage | null = chatUsage(12, pieces.length)): string[] {
  return [
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
    ...pieces.map((p) => chunk([{ index: 0, delta: { content: p }, finish_reason: null }])),
    chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
    ...(usage ? [chunk([], { usage })] : []),
    'data: [DONE]',
  ];
}

/** A relay context with one customer: their user id and API key. */
/** What an OpenAI client read from a streamed chat completion: the text, the last finish reason and the usage chunk's usage. */
export async function readChatStream(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>): Promise<{ text: string; finish: string | null; usage: OpenAI.CompletionUsage | undefined }> {
  let text = '';
  let finish: string | null = null;
  let usage: OpenAI.CompletionUsage | undefined;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta?.content ?? '';
    finish = chunk.choices[0]?.finish_reason ?? finish;
    if (chunk.usage) usage = chunk.usage;
  }
  return { text, finish, usage };
}

export type CustomerRelayContext = RelayContext & { userId: number; key: string };

/**
 * A SQLite relay context for one describe block, with one customer: made before its tests, the upstream's
 * recorded requests forgotten after each test, closed after all. Read it through the returned getter.
 */
export function useRelayContext(routes: Record<string, Route> = {}, customerQuota = 5_000_000): () => CustomerRelayContext {
  let context: CustomerRelayContext | undefined;
  beforeAll(async () => {
    const r = await createRelayContext('sqlite', routes);
    const user = await r.createUser({ quota: customerQuota });
    context = Object.assign(r, { userId: user.id, key: (await r.createApiKey(user.id)).key });
  });
  afterEach(() => {
    if (context) context.upstream.requests.length = 0;
  });
  afterAll(() => context?.close());
  return () => context!;
}

/** A customer context with a chat-only channel of its own (see useChatOnlyChannel). */
export interface ChatOnlyChannel<Sent> {
  r: () => CustomerRelayContext;
  /** The model only this channel serves. */
  model: () => string;
  /** Sets how the upstream answers the next chat requests. */
  answerWith(make: () => Reply): void;
  /** The chat body the upstream received, the last by default. */
  sent(i?: number): Sent;
}

/**
 * useRelayContext with one chat-only channel (DeepSeek, whose base URL has no /v1) serving a model of its
 * own, for tests of what the gateway turns into chat requests (the Responses bridge).
 */
export function useChatOnlyChannel<Sent>(): ChatOnlyChannel<Sent> {
  let make: (() => Reply) | undefined;
  const context = useRelayContext({
    'POST /chat/completions': () => {
      if (!make) throw new Error('the test did not set the upstream answer (answerWith)');
      return make();
    },
  });
  let model = '';
  beforeAll(async () => {
    model = await context().uniqueModel();
    await context().createChannel({ type: ChannelType.DeepSeek, models: model });
  });
  return {
    r: context,
    model: () => model,
    answerWith: (next) => (make = next),
    sent: (i = -1) => context().upstream.requests.at(i)!.body as Sent,
  };
}

/** A SQLite relay context on the test Redis (under a key prefix of its own) for one describe block: read `r` and `redis` in its tests. */
export function useRedisRelayContext(): { readonly r: RelayContext; readonly redis: Redis; readonly prefix: string } {
  const shared = {} as { r: RelayContext; redis: Redis; prefix: string; cleanup?: () => Promise<void> };
  beforeAll(async () => {
    const t = await connectTestRedis();
    Object.assign(shared, { redis: t.redis, prefix: t.prefix, cleanup: t.cleanup });
    shared.r = await createRelayContext('sqlite', {}, { redis: t.redis });
  });
  afterAll(async () => {
    await shared.r?.close();
    await shared.cleanup?.();
  });
  return shared;
}

/**
 * Another gateway node on the context's database (and Redis, when given), listening: started after the
 * options and channels it should see exist, as a node joining the site would. Close it when done.
 */
export async function startSecondNode(r: RelayContext, redis?: Redis): Promise<{ url: string; app: Awaited<ReturnType<typeof buildApp>>['app']; close(): Promise<void> }> {
  const { app } = await buildApp({ config: testConfig('sqlite'), db: r.ctx.db, redis });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app, close: () => app.close() };
}
