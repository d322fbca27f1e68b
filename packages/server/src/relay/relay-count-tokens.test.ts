import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createRelayContext, type RelayContext } from '../../test/relay-harness.js';

describe('Anthropic token counting (POST /v1/messages/count_tokens)', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    model = await r.uniqueModel();
    await r.createChannel({ type: 14, models: model });
  });
  afterAll(() => r?.close());

  const client = (key: string) => new Anthropic({ apiKey: key, baseURL: r.gateway, maxRetries: 0 });

  it('answers the SDK with the prompt estimate, without an upstream call or a charge', async () => {
    const user = await r.createUser();
    const key = await r.createApiKey(user.id);
    const system = 'You are a careful assistant.';
    const question = 'How many tokens does this question take?';
    const before = r.upstream.requests.length;
    const counted = await client(key.key).messages.countTokens({ model, system, messages: [{ role: 'user', content: question }] });
    // Reply priming and one message's overhead (3 + 3), the message text and the system prompt.
    expect(counted).toEqual({ input_tokens: 6 + countTokens(question) + countTokens(system) });
    const withTool = await client(key.key).messages.countTokens({
      model,
      messages: [{ role: 'user', content: question }],
      tools: [{ name: 'lookup', description: 'Looks a word up', input_schema: { type: 'object', properties: { word: { type: 'string' } } } }],
    });
    expect(withTool.input_tokens).toBeGreaterThan(counted.input_tokens - countTokens(system) + 8);
    expect(r.upstream.requests.length).toBe(before);
    expect(await r.quotaOf(user.id)).toMatchObject({ used_quota: 0, request_count: 0 });
    expect(await r.logsOf(user.id, 2)).toHaveLength(0);
  });

  it('refuses in Anthropic\'s error shape: a bad key, a model the key may not use, an unknown model, a body without messages', async () => {
    const user = await r.createUser();
    const limited = await r.createApiKey(user.id, { modelLimits: ['some-other-model'] });
    const key = await r.createApiKey(user.id);
    const messages = [{ role: 'user' as const, content: 'hi' }];
    await expect(client('sk-' + 'x'.repeat(48)).messages.countTokens({ model, messages })).rejects.toMatchObject({ status: 401, error: { type: 'error', error: { type: 'authentication_error' } } });
    await expect(client(limited.key).messages.countTokens({ model, messages })).rejects.toMatchObject({ status: 403, error: { error: { type: 'permission_error' } } });
    await expect(client(key.key).messages.countTokens({ model: 'no-such-model-anywhere', messages })).rejects.toMatchObject({ status: 404, error: { error: { type: 'not_found_error' } } });
    const noMessages = await r.post('/v1/messages/count_tokens', key.key, { model });
    expect(noMessages.status).toBe(400);
    expect(await noMessages.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: 'messages is required' } });
  });
});
