import { beforeAll, describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import { chatCompletion, chatUsage, useRelayContext, type CustomerRelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';

interface GeminiModelList {
  models: { name: string; displayName: string; supportedGenerationMethods: string[] }[];
  nextPageToken: string;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** GET /v1/models and /v1beta/models in the OpenAI, Anthropic and Gemini shapes, limited to what the key may use. */
describe('model lists in the caller’s shape', () => {
  // createUser's default balance (a balance decides whether a request takes a quota hold first).
  const context = useRelayContext({}, 10_000_000);
  let r: CustomerRelayContext;
  let allowed: string[];
  let hidden: string;
  /** The customer's second key, limited to the allowed models; r.key may use every model. */
  let limitedKey: string;
  beforeAll(async () => {
    r = context();
    allowed = [await r.uniqueModel(), await r.uniqueModel()].sort();
    hidden = await r.uniqueModel();
    await r.createChannel({ models: [...allowed, hidden].join(',') });
    limitedKey = (await r.createApiKey(r.userId, { modelLimits: allowed })).key;
  });

  const anthropic = (key: string) => new Anthropic({ apiKey: key, baseURL: r.gateway, maxRetries: 0 });
  const get = (path: string, headers: Record<string, string>) => fetch(`${r.gateway}${path}`, { headers });

  it('answers the OpenAI shape with new-api’s extra success flag, only the models the key may use', async () => {
    const res = await get('/v1/models', { authorization: `Bearer ${limitedKey}` });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; object: string; data: { id: string; object: string }[] };
    expect(body).toMatchObject({ success: true, object: 'list' });
    expect(body.data.map((m) => m.id)).toEqual(allowed);
    expect(body.data[0]).toMatchObject({ object: 'model', owned_by: expect.any(String), created: expect.any(Number), supported_endpoint_types: ['openai', 'openai-response', 'anthropic', 'gemini'] });

    const all = (await r.openai(r.key).models.list()).data.map((m) => m.id);
    expect(all).toEqual([...allowed, hidden].sort());
  });

  it('adds OpenRouter’s fields: what the model’s metadata says and its price in the key’s group, in dollars', async () => {
    const [described, perCall] = [await r.uniqueModel(2.5), await r.uniqueModel()];
    await r.setOptions({
      CompletionRatio: { ...r.ctx.services.options.get('CompletionRatio'), [described]: 4 },
      ModelPrice: { ...r.ctx.services.options.get('ModelPrice'), [perCall]: 0.04 },
    });
    // A group of its own, so the other tests' keys do not see these models; it prices at ratio 0.5.
    await r.setOptions({ GroupRatio: { ...r.ctx.services.options.get('GroupRatio'), described: 0.5 } });
    await r.createChannel({ models: `${described},${perCall}`, group: 'described' });
    const owner = await r.createUser({ group: 'described' });
    const key = (await r.createApiKey(owner.id)).key;
    const vendor = await r.ctx.services.modelMetadata.createVendor({ name: 'Described Labs' });
    await r.ctx.services.modelMetadata.create({
      model_name: described, vendor_id: vendor.id, description: 'A described model', context_length: 128_000, max_output_tokens: 4096, input_modalities: 'text,image', output_modalities: 'text',
    });
    const body = (await (await get('/v1/models', { authorization: `Bearer ${key}` })).json()) as { data: Record<string, unknown>[] };
    const entryOf = (id: string) => body.data.find((m) => m.id === id);
    // Ratio 2.5 in a group at 0.5 is 1.25 quota a token; QuotaPerUnit 500 000 quota a dollar.
    expect(entryOf(described)).toMatchObject({
      owned_by: 'described labs',
      description: 'A described model',
      context_length: 128_000,
      architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] },
      top_provider: { context_length: 128_000, max_completion_tokens: 4096 },
      pricing: { prompt: '0.0000025', completion: '0.00001', request: '0' },
    });
    const plain = entryOf(perCall)!;
    expect(plain.pricing).toEqual({ prompt: '0', completion: '0', request: '0.02' });
    expect(plain).not.toHaveProperty('description');
    expect(plain).not.toHaveProperty('context_length');
  });

  it('answers Anthropic’s shape to x-api-key plus anthropic-version, as the Anthropic SDK reads it', async () => {
    const res = await get('/v1/models', { 'x-api-key': limitedKey, 'anthropic-version': '2023-06-01' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { type: string; id: string; display_name: string; created_at: string }[] } & Record<string, unknown>;
    expect(body).toEqual({
      data: allowed.map((id) => ({ type: 'model', id, display_name: id, created_at: expect.stringMatching(RFC3339) })),
      first_id: allowed[0],
      last_id: allowed[1],
      has_more: false,
    });
    expect(Number.isNaN(Date.parse(body.data[0].created_at))).toBe(false);

    const page = await anthropic(limitedKey).models.list();
    expect(page.data.map((m) => m.id)).toEqual(allowed);
    expect(page.has_more).toBe(false);
    expect((await anthropic(limitedKey).models.retrieve(allowed[0])).display_name).toBe(allowed[0]);
  });

  it('answers Anthropic errors in Anthropic’s shape', async () => {
    const badKey = await anthropic('sk-not-a-real-key-at-all').models.list().catch((err: unknown) => err);
    expect(badKey).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((badKey as InstanceType<typeof Anthropic.AuthenticationError>).error).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const notAllowed = await anthropic(limitedKey).models.retrieve(hidden).catch((err: unknown) => err);
    expect(notAllowed).toBeInstanceOf(Anthropic.NotFoundError);
  });

  it('answers GET /v1beta/models in Gemini’s shape, with the key in x-goog-api-key, ?key= or a bearer token', async () => {
    const expected: GeminiModelList = {
      models: allowed.map((id) => ({ name: `models/${id}`, displayName: id, supportedGenerationMethods: expect.arrayContaining(['generateContent', 'streamGenerateContent']) })),
      nextPageToken: '',
    };
    const viaHeader = await get('/v1beta/models', { 'x-goog-api-key': limitedKey });
    expect(viaHeader.status).toBe(200);
    expect(await viaHeader.json()).toEqual(expected);
    const viaQuery = await get(`/v1beta/models?key=${encodeURIComponent(limitedKey)}`, {});
    expect(await viaQuery.json()).toEqual(expected);
    const viaBearer = await get('/v1beta/models', { authorization: `Bearer ${limitedKey}` });
    expect(await viaBearer.json()).toEqual(expected);
    const open = (await (await get('/v1beta/models', { 'x-goog-api-key': r.key })).json()) as GeminiModelList;
    expect(open.models.map((m) => m.name)).toEqual([...allowed, hidden].sort().map((id) => `models/${id}`));
  });

  it('answers GET /v1beta/models/:model with one model, or a Gemini-shaped 404 for a model the key may not use', async () => {
    const one = await get(`/v1beta/models/${allowed[0]}`, { 'x-goog-api-key': limitedKey });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ name: `models/${allowed[0]}`, displayName: allowed[0], supportedGenerationMethods: expect.any(Array) });

    for (const id of [hidden, 'no-such-model']) {
      const missing = await get(`/v1beta/models/${id}`, { 'x-goog-api-key': limitedKey });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: { code: 404, message: expect.stringContaining(id), status: 'NOT_FOUND' } });
    }
    const badKey = await get('/v1beta/models', { 'x-goog-api-key': 'sk-not-a-real-key-at-all' });
    expect(badKey.status).toBe(401);
    expect(await badKey.json()).toEqual({ error: { code: 401, message: expect.any(String), status: 'UNAUTHENTICATED' } });
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('still relays POST /v1beta/models/:model:generateContent next to the GET routes', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('Hallo', chatUsage(4, 1), allowed[0])));
    const res = await fetch(`${r.gateway}/v1beta/models/${allowed[0]}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': limitedKey, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { candidates: { content: { parts: { text: string }[] } }[] }).candidates[0].content.parts[0].text).toBe('Hallo');
    expect(r.upstream.requests).toHaveLength(1);
  });
});
