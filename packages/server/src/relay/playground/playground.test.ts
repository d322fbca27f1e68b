import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserStatus } from '@gw/contracts';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply } from '../../../test/fake-upstream/index.js';
import { signIn, type SignedIn } from '../../../test/test-app.js';
import { testDialects } from '../../../test/test-database.js';

const LOG_CONSUME = 2;
const LOG_ERROR = 5;

interface OpenAIError {
  error: { message: string; type: string; code: string };
}

/** The data payloads of an SSE answer. */
const dataOf = (text: string) =>
  text
    .split('\n\n')
    .map((frame) => frame.split('\n').find((l) => l.startsWith('data: '))?.slice(6))
    .filter((d): d is string => d !== undefined);

describe.each(testDialects())('the playground, POST /pg/chat/completions (%s)', (dialect) => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
    await r.setOptions({ GroupRatio: { default: 1, vip: 2, svip: 3 }, UserUsableGroups: { default: 'default', vip: 'vip' } });
    model = await r.uniqueModel(1.25);
    await r.createChannel({ models: model, group: 'default,vip,svip' });
  });
  afterAll(() => r?.close());
  afterEach(() => {
    r.upstream.requests.length = 0;
  });

  const answer = (content = 'hello from upstream', usage = chatUsage(30, 12)) =>
    r.upstream.setRoute('POST /v1/chat/completions', (req) => ((req.body as { stream?: boolean }).stream ? sseReply(chatStreamEvents(['hel', 'lo'], usage)) : jsonReply(chatCompletion(content, usage))));

  /** A new signed-in user with this balance (and group). */
  const customer = async (quota = 5_000_000, group?: string) => {
    const user = await r.createUser({ quota, group });
    return { id: user.id, session: await signIn(r.ctx.app, user) };
  };

  const pg = (session: SignedIn | null, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${r.gateway}/pg/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(session?.headers ?? {}), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const chat = (extra: Record<string, unknown> = {}) => ({ model, messages: [{ role: 'user', content: 'hi' }], ...extra });

  const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as OpenAIError).error });

  it('relays a chat answer for the signed-in user and bills the user alone: token 0, logged as playground-<group>', async () => {
    answer('hello from upstream', chatUsage(30, 12));
    const user = await customer(5_000_000);
    const res = await pg(user.session, chat({ max_tokens: 50, temperature: 0.3 }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0].message.content).toBe('hello from upstream');
    await r.settled();
    const [log] = await r.logsOf(user.id, LOG_CONSUME);
    expect(log).toMatchObject({ token_id: 0, token_name: 'playground-default', model_name: model, group: 'default', prompt_tokens: 30, completion_tokens: 12, is_stream: 0 });
    expect(log.quota).toBe(r.quotaFor(model, { prompt: 30, completion: 12 }));
    expect(await r.quotaOf(user.id)).toEqual({ quota: 5_000_000 - log.quota, used_quota: log.quota, request_count: 1 });
    expect(await r.ctx.db.selectFrom('tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(r.upstream.requests[0].body).toMatchObject({ model, max_tokens: 50, temperature: 0.3 });
  });

  it('streams the answer as it comes and bills exactly what the consume log says', async () => {
    answer('', chatUsage(20, 2));
    // Under the trust threshold, so the request holds quota first and settles it.
    const user = await customer(1_000_000);
    const res = await pg(user.session, chat({ stream: true }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const data = dataOf(await res.text());
    expect(data.at(-1)).toBe('[DONE]');
    const text = data
      .slice(0, -1)
      .map((d) => JSON.parse(d) as { choices: { delta?: { content?: string } }[] })
      .map((c) => c.choices[0]?.delta?.content ?? '')
      .join('');
    expect(text).toBe('hello');
    await r.settled();
    const [log] = await r.logsOf(user.id, LOG_CONSUME);
    expect(log).toMatchObject({ token_id: 0, token_name: 'playground-default', is_stream: 1 });
    expect(log.quota).toBe(r.quotaFor(model, { prompt: 20, completion: 2 }));
    expect(await r.quotaOf(user.id)).toEqual({ quota: 1_000_000 - log.quota, used_quota: log.quota, request_count: 1 });
    expect(await r.holdsOf(user.id)).toEqual(['settled']);
  });

  it('routes and prices in a chosen group the user may use, and never sends `group` upstream', async () => {
    answer('vip answer', chatUsage(30, 12));
    const user = await customer();
    const res = await pg(user.session, chat({ group: 'vip' }));
    expect(res.status).toBe(200);
    expect(r.upstream.requests[0].body).not.toHaveProperty('group');
    await r.settled();
    const [log] = await r.logsOf(user.id, LOG_CONSUME);
    expect(log).toMatchObject({ token_id: 0, token_name: 'playground-vip', group: 'vip' });
    expect(log.quota).toBe(r.quotaFor(model, { prompt: 30, completion: 12 }, 'vip'));
  });

  it('refuses a group the user may not use with 403, before any upstream call or charge', async () => {
    const user = await customer();
    expect(await refusal(await pg(user.session, chat({ group: 'svip' })))).toMatchObject({ status: 403, code: 'group_not_allowed', type: 'permission_error' });
    expect(await refusal(await pg(user.session, chat({ group: 42 })))).toMatchObject({ status: 400, code: 'invalid_group', type: 'invalid_request_error' });
    expect(r.upstream.requests).toHaveLength(0);
    expect(await r.quotaOf(user.id)).toEqual({ quota: 5_000_000, used_quota: 0, request_count: 0 });
  });

  it("accepts the user's own group even when it is not a usable group", async () => {
    answer();
    const user = await customer(5_000_000, 'svip');
    expect((await pg(user.session, chat({ group: 'svip' }))).status).toBe(200);
    await r.settled();
    expect((await r.logsOf(user.id, LOG_CONSUME))[0]).toMatchObject({ token_name: 'playground-svip', group: 'svip' });
  });

  it('gives the whole hold back and logs the error when the upstream fails', async () => {
    const failing = await r.uniqueModel(1);
    await r.channelOnOwnUpstream(errorReply(500, { error: { message: 'upstream exploded', type: 'server_error' } }), { models: failing });
    const user = await customer(1_000_000);
    const res = await pg(user.session, { model: failing, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(((await res.json()) as OpenAIError).error.message).toBeTruthy();
    await r.settled();
    expect(await r.holdsOf(user.id)).toEqual(['refunded']);
    expect(await r.quotaOf(user.id)).toEqual({ quota: 1_000_000, used_quota: 0, request_count: 0 });
    expect(await r.logsOf(user.id, LOG_CONSUME)).toEqual([]);
    expect((await r.logsOf(user.id, LOG_ERROR))[0]).toMatchObject({ token_id: 0, token_name: 'playground-default', model_name: failing, quota: 0 });
  });

  it('answers 401 in OpenAI shape without a session, without the New-Api-User header, and for an API key', async () => {
    const user = await customer();
    const key = await r.createApiKey(user.id);
    const anonymous = await refusal(await pg(null, chat()));
    expect(anonymous).toMatchObject({ status: 401, type: 'authentication_error' });
    const { 'new-api-user': _dropped, ...cookieOnly } = user.session.headers;
    expect(await refusal(await pg(null, chat(), cookieOnly))).toMatchObject({ status: 401, message: expect.stringContaining('New-Api-User') });
    const withKey = await refusal(await pg(null, chat(), { authorization: `Bearer ${key.key}`, 'new-api-user': String(user.id) }));
    expect(withKey).toMatchObject({ status: 401, code: 'unauthorized', message: expect.stringContaining('not an API key') });
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('refuses an access token, as new-api does', async () => {
    const user = await customer();
    const issued = await r.ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: user.session.headers });
    const accessToken = (issued.json() as { data: string }).data;
    expect(accessToken).toBeTruthy();
    const res = await pg(null, chat(), { authorization: `Bearer ${accessToken}`, 'new-api-user': String(user.id) });
    expect(await refusal(res)).toMatchObject({ status: 403, code: 'access_token_not_supported' });
  });

  it('answers a bad body with 400 in OpenAI shape', async () => {
    const user = await customer();
    expect(await refusal(await pg(user.session, '{not json'))).toMatchObject({ status: 400, code: 'invalid_json', type: 'invalid_request_error' });
    expect(await refusal(await pg(user.session, { model }))).toMatchObject({ status: 400, type: 'invalid_request_error', message: expect.stringContaining('messages') });
    expect(await refusal(await pg(user.session, { messages: [{ role: 'user', content: 'hi' }] }))).toMatchObject({ status: 400, code: 'model_required' });
    expect(await refusal(await pg(user.session, '[1,2]'))).toMatchObject({ status: 400 });
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('refuses a disabled user', async () => {
    const user = await customer();
    await r.ctx.db.updateTable('users').set({ status: UserStatus.Disabled }).where('id', '=', user.id).execute();
    expect(await refusal(await pg(user.session, chat()))).toMatchObject({ status: 401, message: expect.stringContaining('disabled') });
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('refuses a user without quota, an unknown model and a model without a price', async () => {
    const broke = await customer(0);
    expect(await refusal(await pg(broke.session, chat()))).toMatchObject({ status: 429, code: 'insufficient_user_quota' });
    const user = await customer();
    const unserved = await r.uniqueModel(1);
    expect(await refusal(await pg(user.session, chat({ model: unserved })))).toMatchObject({ status: 503, code: 'model_not_found' });
    const unpriced = `unpriced-${unserved}`;
    await r.createChannel({ models: unpriced });
    expect(await refusal(await pg(user.session, chat({ model: unpriced })))).toMatchObject({ status: 400, code: 'model_price_error' });
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('is documented in the OpenAPI document as a signed-in user route', async () => {
    const doc = (await r.ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as { paths: Record<string, Record<string, { summary: string; 'x-access-level': string }>> };
    expect(doc.paths['/pg/chat/completions'].post).toMatchObject({ 'x-access-level': 'user', summary: expect.stringContaining('Playground') });
  });

  it('applies the per-user model request limit and the sensitive-word check as for an API key', async () => {
    answer();
    try {
      await r.setOptions({ ModelRequestRateLimitEnabled: true, ModelRequestRateLimitCount: 1, ModelRequestRateLimitDurationMinutes: 1 });
      const user = await customer();
      expect((await pg(user.session, chat())).status).toBe(200);
      expect(await refusal(await pg(user.session, chat()))).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
      await r.setOptions({ ModelRequestRateLimitEnabled: false, CheckSensitiveEnabled: true, SensitiveWords: ['forbidden-topic'], StopOnSensitiveEnabled: true });
      const other = await customer();
      const words = await refusal(await pg(other.session, chat({ messages: [{ role: 'user', content: 'tell me the forbidden-topic' }] })));
      expect(words).toMatchObject({ status: 400, code: 'sensitive_words_detected' });
    } finally {
      await r.setOptions({ ModelRequestRateLimitEnabled: false, ModelRequestRateLimitCount: 0, CheckSensitiveEnabled: false, SensitiveWords: [] });
    }
  });
});
