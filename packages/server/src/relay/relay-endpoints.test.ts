import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toFile } from 'openai';
import { createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { fixtureReply, jsonReply, rawReply, sseReply, type RecordedRequest } from '../../test/fake-upstream/index.js';
import type { MultipartField } from './providers/provider-adapter.js';
import { resolvePrice, type RatioPrice } from '../billing/price-calculator.js';
import { priceTablesOf } from './pipeline/pricing.js';
import { countTextTokens } from './usage/token-counter.js';

/** Every byte value, twice: binary bodies must pass through untouched. */
const binary = Uint8Array.from({ length: 512 }, (_, i) => i % 256);

describe('the other OpenAI endpoints through OpenAI-type channels', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());
  afterEach(() => {
    r.upstream.requests.length = 0;
  });

  async function setup(opts: { channelType?: number; group?: string; mapping?: Record<string, string> } = {}) {
    const model = await r.uniqueModel(1.5);
    const channel = await r.createChannel({
      type: opts.channelType ?? 1,
      models: model,
      group: 'default,vip',
      ...(opts.mapping ? { model_mapping: JSON.stringify(opts.mapping) } : {}),
    });
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id, { group: opts.group });
    return { model, channel, user, token, client: r.openai(token.key) };
  }

  const onlyLog = async (userId: number) => {
    await expect.poll(() => r.logsOf(userId, 2)).toHaveLength(1);
    return (await r.logsOf(userId, 2))[0];
  };
  const sentBody = (i = 0) => r.upstream.requests[i].body as Record<string, unknown>;

  it('embeddings: relays the vectors and bills the prompt tokens', async () => {
    r.upstream.setRoute('POST /v1/embeddings', fixtureReply('openai', 'embeddings'));
    const { model, user, client } = await setup();
    const answer = await client.embeddings.create({ model, input: 'The food was delicious', encoding_format: 'float' });
    expect(answer.data[0].embedding).toEqual([0.0023064255, -0.009327292, -0.0028842222]);
    expect(sentBody()).toMatchObject({ model, input: 'The food was delicious' });
    const log = await onlyLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 8, completion_tokens: 0, quota: r.quotaFor(model, { prompt: 8, completion: 0 }) });
  });

  it('embeddings on the legacy /v1/engines/{model}/embeddings path: the path names the model', async () => {
    r.upstream.setRoute('POST /v1/embeddings', fixtureReply('openai', 'embeddings'));
    const { model, user, token } = await setup();
    const res = await r.post(`/v1/engines/${model}/embeddings`, token.key, { input: 'The food was delicious' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { embedding: number[] }[] }).data[0].embedding).toHaveLength(3);
    expect(r.upstream.requests[0].path).toBe('/v1/embeddings');
    expect(sentBody()).toMatchObject({ model, input: 'The food was delicious' });
    expect((await onlyLog(user.id)).model_name).toBe(model);
    const unknown = await r.post('/v1/engines/no-such-model/embeddings', token.key, { model, input: 'x' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('model_price_error');
    expect(r.upstream.requests).toHaveLength(1);
  });

  it('images/generations: bills the per-call price × QuotaPerUnit × group ratio', async () => {
    r.upstream.setRoute('POST /v1/images/generations', jsonReply({ created: 1_713_833_628, data: [{ url: 'https://images.example/cat.png', revised_prompt: 'a cat' }] }));
    await r.setOptions({ GroupRatio: { ...r.ctx.services.options.get('GroupRatio'), vip: 1.5 } });
    const { model, user, token, client } = await setup({ group: 'vip' });
    await r.setOptions({ ModelPrice: { ...r.ctx.services.options.get('ModelPrice'), [model]: 0.02 } });
    try {
      const answer = await client.images.generate({ model, prompt: 'a cat', n: 1, size: '1024x1024' });
      expect(answer.data?.[0].url).toBe('https://images.example/cat.png');
      expect(sentBody()).toMatchObject({ model, prompt: 'a cat', n: 1, size: '1024x1024' });
      const expected = 0.02 * 500_000 * 1.5;
      const log = await onlyLog(user.id);
      expect(log.quota).toBe(expected);
      expect(JSON.parse(log.other!)).toMatchObject({ model_price: 0.02, group_ratio: 1.5 });
      expect(await r.tokenOf(token.id)).toMatchObject({ used_quota: expected });
    } finally {
      await r.setOptions({ GroupRatio: { ...r.ctx.services.options.get('GroupRatio'), vip: 1 } });
    }
  });

  it('images: bills a per-call model for every image asked for, at DALL·E’s size and quality prices', async () => {
    r.upstream.setRoute('POST /v1/images/generations', jsonReply({ created: 1, data: [{ url: 'https://images.example/1.png' }, { url: 'https://images.example/2.png' }] }));
    r.upstream.setRoute('POST /v1/images/edits', jsonReply({ created: 1, data: [{ b64_json: 'aGk=' }, { b64_json: 'aGk=' }, { b64_json: 'aGk=' }] }));
    await r.createChannel({ models: 'dall-e-3,dall-e-2' });
    const user = await r.createUser({ quota: 5_000_000 });
    const client = r.openai((await r.createApiKey(user.id)).key);
    await client.images.generate({ model: 'dall-e-3', prompt: 'a lighthouse', n: 2, size: '1792x1024', quality: 'hd' });
    await client.images.edit({ model: 'dall-e-2', image: await toFile(binary, 'in.png', { type: 'image/png' }), prompt: 'add a moon', n: 3, size: '512x512' });
    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(2);
    const [generated, edited] = await r.logsOf(user.id, 2);
    expect(generated.quota).toBe(0.04 * 500_000 * 2 * 3);
    expect(JSON.parse(generated.other!)).toMatchObject({ model_price: 0.04, image_count: 2, image_size_ratio: 3 });
    expect(edited.quota).toBe(Math.round(0.02 * 500_000 * 3 * 0.9));
  });

  it('images/generations of a token-billed model: image input tokens at the ImageRatio', async () => {
    const usage = { total_tokens: 4260, input_tokens: 100, output_tokens: 4160, input_tokens_details: { text_tokens: 40, image_tokens: 60 } };
    r.upstream.setRoute('POST /v1/images/generations', jsonReply({ created: 1_713_833_628, data: [{ b64_json: 'aGk=' }], usage }));
    const { model, user, client } = await setup();
    await r.setOptions({ ImageRatio: { ...r.ctx.services.options.get('ImageRatio'), [model]: 2 } });
    await client.images.generate({ model, prompt: 'a cat wearing the hat in the picture' });
    const log = await onlyLog(user.id);
    const price = resolvePrice(model, 'default', priceTablesOf(r.ctx.services.options)) as RatioPrice;
    expect(log.quota).toBe(Math.round((40 + 60 * 2 + 4160 * price.completionRatio) * price.modelRatio));
    expect(log.quota).toBeGreaterThan(r.quotaFor(model, { prompt: 100, completion: 4160 }));
    expect(JSON.parse(log.other!)).toMatchObject({ image_ratio: 2, image_input_tokens: 60 });
  });

  it('audio/speech: passes the audio bytes through and bills the input characters', async () => {
    r.upstream.setRoute('POST /v1/audio/speech', rawReply(binary, 'audio/mpeg'));
    const { model, user, client } = await setup();
    const input = 'Today is a wonderful day to build something people love!';
    const res = await client.audio.speech.create({ model, voice: 'alloy', input });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(binary);
    expect(sentBody()).toMatchObject({ model, voice: 'alloy', input });
    const log = await onlyLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: input.length, quota: r.quotaFor(model, { prompt: input.length, completion: 0 }) });
  });

  it('audio/transcriptions: uploads the file intact with the upstream model name and bills the reported usage', async () => {
    r.upstream.setRoute('POST /v1/audio/transcriptions', fixtureReply('openai', 'transcription'));
    const requested = `whisper-${Math.random().toString(36).slice(2, 8)}`;
    await r.setOptions({ ModelRatio: { ...r.ctx.services.options.get('ModelRatio'), [requested]: 3 } });
    const model = await r.uniqueModel();
    await r.createChannel({ models: requested, model_mapping: JSON.stringify({ [requested]: model }) });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const answer = await r.openai(token.key).audio.transcriptions.create({ file: await toFile(binary, 'speech.mp3', { type: 'audio/mpeg' }), model: requested, language: 'en' });
    expect(answer.text).toBe("Imagine the wildest idea that you've ever had.");
    const fields = r.upstream.requests[0].body as MultipartField[];
    expect(String(r.upstream.requests[0].headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(fields.find((f) => f.name === 'model')?.value).toBe(model);
    expect(fields.find((f) => f.name === 'language')?.value).toBe('en');
    const file = fields.find((f) => f.name === 'file')?.value as { filename: string; contentType: string; data: Uint8Array };
    expect(file.filename).toBe('speech.mp3');
    expect(file.contentType).toBe('audio/mpeg');
    expect(new Uint8Array(file.data)).toEqual(binary);

    const log = await onlyLog(user.id);
    expect(log).toMatchObject({ model_name: requested, prompt_tokens: 14, completion_tokens: 45, quota: r.quotaFor(requested, { prompt: 14, completion: 45 }) });
  });

  describe('whisper-1 transcriptions, charged by the length of the audio (200 prompt tokens a minute)', () => {
    const transcribe = async (format: 'json' | 'verbose_json' | 'srt' | 'vtt' | 'text') => {
      const { model, user, client } = await setup();
      const file = await toFile(binary, 'speech.mp3', { type: 'audio/mpeg' });
      await client.audio.transcriptions.create({ file, model, response_format: format });
      return { model, log: await onlyLog(user.id) };
    };
    const other = (log: { other: string | null }) => JSON.parse(log.other!) as { audio_seconds?: number; admin_info: { local_count_tokens: boolean } };

    it('json: the seconds of a usage of type duration', async () => {
      r.upstream.setRoute('POST /v1/audio/transcriptions', fixtureReply('openai', 'transcription-duration'));
      const { model, log } = await transcribe('json');
      expect(log).toMatchObject({ prompt_tokens: 30, completion_tokens: 0, quota: r.quotaFor(model, { prompt: 30, completion: 0 }) });
      expect(other(log)).toMatchObject({ audio_seconds: 9, admin_info: { local_count_tokens: false } });
    });

    it('verbose_json without usage: its duration, a started second rounded up', async () => {
      r.upstream.setRoute('POST /v1/audio/transcriptions', jsonReply({ task: 'transcribe', language: 'english', duration: 8.47, text: 'Imagine the wildest idea.', segments: [] }));
      const { model, log } = await transcribe('verbose_json');
      expect(log).toMatchObject({ prompt_tokens: 29, completion_tokens: 0, quota: r.quotaFor(model, { prompt: 29, completion: 0 }) });
      expect(other(log).audio_seconds).toBe(8.47);
    });

    it('srt and vtt: the end of the last cue', async () => {
      const srt = '1\n00:00:00,000 --> 00:00:03,200\nImagine the wildest idea\n\n2\n00:01:03,200 --> 00:01:30,000\nthat you have ever had.\n';
      r.upstream.setRoute('POST /v1/audio/transcriptions', rawReply(srt, 'text/plain; charset=utf-8'));
      const a = await transcribe('srt');
      expect(a.log).toMatchObject({ prompt_tokens: 300, quota: r.quotaFor(a.model, { prompt: 300, completion: 0 }) });
      expect(other(a.log).audio_seconds).toBe(90);

      const vtt = 'WEBVTT\n\n00:00.000 --> 00:03.200\nImagine the wildest idea\n\n00:03.200 --> 00:06.010\nthat you have ever had.\n';
      r.upstream.setRoute('POST /v1/audio/transcriptions', rawReply(vtt, 'text/plain; charset=utf-8'));
      const b = await transcribe('vtt');
      expect(b.log).toMatchObject({ prompt_tokens: 21, quota: r.quotaFor(b.model, { prompt: 21, completion: 0 }) });
    });

    it('plain text, which tells no length: the transcript’s tokens are counted', async () => {
      const text = "Imagine the wildest idea that you've ever had.";
      r.upstream.setRoute('POST /v1/audio/transcriptions', rawReply(text, 'text/plain; charset=utf-8'));
      const { model, log } = await transcribe('text');
      expect(log.completion_tokens).toBe(countTextTokens(text));
      expect(log.quota).toBe(r.quotaFor(model, { prompt: 0, completion: countTextTokens(text) }));
      expect(other(log)).toMatchObject({ admin_info: { local_count_tokens: true } });
      expect(other(log).audio_seconds).toBeUndefined();
    });
  });

  it('moderations: relays the verdict and bills the estimated input when the upstream reports no usage', async () => {
    r.upstream.setRoute('POST /v1/moderations', jsonReply({ id: 'modr-1', model: 'omni-moderation-2024-09-26', results: [{ flagged: false, categories: { violence: false }, category_scores: { violence: 0.0001 } }] }));
    const { model, user, client } = await setup();
    const answer = await client.moderations.create({ model, input: 'I want to pet a kitten' });
    expect(answer.results[0].flagged).toBe(false);
    expect(sentBody()).toMatchObject({ model, input: 'I want to pet a kitten' });
    const log = await onlyLog(user.id);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.quota).toBe(r.quotaFor(model, { prompt: log.prompt_tokens, completion: 0 }));
    expect(JSON.parse(log.other!).admin_info.local_count_tokens).toBe(true);
  });

  it('rerank: relays the ranking and bills the reported tokens (custom OpenAI-compatible channel)', async () => {
    r.upstream.setRoute('POST /v1/rerank', fixtureReply('jina', 'rerank'));
    const { model, user, token } = await setup({ channelType: 8 });
    const res = await r.post('/v1/rerank', token.key, { model, query: 'skincare for sensitive skin', documents: ['makeup trends', 'shoes', 'organic skincare with aloe'], top_n: 2 });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { results: { index: number; relevance_score: number }[] };
    expect(answer.results.map((x) => x.index)).toEqual([2, 0]);
    expect(sentBody()).toMatchObject({ model, query: 'skincare for sensitive skin', top_n: 2 });
    const log = await onlyLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 61, quota: r.quotaFor(model, { prompt: 61, completion: 0 }) });
  });

  it('responses: answers and bills a response, cached input tokens at the cache ratio', async () => {
    r.upstream.setRoute('POST /v1/responses', fixtureReply('openai', 'responses'));
    const { model, user, client } = await setup();
    const answer = await client.responses.create({ model, input: 'Tell me a three sentence bedtime story about a unicorn.' });
    expect(answer.output_text).toBe('In a peaceful grove beneath a silver moon, a unicorn slept.');
    expect(sentBody()).toMatchObject({ model, input: 'Tell me a three sentence bedtime story about a unicorn.' });
    const log = await onlyLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 36, completion_tokens: 87, quota: r.quotaFor(model, { prompt: 36, completion: 87, cached: 16 }) });
    expect(JSON.parse(log.other!)).toMatchObject({ cache_tokens: 16, reasoning_tokens: 40 });
  });

  it('responses: streams the typed events and bills the usage of response.completed', async () => {
    r.upstream.setRoute('POST /v1/responses', fixtureReply('openai', 'responses-stream'));
    const { model, user, client } = await setup();
    const stream = await client.responses.create({ model, input: 'hi', stream: true });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe('Hi there!');
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(sentBody()).toMatchObject({ model, stream: true });
    const log = await onlyLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 37, completion_tokens: 11, is_stream: 1, quota: r.quotaFor(model, { prompt: 37, completion: 11 }) });
  });

  it('responses: charges web and file searches at ToolCallPrice on top of the tokens, streamed and not', async () => {
    const response = {
      id: 'resp_search',
      object: 'response',
      created_at: 1741476542,
      status: 'completed',
      model: 'gpt-5',
      output: [
        { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'weather in Paris' } },
        { type: 'web_search_call', id: 'ws_2', status: 'completed', action: { type: 'search', query: 'weather in Lyon' } },
        { type: 'file_search_call', id: 'fs_1', status: 'completed', queries: ['forecast'], results: null },
        { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Sunny in both.', annotations: [] }] },
      ],
      usage: { input_tokens: 50, input_tokens_details: { cached_tokens: 0 }, output_tokens: 9, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 59 },
    };
    r.upstream.setRoute('POST /v1/responses', (req: RecordedRequest) =>
      (req.body as { stream?: boolean }).stream
        ? sseReply([`event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', sequence_number: 1, response })}`])
        : jsonReply(response),
    );
    const { model, user, client } = await setup();
    const answer = await client.responses.create({ model, input: 'weather?', tools: [{ type: 'web_search' }] });
    expect(answer.output_text).toBe('Sunny in both.');
    const stream = await client.responses.create({ model, input: 'weather?', stream: true });
    for await (const event of stream) void event;

    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(2);
    const surcharge = (2 * 10 + 1 * 2.5) / 1000 * 500_000;
    for (const log of await r.logsOf(user.id, 2)) {
      expect(log.quota).toBe(r.quotaFor(model, { prompt: 50, completion: 9 }) + surcharge);
      expect(JSON.parse(log.other!)).toMatchObject({ web_search_calls: 2, web_search_price: 10, file_search_calls: 1, file_search_price: 2.5 });
    }
  });

  it('completions: answers and streams legacy completions and bills both', async () => {
    r.upstream.setRoute('POST /v1/completions', (req: RecordedRequest) =>
      (req.body as { stream?: boolean }).stream
        ? fixtureReply('openai', 'completions-stream')
        : jsonReply({ id: 'cmpl-1', object: 'text_completion', created: 1, model: 'gpt-3.5-turbo-instruct', choices: [{ text: 'This is a test.', index: 0, logprobs: null, finish_reason: 'stop' }], usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } }),
    );
    const { model, user, client } = await setup();
    const answer = await client.completions.create({ model, prompt: 'Say this is a test', max_tokens: 7 });
    expect(answer.choices[0].text).toBe('This is a test.');

    const stream = await client.completions.create({ model, prompt: 'Say this is a test', stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.text ?? '';
    expect(text).toBe('This is a test.');
    expect(sentBody(1)).toMatchObject({ model, stream: true, stream_options: { include_usage: true } });

    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(2);
    const logs = await r.logsOf(user.id, 2);
    expect(logs.map((l) => [l.is_stream, l.prompt_tokens, l.completion_tokens, l.quota]).sort()).toEqual(
      [
        [0, 5, 7, r.quotaFor(model, { prompt: 5, completion: 7 })],
        [1, 5, 5, r.quotaFor(model, { prompt: 5, completion: 5 })],
      ].sort(),
    );
  });
});
