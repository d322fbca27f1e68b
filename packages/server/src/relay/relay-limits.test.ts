import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, createRelayContext, startSecondNode, useRedisRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply } from '../../test/fake-upstream/index.js';
import { connectTestRedis } from '../../test/test-redis.js';

const LIMIT_OFF = { ModelRequestRateLimitEnabled: false, ModelRequestRateLimitCount: 0, ModelRequestRateLimitSuccessCount: 1000, ModelRequestRateLimitDurationMinutes: 1, ModelRequestRateLimitGroup: {} };

const chatBody = (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }] });

/** The per-user model request limits, run against the memory limiter and against Redis. */
function requestLimitSuite(name: string, setup: () => Promise<{ r: RelayContext; teardown: () => Promise<void> }>) {
  describe(`per-user model request limits (${name})`, () => {
    let r: RelayContext;
    let teardown: () => Promise<void>;
    let model: string;
    beforeAll(async () => {
      ({ r, teardown } = await setup());
      model = await r.uniqueModel();
      await r.createChannel({ models: model });
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(5, 5))));
    });
    afterAll(() => teardown?.());
    afterEach(() => r.setOptions(LIMIT_OFF));

    it('refuses the fourth request in a minute with 429, x-ratelimit headers and Retry-After when Count is 3', async () => {
      await r.setOptions({ ModelRequestRateLimitEnabled: true, ModelRequestRateLimitCount: 3 });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await r.post('/v1/chat/completions', token.key, chatBody(model));
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-limit-requests')).toBe('3');
        remaining.push(res.headers.get('x-ratelimit-remaining-requests'));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await r.post('/v1/chat/completions', token.key, chatBody(model));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-ratelimit-limit-requests')).toBe('3');
      expect(refused.headers.get('x-ratelimit-remaining-requests')).toBe('0');
      expect(refused.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+s$/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
      await expect.poll(async () => (await r.quotaOf(user.id)).request_count).toBe(3);
    });

    it('refuses a third successful request when SuccessCount is 2, failures not counted', async () => {
      await r.setOptions({ ModelRequestRateLimitEnabled: true, ModelRequestRateLimitSuccessCount: 2 });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const ownModel = await r.uniqueModel();
      await r.createChannel({ models: ownModel });
      r.upstream.setRoute('POST /v1/chat/completions', [
        errorReply(400, { error: { message: 'bad request', type: 'invalid_request_error' } }),
        jsonReply(chatCompletion('ok', chatUsage(5, 5))),
      ]);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await r.post('/v1/chat/completions', token.key, chatBody(ownModel))).status);
      expect(statuses).toEqual([400, 200, 200, 429]);
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(5, 5))));
    });

    it('takes the pair ModelRequestRateLimitGroup sets for the key\'s group (the token\'s, else its owner\'s)', async () => {
      await r.setOptions({ ModelRequestRateLimitEnabled: true, ModelRequestRateLimitCount: 5, ModelRequestRateLimitGroup: { vip: [2, 1000], svip: [0, 1] } });
      const everyGroup = await r.uniqueModel();
      await r.createChannel({ models: everyGroup, group: 'default,vip,svip' });
      const statusesOf = async (key: string, n: number) => {
        const statuses: number[] = [];
        for (let i = 0; i < n; i++) statuses.push((await r.post('/v1/chat/completions', key, chatBody(everyGroup))).status);
        return statuses;
      };
      // A token's own group wins over its owner's (default here).
      const vipToken = await r.createApiKey((await r.createUser()).id, { group: 'vip' });
      expect(await statusesOf(vipToken.key, 3)).toEqual([200, 200, 429]);
      // A token without a group takes its owner's: svip allows one successful request, whatever the count.
      const svipUser = await r.createUser({ group: 'svip' });
      expect(await statusesOf((await r.createApiKey(svipUser.id)).key, 2)).toEqual([200, 429]);
      // A group without its own pair keeps the global Count.
      expect(await statusesOf((await r.createApiKey((await r.createUser()).id)).key, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('shares one limit across the tokens of a user and keeps users independent', async () => {
      await r.setOptions({ ModelRequestRateLimitEnabled: true, ModelRequestRateLimitCount: 3 });
      const user = await r.createUser();
      const first = await r.createApiKey(user.id);
      const second = await r.createApiKey(user.id);
      const statuses: number[] = [];
      for (const key of [first.key, second.key, first.key, second.key]) statuses.push((await r.post('/v1/chat/completions', key, chatBody(model))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);

      const other = await r.createUser();
      const otherKey = await r.createApiKey(other.id);
      expect((await r.post('/v1/chat/completions', otherKey.key, chatBody(model))).status).toBe(200);
    });
  });
}

requestLimitSuite('memory', async () => {
  const r = await createRelayContext('sqlite');
  return { r, teardown: () => r.close() };
});

requestLimitSuite('redis', async () => {
  const { redis, cleanup } = await connectTestRedis();
  const r = await createRelayContext('sqlite', {}, { redis });
  return {
    r,
    teardown: async () => {
      await r.close();
      await cleanup();
    },
  };
});

describe('two gateway instances sharing one Redis', () => {
  const shared = useRedisRelayContext();

  it('enforce one limit between them', async () => {
    const { r, redis, prefix } = shared;
    await r.setOptions({ ModelRequestRateLimitEnabled: true, ModelRequestRateLimitCount: 3 });
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(5, 5))));
    // The second node starts after the options and the channel exist, as a node joining the cluster would.
    const second = await startSecondNode(r, redis);
    try {
      const secondUrl = second.url;
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const postTo = (base: string) =>
        fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' }, body: JSON.stringify(chatBody(model)) });
      const statuses: number[] = [];
      for (const base of [r.gateway, secondUrl, r.gateway, secondUrl, r.gateway]) statuses.push((await postTo(base)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(Number(await redis.get(`rl:model-all:${user.id}`))).toBe(5);
      expect(await redis.keys(`${prefix}rl:model-all:${user.id}`)).toHaveLength(1);

      // Twenty requests at once, spread over both nodes: exactly three get through.
      const burstUser = await r.createUser();
      const burstKey = await r.createApiKey(burstUser.id);
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${i % 2 ? secondUrl : r.gateway}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${burstKey.key}`, 'content-type': 'application/json' }, body: JSON.stringify(chatBody(model)) }).then((res) => res.status),
        ),
      );
      expect(burst.filter((status) => status === 200)).toHaveLength(3);
      expect(burst.filter((status) => status === 429)).toHaveLength(17);
    } finally {
      await second.close();
    }
  });
});

describe('sensitive words', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(5, 5))));
  });
  afterAll(() => r?.close());
  afterEach(async () => {
    await r.setOptions({ CheckSensitiveEnabled: false, SensitiveWords: [], StopOnSensitiveEnabled: true });
    r.upstream.requests.length = 0;
  });

  const prompt = { model: '', messages: [{ role: 'system', content: 'be kind' }, { role: 'user', content: 'please explain the Forbidden-Topic to me' }] };

  it('refuses a prompt with a configured word with 400, before any upstream call or charge', async () => {
    await r.setOptions({ CheckSensitiveEnabled: true, SensitiveWords: ['forbidden-topic'] });
    const user = await r.createUser({ quota: 1_000_000 });
    const token = await r.createApiKey(user.id, { remainQuota: 500_000 });
    const res = await r.post('/v1/chat/completions', token.key, { ...prompt, model });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; type: string; message: string } };
    expect(body.error).toMatchObject({ code: 'sensitive_words_detected', type: 'invalid_request_error' });
    expect(body.error.message).toContain('forbidden-topic');
    expect(r.upstream.requests).toHaveLength(0);
    expect(await r.quotaOf(user.id)).toEqual({ quota: 1_000_000, used_quota: 0, request_count: 0 });
    expect((await r.tokenOf(token.id)).remain_quota).toBe(500_000);
    expect(await r.holdsOf(user.id)).toEqual([]);
  });

  it('checks tool results too', async () => {
    await r.setOptions({ CheckSensitiveEnabled: true, SensitiveWords: ['forbidden-topic'] });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await r.post('/v1/chat/completions', token.key, {
      model,
      messages: [
        { role: 'user', content: 'look it up' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'result: forbidden-topic details' },
      ],
    });
    expect(res.status).toBe(400);
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('masks the words and relays the prompt when StopOnSensitiveEnabled is off', async () => {
    await r.setOptions({ CheckSensitiveEnabled: true, SensitiveWords: ['forbidden-topic'], StopOnSensitiveEnabled: false });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await r.post('/v1/chat/completions', token.key, { ...prompt, model });
    expect(res.status).toBe(200);
    expect(r.upstream.requests).toHaveLength(1);
    expect(r.upstream.requests[0].body).toMatchObject({
      messages: [{ role: 'system', content: 'be kind' }, { role: 'user', content: 'please explain the **###** to me' }],
    });
    await r.settled();
    expect((await r.quotaOf(user.id)).request_count).toBe(1);
  });

  it('lets the same prompt through when the check is off', async () => {
    await r.setOptions({ CheckSensitiveEnabled: false, SensitiveWords: ['forbidden-topic'] });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await r.post('/v1/chat/completions', token.key, { ...prompt, model });
    expect(res.status).toBe(200);
    expect(r.upstream.requests).toHaveLength(1);
  });
});

describe('free models and quota_setting.enable_free_model_pre_consume', () => {
  let r: RelayContext;
  let free: string;
  let paid: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    free = await r.uniqueModel(0);
    paid = await r.uniqueModel(1);
    await r.createChannel({ models: `${free},${paid}` });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(5, 5))));
  });
  afterAll(() => r?.close());
  afterEach(() => r.setOptions({ 'quota_setting.enable_free_model_pre_consume': true }));

  it('refuses a user with no balance even a free model while the option is on (the default)', async () => {
    const poor = await r.createUser({ quota: 0 });
    const key = await r.createApiKey(poor.id);
    const res = await r.post('/v1/chat/completions', key.key, chatBody(free));
    expect(res.status).toBe(429);
  });

  it('serves a free model to a user with no balance when it is off, holding and charging nothing', async () => {
    await r.setOptions({ 'quota_setting.enable_free_model_pre_consume': false });
    const poor = await r.createUser({ quota: 0 });
    const key = await r.createApiKey(poor.id);
    const res = await r.post('/v1/chat/completions', key.key, chatBody(free));
    expect(res.status, await res.clone().text()).toBe(200);
    await r.settled();
    expect(await r.quotaOf(poor.id)).toEqual({ quota: 0, used_quota: 0, request_count: 1 });
    expect(await r.holdsOf(poor.id)).toEqual([]);
    const [log] = await r.logsOf(poor.id, 2);
    expect(log).toMatchObject({ model_name: free, quota: 0 });
  });

  it('still refuses a priced model to a user with no balance when it is off', async () => {
    await r.setOptions({ 'quota_setting.enable_free_model_pre_consume': false });
    const poor = await r.createUser({ quota: 0 });
    const key = await r.createApiKey(poor.id);
    const before = r.upstream.requests.length;
    const res = await r.post('/v1/chat/completions', key.key, chatBody(paid));
    expect(res.status).toBe(429);
    expect(r.upstream.requests.length).toBe(before);
  });
});
