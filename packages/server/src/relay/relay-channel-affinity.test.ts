import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { optionRegistry } from '../options/option-registry.js';
import { chatCompletion, createRelayContext, startSecondNode, useRedisRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, type Route } from '../../test/fake-upstream/index.js';
import { json, member } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

const serverError = errorReply(500, { error: { message: 'the server had an error', type: 'server_error' } });

/** One rule keyed on the body's prompt_cache_key, for the test models only. */
const cacheRule = (extra: Record<string, unknown> = {}) => ({
  name: 'cache',
  model_regex: ['^test-model-'],
  key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }],
  include_rule_name: true,
  ...extra,
});

const AFFINITY_OFF = {
  'channel_affinity_setting.enabled': false,
  'channel_affinity_setting.switch_on_success': true,
  'channel_affinity_setting.rules': [],
  RetryTimes: 0,
};

/** Two channels of equal priority serving a fresh model, each on its own upstream answering its name. */
async function twoChannels(r: RelayContext) {
  const model = await r.uniqueModel();
  const make = async (name: string) => {
    const { id, upstream } = await r.channelOnOwnUpstream(jsonReply(chatCompletion(name)), { models: model, name });
    return { id, name, upstream, answer: (route: Route) => upstream.setRoute('POST /v1/chat/completions', route) };
  };
  return { model, a: await make('a'), b: await make('b') };
}

async function customer(r: RelayContext) {
  const user = await r.createUser();
  const { key } = await r.createApiKey(user.id);
  /** The channel name that answered, or the HTTP status of a refusal. */
  const ask = async (model: string, cacheKey?: string, base = r.gateway): Promise<string | number> => {
    const res = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...(cacheKey === undefined ? {} : { prompt_cache_key: cacheKey }) }),
    });
    if (res.status !== 200) return res.status;
    return ((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content;
  };
  return { userId: user.id, ask };
}

/** Sends 20 requests with one key to two fresh channels and expects both to serve some; answers the customer. */
async function spreadsOverBoth(r: RelayContext): Promise<number> {
  const { model } = await twoChannels(r);
  const { userId, ask } = await customer(r);
  const served = new Set<string | number>();
  for (let i = 0; i < 20; i++) served.add(await ask(model, 'conversation-one'));
  expect(served).toEqual(new Set(['a', 'b']));
  await r.settled();
  return userId;
}

describe('channel affinity', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());
  afterEach(() => r.setOptions(AFFINITY_OFF));

  const enable = (rule: Record<string, unknown> = cacheRule(), extra: Record<string, unknown> = {}) =>
    r.setOptions({ 'channel_affinity_setting.enabled': true, 'channel_affinity_setting.rules': [rule], ...extra });

  it('sends every request with one key to one channel, while different keys spread over both', async () => {
    await enable();
    const { model, a, b } = await twoChannels(r);
    const { ask } = await customer(r);
    const served = new Set<string | number>();
    for (let i = 0; i < 20; i++) served.add(await ask(model, 'conversation-one'));
    expect(served.size).toBe(1);
    expect(a.upstream.requests.length + b.upstream.requests.length).toBe(20);
    expect([a.upstream.requests.length, b.upstream.requests.length]).toContain(20);

    // Twenty other keys: each sticks to its own channel, and together they use both.
    const firstOf = new Map<string, string | number>();
    for (let i = 0; i < 20; i++) firstOf.set(`conversation-${i}`, await ask(model, `conversation-${i}`));
    for (const [cacheKey, channel] of firstOf) expect(await ask(model, cacheKey)).toBe(channel);
    expect(new Set(firstOf.values())).toEqual(new Set(['a', 'b']));
  });

  it('changes nothing while it is off: one key spreads over both channels', async () => {
    await r.setOptions({ 'channel_affinity_setting.enabled': false, 'channel_affinity_setting.rules': [cacheRule()] });
    const userId = await spreadsOverBoth(r);
    for (const log of await r.logsOf(userId, 2)) expect(JSON.parse(log.other!).admin_info.channel_affinity).toBeUndefined();
  });

  it('goes elsewhere when the remembered channel is disabled, and remembers the new one (switch_on_success)', async () => {
    await enable();
    const { model, a, b } = await twoChannels(r);
    const { ask } = await customer(r);
    const first = await ask(model, 'conversation-moves');
    const [was, other] = first === 'a' ? [a, b] : [b, a];
    await r.ctx.services.routing.disableChannel(was.id);
    expect(await ask(model, 'conversation-moves')).toBe(other.name);
    await r.ctx.services.routing.enableChannel(was.id);
    for (let i = 0; i < 5; i++) expect(await ask(model, 'conversation-moves')).toBe(other.name);
  });

  it('retries a failing remembered channel elsewhere and moves the key there, or keeps it with switch_on_success off', async () => {
    await enable(cacheRule(), { RetryTimes: 1 });
    const { model, a, b } = await twoChannels(r);
    const { userId, ask } = await customer(r);
    const first = await ask(model, 'conversation-fails');
    const [was, other] = first === 'a' ? [a, b] : [b, a];
    was.answer(serverError);
    expect(await ask(model, 'conversation-fails')).toBe(other.name);
    was.answer(jsonReply(chatCompletion(was.name)));
    for (let i = 0; i < 3; i++) expect(await ask(model, 'conversation-fails')).toBe(other.name);
    await r.settled();
    const retried = JSON.parse((await r.logsOf(userId, 2))[1].other!).admin_info;
    expect(retried.use_channel).toEqual([was.id, other.id]);
    expect(retried.route_trace[0]).toContain('channel affinity (rule "cache")');
    expect(retried.channel_affinity).toMatchObject({ channel_id: other.id, hit: false, recorded: true });

    await r.setOptions({ 'channel_affinity_setting.switch_on_success': false });
    other.answer(serverError);
    expect(await ask(model, 'conversation-fails')).toBe(was.name);
    other.answer(jsonReply(chatCompletion(other.name)));
    // The key still points at the channel it pointed at before the failure.
    for (let i = 0; i < 3; i++) expect(await ask(model, 'conversation-fails')).toBe(other.name);
  });

  it('makes a failure of the remembered channel final with skip_retry_on_failure, charging nothing', async () => {
    await enable(cacheRule({ skip_retry_on_failure: true }), { RetryTimes: 3 });
    const { model, a, b } = await twoChannels(r);
    const { userId, ask } = await customer(r);
    const was = (await ask(model, 'conversation-final')) === 'a' ? a : b;
    const other = was === a ? b : a;
    const asked = other.upstream.requests.length;
    await r.settled();
    const before = await r.quotaOf(userId);
    was.answer(serverError);
    expect(await ask(model, 'conversation-final')).toBe(500);
    expect(other.upstream.requests.length).toBe(asked);
    await r.settled();
    expect((await r.quotaOf(userId)).quota).toBe(before.quota);
    const errorLog = (await r.logsOf(userId, 5)).at(-1)!;
    expect(JSON.parse(errorLog.other!).admin_info.route_trace).toEqual([expect.stringContaining('channel affinity')]);
    // A request without the key is not bound by the rule and is retried as usual.
    expect(await ask(model)).toBe(other.name);
    was.answer(jsonReply(chatCompletion(was.name)));
  });

  it('logs the rule, a hint and a fingerprint of the key under admin_info.channel_affinity, never the key itself', async () => {
    await enable(cacheRule({ include_using_group: true }));
    const { model } = await twoChannels(r);
    const { userId, ask } = await customer(r);
    const secretKey = 'conversation-4f9a1c2e7b3d';
    const channel = await ask(model, secretKey);
    await ask(model, secretKey);
    await r.settled();
    const logs = await r.logsOf(userId, 2);
    expect(logs).toHaveLength(2);
    const fp = createHash('sha1').update(secretKey).digest('hex').slice(0, 8);
    for (const [i, log] of logs.entries()) {
      expect(log.other).not.toContain(secretKey);
      expect(log.content ?? '').not.toContain(secretKey);
      const info = JSON.parse(log.other!).admin_info.channel_affinity;
      expect(info).toEqual({ rule_name: 'cache', using_group: 'default', key_source: 'gjson', key_hint: 'conv...7b3d', key_fp: fp, channel_id: log.channel_id, hit: i === 1, recorded: true });
      expect(log.channel_name).toBe(channel);
    }
  });

  it('is not used by a request no rule matches', async () => {
    await enable(cacheRule({ path_regex: ['^/v1/responses$'] }));
    const userId = await spreadsOverBoth(r);
    expect(JSON.parse((await r.logsOf(userId, 2))[0].other!).admin_info.channel_affinity).toBeUndefined();
  });
});

describe.each(testDialects())('channel affinity cache endpoints (%s)', (dialect) => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
  });
  afterAll(() => r?.close());

  it('reports the store, clears it by rule or in all, and answers only root', async () => {
    const root = await member(r.ctx, { role: Role.Root });
    const admin = await member(r.ctx, { role: Role.Admin });
    const user = await member(r.ctx, { role: Role.User });
    const call = (method: 'GET' | 'DELETE', query: string, headers = root.session.headers) => r.ctx.app.inject({ method, url: `/api/option/channel_affinity_cache${query}`, headers });

    // The rules are checked when saved, and the server says what is wrong.
    const refused = json(await r.ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.session.headers, payload: { key: 'channel_affinity_setting.rules', value: '[{"name":"x","model_regex":["("],"key_sources":[{"type":"gjson","path":"k"}]}]' } }));
    expect(refused).toMatchObject({ success: false, message: expect.stringContaining('channel_affinity_setting.rules.0.model_regex.0 is not a valid regular expression') });

    const rules = [cacheRule(), cacheRule({ name: 'by-user', include_rule_name: false, model_regex: ['^never$'] })];
    const saved = await r.ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.session.headers, payload: [{ key: 'channel_affinity_setting.rules', value: JSON.stringify(rules) }, { key: 'channel_affinity_setting.enabled', value: 'true' }] });
    expect(json(saved).success).toBe(true);
    const { model } = await twoChannels(r);
    const { ask } = await customer(r);
    for (const k of ['k-1', 'k-2', 'k-3']) await ask(model, k);

    expect(json(await call('GET', ''))).toEqual({ success: true, message: '', data: { enabled: true, total: 3, by_rule_name: { cache: 3 }, cache_capacity: optionRegistry['channel_affinity_setting.max_entries'].default } });

    for (const who of [admin, user]) {
      expect((await call('GET', '', who.session.headers)).statusCode).toBe(403);
      expect((await call('DELETE', '?all=true', who.session.headers)).statusCode).toBe(403);
    }
    expect((await r.ctx.app.inject({ method: 'GET', url: '/api/option/channel_affinity_cache' })).statusCode).toBe(401);

    expect(json(await call('DELETE', ''))).toMatchObject({ success: false, message: 'pass all=true or a rule_name' });
    expect(json(await call('DELETE', '?rule_name=by-user'))).toMatchObject({ success: false, message: expect.stringContaining('include_rule_name') });
    expect(json(await call('DELETE', '?rule_name=nobody'))).toMatchObject({ success: false, message: 'there is no channel affinity rule named "nobody"' });
    expect(json(await call('DELETE', '?rule_name=cache'))).toEqual({ success: true, message: '', data: { deleted: 3 } });
    expect(json(await call('GET', '')).data.total).toBe(0);

    await ask(model, 'k-4');
    expect(json(await call('DELETE', '?all=true'))).toEqual({ success: true, message: '', data: { deleted: 1 } });
    expect(json(await call('GET', '')).data).toMatchObject({ total: 0, by_rule_name: { cache: 0 } });
  });
});

describe('channel affinity shared through Redis by two gateway instances', () => {
  const shared = useRedisRelayContext();

  it('sends a key to the channel the other node remembered, and both nodes see and clear one store', async () => {
    const { r, redis } = shared;
    await r.setOptions({ 'channel_affinity_setting.enabled': true, 'channel_affinity_setting.rules': [cacheRule({ ttl_seconds: 600 })] });
    const { model } = await twoChannels(r);
    // The second node starts after the options and channels exist, as a node joining the site would.
    const second = await startSecondNode(r, redis);
    try {
      const secondUrl = second.url;
      const { ask } = await customer(r);
      for (let i = 0; i < 10; i++) {
        const cacheKey = `shared-conversation-${i}`;
        const first = await ask(model, cacheKey, r.gateway);
        for (let j = 0; j < 3; j++) expect(await ask(model, cacheKey, j % 2 ? r.gateway : secondUrl)).toBe(first);
      }
      expect(await redis.ttl('channel_affinity:cache:shared-conversation-0')).toBeGreaterThan(590);

      // What Redis says wins over what a node remembers itself (another node moved the key meanwhile).
      const moving = 'shared-conversation-moving';
      const was = await ask(model, moving, secondUrl);
      const now = was === 'a' ? 'b' : 'a';
      await redis.set(`channel_affinity:cache:${moving}`, String(await idOf(r, now, model)), 'EX', 600);
      for (let j = 0; j < 3; j++) expect(await ask(model, moving, secondUrl)).toBe(now);

      const root = await member(r.ctx, { role: Role.Root });
      const stats = json(await second.app.inject({ method: 'GET', url: '/api/option/channel_affinity_cache', headers: root.session.headers }));
      expect(stats.data).toMatchObject({ enabled: true, total: 11, by_rule_name: { cache: 11 } });
      const cleared = json(await r.ctx.app.inject({ method: 'DELETE', url: '/api/option/channel_affinity_cache?all=true', headers: root.session.headers }));
      expect(cleared.data).toEqual({ deleted: 11 });
      expect(await redis.get('channel_affinity:cache:shared-conversation-0')).toBeNull();
      // Cleared everywhere: the second node no longer follows what it had in memory.
      const served = new Set<string | number>();
      for (let i = 0; i < 20; i++) {
        await redis.del('channel_affinity:cache:shared-conversation-0');
        served.add(await ask(model, 'shared-conversation-0', secondUrl));
      }
      expect(served).toEqual(new Set(['a', 'b']));
    } finally {
      await second.close();
    }
  });
});

async function idOf(r: RelayContext, name: string, model: string): Promise<number> {
  const row = await r.ctx.db.selectFrom('channels').select('id').where('name', '=', name).where('models', '=', model).executeTakeFirstOrThrow();
  return row.id;
}
