import { beforeAll, describe, expect, it } from 'vitest';
import OpenAI, { APIError, toFile } from 'openai';
import { chatCompletion, chatStreamEvents, chatUsage, useRelayContext, type CustomerRelayContext } from '../../../test/relay-harness.js';
import { jsonReply, sseReply } from '../../../test/fake-upstream/index.js';

/**
 * The relay routes new-api has that the gateway's main surfaces did not: the legacy /v1/edits path,
 * Gemini's OpenAI-compatible model list, Gemini actions under /v1, and the endpoints new-api answers
 * "not implemented".
 */

const geminiBody = { contents: [{ role: 'user', parts: [{ text: 'say hello' }] }], generationConfig: { maxOutputTokens: 32 } };

interface GeminiAnswer {
  candidates: { content: { role: string; parts: { text?: string }[] }; finishReason?: string }[];
  usageMetadata?: { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number };
}

describe('new-api’s other relay routes', () => {
  const context = useRelayContext();
  let r: CustomerRelayContext;
  let model: string;
  let hidden: string;
  /** A second key of the customer's, limited to `model`. */
  let limitedKey: string;
  beforeAll(async () => {
    r = context();
    model = await r.uniqueModel();
    hidden = await r.uniqueModel();
    await r.createChannel({ models: `${model},${hidden}`, key: 'sk-upstream-secret' });
    limitedKey = (await r.createApiKey(r.userId, { modelLimits: [model] })).key;
  });

  const lastLog = async () => {
    await r.settled();
    return (await r.logsOf(r.userId, 2)).at(-1)!;
  };

  describe('POST /v1/edits', () => {
    it('is the image edit endpoint: JSON or multipart, sent to the upstream’s /v1/images/edits and billed per image', async () => {
      r.upstream.setRoute('POST /v1/images/edits', jsonReply({ created: 1, data: [{ b64_json: 'aGk=' }] }));
      await r.setOptions({ ModelPrice: { ...r.ctx.services.options.get('ModelPrice'), [model]: 0.03 } });
      try {
        const answer = await r.openai(r.key).post<{ data: { b64_json: string }[] }>('/edits', { body: { model, prompt: 'add a hat', images: [{ image_url: 'https://images.example/cat.png' }] } });
        expect(answer.data[0].b64_json).toBe('aGk=');
        const json = r.upstream.requests.at(-1)!;
        expect(json.path).toBe('/v1/images/edits');
        expect(json.headers.authorization).toBe('Bearer sk-upstream-secret');
        expect(json.body).toEqual({ model, prompt: 'add a hat', images: [{ image_url: 'https://images.example/cat.png' }] });
        expect(await lastLog()).toMatchObject({ model_name: model, quota: 0.03 * 500_000 });

        const form = new FormData();
        form.set('model', model);
        form.set('prompt', 'add a hat');
        form.set('image', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'in.png');
        const multipart = await fetch(`${r.gateway}/v1/edits`, { method: 'POST', headers: { authorization: `Bearer ${r.key}` }, body: form });
        expect(multipart.status).toBe(200);
        const sent = r.upstream.requests.at(-1)!;
        expect(sent.path).toBe('/v1/images/edits');
        expect((sent.body as { name: string }[]).map((f) => f.name).sort()).toEqual(['image', 'model', 'prompt']);
        expect(await lastLog()).toMatchObject({ model_name: model, quota: 0.03 * 500_000 });
      } finally {
        const { [model]: _dropped, ...prices } = r.ctx.services.options.get('ModelPrice');
        await r.setOptions({ ModelPrice: prices });
      }
    });
  });

  describe('GET /v1beta/openai/models', () => {
    it('answers the OpenAI list the key may use, to the official client pointed at …/v1beta/openai', async () => {
      const client = new OpenAI({ apiKey: limitedKey, baseURL: `${r.gateway}/v1beta/openai`, maxRetries: 0 });
      expect((await client.models.list()).data.map((m) => m.id)).toEqual([model]);
      const all = (await new OpenAI({ apiKey: r.key, baseURL: `${r.gateway}/v1beta/openai`, maxRetries: 0 }).models.list()).data.map((m) => m.id);
      expect(all).toEqual([model, hidden].sort());
    });

    it('takes the key in x-goog-api-key or ?key= too, with the same body as GET /v1/models', async () => {
      const viaHeader = await fetch(`${r.gateway}/v1beta/openai/models`, { headers: { 'x-goog-api-key': limitedKey } });
      const viaQuery = await fetch(`${r.gateway}/v1beta/openai/models?key=${encodeURIComponent(limitedKey)}`);
      const v1 = await (await fetch(`${r.gateway}/v1/models`, { headers: { authorization: `Bearer ${limitedKey}` } })).json();
      expect(viaHeader.status).toBe(200);
      expect(await viaHeader.json()).toEqual(v1);
      expect(await viaQuery.json()).toEqual(v1);
      expect(v1).toMatchObject({ success: true, object: 'list', data: [{ id: model, object: 'model' }] });
    });

    it('answers a bad key with a 401 in the OpenAI error shape', async () => {
      const error = await new OpenAI({ apiKey: 'sk-not-a-real-key-at-all', baseURL: `${r.gateway}/v1beta/openai`, maxRetries: 0 }).models.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toMatchObject({ status: 401, type: 'authentication_error' });
    });
  });

  describe('Gemini actions under /v1/models', () => {
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${r.gateway}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    it('answers generateContent with the key in x-goog-api-key, in Gemini’s shape, and bills it', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('Hallo!', chatUsage(21, 3))));
      const res = await post(`/v1/models/${model}:generateContent`, geminiBody, { 'x-goog-api-key': r.key });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as GeminiAnswer;
      expect(answer.candidates[0]).toMatchObject({ content: { role: 'model', parts: [{ text: 'Hallo!' }] }, finishReason: 'STOP' });
      expect(answer.usageMetadata).toEqual({ promptTokenCount: 21, candidatesTokenCount: 3, totalTokenCount: 24 });
      const sent = r.upstream.requests.at(-1)!;
      expect(sent.path).toBe('/v1/chat/completions');
      expect(sent.headers.authorization).toBe('Bearer sk-upstream-secret');
      expect(sent.body).toMatchObject({ model, messages: [{ role: 'user' }] });
      expect(await lastLog()).toMatchObject({ model_name: model, prompt_tokens: 21, completion_tokens: 3, is_stream: 0, quota: r.quotaFor(model, { prompt: 21, completion: 3 }) });
    });

    it('streams streamGenerateContent?alt=sse with the key in ?key=', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['Hal', 'lo'], chatUsage(21, 2))));
      const res = await post(`/v1/models/${model}:streamGenerateContent?alt=sse&key=${encodeURIComponent(r.key)}`, geminiBody, {});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const events = (await res.text())
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as GeminiAnswer);
      expect(events.map((e) => e.candidates?.[0]?.content.parts.map((p) => p.text ?? '').join('') ?? '').join('')).toBe('Hallo');
      expect(events.at(-1)!.usageMetadata).toEqual({ promptTokenCount: 21, candidatesTokenCount: 2, totalTokenCount: 23 });
      expect((r.upstream.requests.at(-1)!.body as { stream: boolean }).stream).toBe(true);
      expect(await lastLog()).toMatchObject({ model_name: model, is_stream: 1, prompt_tokens: 21, completion_tokens: 2 });
    });

    it('takes a bearer key, and embeds with :embedContent', async () => {
      r.upstream.setRoute('POST /v1/embeddings', jsonReply({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.5, 0.25] }], model, usage: { prompt_tokens: 4, total_tokens: 4 } }));
      const res = await post(`/v1/models/${model}:embedContent`, { content: { parts: [{ text: 'hello' }] } }, { authorization: `Bearer ${r.key}` });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ embedding: { values: [0.5, 0.25] } });
      expect(r.upstream.requests.at(-1)!.path).toBe('/v1/embeddings');
    });

    it('answers errors in Gemini’s shape: a bad key, a model the key may not use, an unknown action', async () => {
      const badKey = await post(`/v1/models/${model}:generateContent?key=sk-not-a-real-key-at-all`, geminiBody, {});
      expect(badKey.status).toBe(401);
      expect(await badKey.json()).toEqual({ error: { code: 401, message: expect.any(String), status: 'UNAUTHENTICATED' } });
      const forbidden = await post(`/v1/models/${hidden}:generateContent`, geminiBody, { 'x-goog-api-key': limitedKey });
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
      const unknown = await post(`/v1/models/${model}:tuneModel`, geminiBody, { 'x-goog-api-key': r.key });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ error: { code: 400, message: expect.stringContaining('unknown Gemini action "tuneModel"') } });
      expect(r.upstream.requests).toHaveLength(0);
    });

    it('leaves GET /v1/models/:model to the OpenAI model lookup', async () => {
      const found = await r.openai(r.key).models.retrieve(model);
      expect(found.id).toBe(model);
    });
  });

  describe('endpoints new-api answers “not implemented”', () => {
    const routes = [
      ['POST', '/v1/images/variations'],
      ['GET', '/v1/files'],
      ['POST', '/v1/files'],
      ['GET', '/v1/files/file-abc'],
      ['DELETE', '/v1/files/file-abc'],
      ['GET', '/v1/files/file-abc/content'],
      ['GET', '/v1/fine-tunes'],
      ['POST', '/v1/fine-tunes'],
      ['GET', '/v1/fine-tunes/ft-abc'],
      ['POST', '/v1/fine-tunes/ft-abc/cancel'],
      ['GET', '/v1/fine-tunes/ft-abc/events'],
      ['DELETE', '/v1/models/ft:gpt-4o:acme'],
    ] as const;
    const call = (method: string, path: string, key?: string) =>
      fetch(`${r.gateway}${path}`, {
        method,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? JSON.stringify({ model, training_file: 'file-abc' }) : undefined,
      });

    it.each(routes)('%s %s answers new-api’s 501 after the key check, with no upstream call and no charge', async (method, path) => {
      await r.settled();
      const before = await r.quotaOf(r.userId);
      const res = await call(method, path, r.key);
      expect(res.status).toBe(501);
      expect(await res.json()).toEqual({ error: { message: 'API not implemented', type: 'new_api_error', param: null, code: 'api_not_implemented' } });
      const badKey = await call(method, path, 'sk-not-a-real-key-at-all');
      expect(badKey.status).toBe(401);
      expect(await badKey.json()).toMatchObject({ error: { type: 'authentication_error', code: 'invalid_api_key' } });
      expect((await call(method, path)).status).toBe(401);
      expect(r.upstream.requests).toHaveLength(0);
      expect(await r.quotaOf(r.userId)).toEqual(before);
    });

    it('reach the official client as errors it raises with the status and code', async () => {
      const client = r.openai(r.key);
      for (const attempt of [
        () => client.files.list(),
        () => client.files.retrieve('file-abc'),
        () => client.files.delete('file-abc'),
        () => client.models.delete('ft:gpt-4o:acme'),
        async () => client.images.createVariation({ image: await toFile(new Uint8Array([137, 80, 78, 71]), 'in.png', { type: 'image/png' }) }),
      ]) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(APIError);
        expect(error).toMatchObject({ status: 501, code: 'api_not_implemented', type: 'new_api_error' });
      }
      expect(r.upstream.requests).toHaveLength(0);
    });
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${r.gateway}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, { summary: string; 'x-access-level': string }>> };
    expect(doc.paths['/v1/responses/compact'].post.summary).toContain('compaction');
    expect(doc.paths['/v1/edits'].post.summary).toContain('/v1/images/edits');
    expect(doc.paths['/v1/models/{target}'].post.summary).toContain('Gemini');
    expect(doc.paths['/v1beta/openai/models'].get.summary).toContain("OpenAI's list shape");
    for (const [path, method] of [['/v1/files/{id}', 'delete'], ['/v1/fine-tunes/{id}/cancel', 'post'], ['/v1/models/{model}', 'delete'], ['/v1/images/variations', 'post']]) {
      expect(doc.paths[path][method], `${method} ${path}`).toMatchObject({ summary: expect.stringContaining('501'), 'x-access-level': 'api-key' });
    }
  });

  describe('unknown paths under /v1', () => {
    it('answer an OpenAI-shaped 404 naming the method and path, whatever the key', async () => {
      for (const [method, path] of [
        ['POST', '/v1/assistants'],
        ['GET', '/v1/chat/completions'],
        ['PUT', '/v1/responses/compact'],
      ] as const) {
        const res = await fetch(`${r.gateway}${path}?x=1`, { method, headers: { authorization: `Bearer ${r.key}` } });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await res.json()).toEqual({ error: { message: `Invalid URL (${method} ${path})`, type: 'invalid_request_error', param: null, code: 'invalid_url' } });
      }
      const error = await r.openai(r.key).beta.assistants.list().catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, code: 'invalid_url' });
    });
  });
});
