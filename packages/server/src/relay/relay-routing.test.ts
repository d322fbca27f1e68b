import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, type Route } from '../../test/fake-upstream/index.js';
import type { CreateChannelInput } from '../channels/channel-routing.service.js';
import { optionRegistry } from '../options/option-registry.js';

const serverError = errorReply(500, { error: { message: 'the server had an error', type: 'server_error' } });

describe('channel routing', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());
  afterEach(() =>
    r.setOptions({
      RetryTimes: 0,
      AutomaticDisableChannelEnabled: false,
      AutomaticRetryStatusCodes: optionRegistry.AutomaticRetryStatusCodes.default,
      AutomaticDisableStatusCodes: optionRegistry.AutomaticDisableStatusCodes.default,
    }),
  );

  /** A channel with its own fake upstream, so each test sees which channel got which request. */
  const channel = (route: Route, input: Partial<CreateChannelInput>) => r.channelOnOwnUpstream(route, input);

  async function caller() {
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    return { user, ask: (model: string) => r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }) };
  }

  const useChannels = async (userId: number, type: number) => (await r.logsOf(userId, type)).map((log) => JSON.parse(log.other!).admin_info.use_channel as number[]);

  it('serves from the highest priority tier and falls back to a lower tier when it fails', async () => {
    await r.setOptions({ RetryTimes: 1 });
    const model = await r.uniqueModel();
    const high = await channel(jsonReply(chatCompletion('high')), { models: model, priority: 10 });
    const low = await channel(jsonReply(chatCompletion('low')), { models: model, priority: 0 });
    const { user, ask } = await caller();
    for (let i = 0; i < 5; i++) expect((await ask(model)).choices[0].message.content).toBe('high');
    expect(low.upstream.requests).toHaveLength(0);

    high.upstream.setRoute('POST /v1/chat/completions', serverError);
    expect((await ask(model)).choices[0].message.content).toBe('low');
    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(6);
    expect((await useChannels(user.id, 2)).at(-1)).toEqual([high.id, low.id]);
    const reasons = JSON.parse((await r.logsOf(user.id, 2)).at(-1)!.other!).admin_info.route_trace as string[];
    expect(reasons[1]).toContain('fallback');
  });

  it('retries and disables by the operator\'s status lists (AutomaticRetryStatusCodes, AutomaticDisableStatusCodes)', async () => {
    await r.setOptions({ RetryTimes: 1, AutomaticRetryStatusCodes: '429,500-503', AutomaticDisableStatusCodes: '401,403', AutomaticDisableChannelEnabled: true });
    const model = await r.uniqueModel();
    const timingOut = await channel(errorReply(504, { error: { message: 'gateway timeout', type: 'server_error' } }), { models: model, priority: 10 });
    const spare = await channel(jsonReply(chatCompletion('spare')), { models: model, priority: 0 });
    const { ask } = await caller();
    // 504 is not in the retry list: the error goes back to the caller, the spare channel is not asked.
    await expect(ask(model)).rejects.toMatchObject({ status: 504 });
    expect(spare.upstream.requests).toHaveLength(0);

    // 403 is in the disable list: the channel is disabled and the request goes on to the spare.
    timingOut.upstream.setRoute('POST /v1/chat/completions', errorReply(403, { error: { message: 'this project may not use the model', type: 'invalid_request_error' } }));
    expect((await ask(model)).choices[0].message.content).toBe('spare');
    await expect.poll(() => r.ctx.services.routing.table.channel(timingOut.id)).toBeUndefined();
    const row = await r.ctx.db.selectFrom('channels').select(['status', 'other_info']).where('id', '=', timingOut.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    expect(row.other_info).toContain('403');
  });

  it('never tries the same channel twice in one request, however many retries are allowed', async () => {
    await r.setOptions({ RetryTimes: 6 });
    const model = await r.uniqueModel();
    const failing = await Promise.all([10, 10, 0].map((priority) => channel(serverError, { models: model, priority })));
    const { user, ask } = await caller();
    await expect(ask(model)).rejects.toMatchObject({ status: 500 });
    expect(failing.map((c) => c.upstream.requests.length)).toEqual([1, 1, 1]);
    const [tried] = await useChannels(user.id, 5);
    expect(new Set(tried)).toEqual(new Set(failing.map((c) => c.id)));
    expect(tried).toHaveLength(3);
    expect(tried[2]).toBe(failing[2].id);
  });

  it('cools a channel that answered 429 with Retry-After, so the next request goes elsewhere', async () => {
    const model = await r.uniqueModel();
    const limited = await channel(errorReply(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '30' }), { models: model, priority: 10 });
    const other = await channel(jsonReply(chatCompletion('other')), { models: model, priority: 0 });
    const { ask } = await caller();
    await expect(ask(model)).rejects.toMatchObject({ status: 429 });
    expect(r.ctx.services.health.isCooling(limited.id)).toBe(true);
    const until = r.ctx.services.health.coolingUntil(limited.id)!;
    expect(until - Date.now()).toBeGreaterThan(25_000);

    expect((await ask(model)).choices[0].message.content).toBe('other');
    expect(limited.upstream.requests).toHaveLength(1);
    expect(other.upstream.requests).toHaveLength(1);
  });

  it('skips a channel that failed 5 of its recent requests while another channel exists', async () => {
    await r.setOptions({ RetryTimes: 1 });
    const model = await r.uniqueModel();
    const flaky = await channel(serverError, { models: model, priority: 10 });
    const steady = await channel(jsonReply(chatCompletion('steady')), { models: model, priority: 0 });
    const { ask } = await caller();
    for (let i = 0; i < 5; i++) {
      expect(r.ctx.services.health.isCooling(flaky.id)).toBe(false);
      expect((await ask(model)).choices[0].message.content).toBe('steady');
    }
    expect(r.ctx.services.health.isCooling(flaky.id)).toBe(true);
    for (let i = 0; i < 3; i++) expect((await ask(model)).choices[0].message.content).toBe('steady');
    expect(flaky.upstream.requests).toHaveLength(5);
    expect(steady.upstream.requests).toHaveLength(8);
  });

  it('still serves from a weight-0 channel when it is the only one', async () => {
    const model = await r.uniqueModel();
    const only = await channel(jsonReply(chatCompletion('weightless')), { models: model, weight: 0 });
    const { ask } = await caller();
    for (let i = 0; i < 3; i++) expect((await ask(model)).choices[0].message.content).toBe('weightless');
    expect(only.upstream.requests).toHaveLength(3);
  });

  it('never cools a channel down for the caller’s own mistakes', async () => {
    await r.setOptions({ RetryTimes: 2 });
    const model = await r.uniqueModel();
    const strict = await channel(errorReply(400, { error: { message: "Invalid value for 'messages'", type: 'invalid_request_error', code: 'invalid_value' } }), { models: model, priority: 10 });
    const spare = await channel(jsonReply(chatCompletion('spare')), { models: model, priority: 0 });
    const { ask } = await caller();
    for (let i = 0; i < 8; i++) await expect(ask(model)).rejects.toMatchObject({ status: 400 });
    expect(r.ctx.services.health.isCooling(strict.id)).toBe(false);
    expect(strict.upstream.requests).toHaveLength(8);
    expect(spare.upstream.requests).toHaveLength(0);
  });
});
