import { beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, useRelayContext, type CustomerRelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';

/**
 * Malformed requests on each surface: a 400 in the caller's shape naming the field, with no upstream call
 * and no quota change — never a converter's crash (conversations answered 500 before) and never an
 * upstream call for an input the endpoint requires (embeddings, moderations, images, speech and rerank
 * requests without one were sent on).
 */
describe('malformed requests', () => {
  const context = useRelayContext({ 'POST /v1/chat/completions': jsonReply(chatCompletion('ok', chatUsage(5, 2))) }, 1_000_000);
  let r: CustomerRelayContext;
  let model: string;
  beforeAll(async () => {
    r = context();
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
  });

  const cases: [surface: string, path: string, body: (m: string) => Record<string, unknown>, message: string][] = [
    ['openai', '/v1/chat/completions', (m) => ({ model: m }), 'messages is required'],
    ['openai', '/v1/chat/completions', (m) => ({ model: m, messages: 'hi' }), 'messages must be an array'],
    ['openai', '/v1/chat/completions', (m) => ({ model: m, messages: [null] }), 'messages[0] must be an object'],
    ['openai', '/v1/chat/completions', (m) => ({ model: m, messages: [{ content: 'hi' }] }), 'messages[0].role must be a string'],
    ['openai', '/v1/chat/completions', (m) => ({ model: m, messages: [{ role: 'user', content: 42 }] }), 'messages[0].content must be a string or an array of content parts'],
    ['openai', '/v1/chat/completions', (m) => ({ model: m, messages: [{ role: 'user', content: ['hi'] }] }), 'messages[0].content[0] must be an object'],
    ['openai', '/v1/chat/completions', (m) => ({ model: m, messages: [{ role: 'user', content: 'hi' }], tools: {} }), 'tools must be an array'],
    ['openai', '/v1/chat/completions', (m) => ({ model: m, stream: 'yes', messages: [{ role: 'user', content: 'hi' }] }), 'stream must be true or false'],
    ['claude', '/v1/messages', (m) => ({ model: m, max_tokens: 10, messages: 'hi' }), 'messages must be an array'],
    ['claude', '/v1/messages', (m) => ({ model: m, max_tokens: 10, messages: [null, 1] }), 'messages[0] must be an object'],
    ['claude', '/v1/messages', (m) => ({ model: m, max_tokens: 10, messages: [{ role: 'user' }] }), 'messages[0].content must be a string or an array of content parts'],
    ['claude', '/v1/messages', (m) => ({ model: m, max_tokens: 10, system: 7, messages: [{ role: 'user', content: 'hi' }] }), 'system must be an array'],
    ['claude', '/v1/messages', (m) => ({ model: m, max_tokens: 10, stream: 'yes', messages: [{ role: 'user', content: 'hi' }] }), 'stream must be true or false'],
    ['gemini', '/v1beta/models/MODEL:generateContent', () => ({ contents: { parts: [] } }), 'contents must be an array'],
    ['gemini', '/v1beta/models/MODEL:generateContent', () => ({ contents: [{ parts: 'hi' }] }), 'contents[0].parts must be an array'],
    ['gemini', '/v1beta/models/MODEL:generateContent', () => ({ contents: [{ parts: [{ text: 'hi' }] }], systemInstruction: 'be brief' }), 'systemInstruction must be an object'],
    ['openai', '/v1/embeddings', (m) => ({ model: m }), 'input is required'],
    ['openai', '/v1/embeddings', (m) => ({ model: m, input: '' }), 'input is required'],
    ['openai', '/v1/embeddings', (m) => ({ model: m, input: [] }), 'input must not be empty'],
    ['openai', '/v1/embeddings', (m) => ({ model: m, input: ['hi', null] }), 'input[1] must be a string, an object, a token id or an array of token ids'],
    ['openai', '/v1/embeddings', (m) => ({ model: m, input: [[1, 'x']] }), 'input[0] must be a string, an object, a token id or an array of token ids'],
    ['openai', '/v1/embeddings', (m) => ({ model: m, input: 42 }), 'input must be a string or an array'],
    ['openai', '/v1/moderations', (m) => ({ model: m }), 'input is required'],
    ['openai', '/v1/moderations', (m) => ({ model: m, input: [7] }), 'input[0] must be a string or an object'],
    ['openai', '/v1/images/generations', (m) => ({ model: m, n: 1 }), 'prompt is required'],
    ['openai', '/v1/images/generations', (m) => ({ model: m, prompt: ['a cat'] }), 'prompt must be a string'],
    ['openai', '/v1/audio/speech', (m) => ({ model: m, voice: 'alloy' }), 'input is required'],
    ['openai', '/v1/rerank', (m) => ({ model: m, documents: ['a'] }), 'query is required'],
    ['openai', '/v1/rerank', (m) => ({ model: m, query: 'q' }), 'documents is required'],
    ['openai', '/v1/rerank', (m) => ({ model: m, query: 'q', documents: [] }), 'documents must be a non-empty array'],
    ['openai', '/v1/rerank', (m) => ({ model: m, query: 'q', documents: ['a', 3] }), 'documents[1] must be a string or an object'],
  ];

  it.each(cases)('%s %s answers 400 "%s" with no upstream call and no charge', async (surface, path, body, message) => {
    const before = r.upstream.requests.length;
    const res = await r.post(path.replace('MODEL', model), r.key, body(model));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as Record<string, any>;
    if (surface === 'claude') expect(answer.type).toBe('error');
    if (surface === 'gemini') expect(answer.error.status).toBe('INVALID_ARGUMENT');
    expect(answer.error.message).toBe(message);
    expect(r.upstream.requests.length).toBe(before);
    expect(await r.quotaOf(r.userId)).toEqual({ quota: 1_000_000, used_quota: 0, request_count: 0 });
  });

  it.each([
    ['a string', 'hello'],
    ['strings', ['hello', 'world']],
    ['token ids', [15339, 1917]],
    ['arrays of token ids', [[15339], [1917, 0]]],
    ['multimodal objects', [{ text: 'hello' }, { image: 'https://images.example/cat.png' }]],
  ])('sends embeddings whose input is %s on to the upstream', async (_kind, input) => {
    r.upstream.setRoute('POST /v1/embeddings', jsonReply({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.1] }], model, usage: { prompt_tokens: 2, total_tokens: 2 } }));
    // Its own user: the charge must not touch the balance the refusals above are checked against.
    const payer = (await r.createApiKey((await r.createUser({ quota: 1_000_000 })).id)).key;
    const before = r.upstream.requests.length;
    const res = await r.post('/v1/embeddings', payer, { model, input });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(r.upstream.requests.length).toBe(before + 1);
  });

  it('refuses a max_tokens no balance can cover (1e308) with 429 instead of failing on the amount', async () => {
    const res = await r.post('/v1/chat/completions', r.key, { model, max_tokens: 1e308, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('insufficient_user_quota');
    expect(await r.quotaOf(r.userId)).toEqual({ quota: 1_000_000, used_quota: 0, request_count: 0 });
  });
});
