import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionRegistry } from '../options/option-registry.js';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply, rawReply, sseReply } from '../../test/fake-upstream/index.js';
import { chunkFrame, concatBytes } from './providers/aws-claude/event-stream.test-helpers.js';

const claudeMessage = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5-20250929',
  content: [{ type: 'text', text: 'Native hello' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 20, output_tokens: 6, cache_read_input_tokens: 100, cache_creation_input_tokens: 0 },
};

const claudeEvents = [
  { type: 'message_start', message: { ...claudeMessage, content: [], stop_reason: null, usage: { input_tokens: 20, output_tokens: 1, cache_read_input_tokens: 100, cache_creation_input_tokens: 0 } } },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Native ' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'hello' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 6 } },
  { type: 'message_stop' },
];
const claudeSse = claudeEvents.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}`);

describe('Claude channels through the gateway (sqlite)', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());

  it('passes /v1/messages to an Anthropic channel natively and bills cache reads at the cache ratio', async () => {
    const model = await r.uniqueModel();
    await r.ctx.services.options.set({ CacheRatio: { ...r.ctx.services.options.get('CacheRatio'), [model]: 0.1 } });
    r.upstream.setRoute('POST /v1/messages', jsonReply({ ...claudeMessage, model }));
    await r.createChannel({ type: 14, models: model, key: 'anthropic-key' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
    const message = await anthropic.messages.create({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'Native hello' });
    const sent = r.upstream.requests.at(-1)!;
    expect(sent.headers['x-api-key']).toBe('anthropic-key');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    await r.settled();
    const log = await r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', 2).executeTakeFirstOrThrow();
    // Claude's input excludes the cache: 20 + 100 cached at 0.1 + 6 × completion ratio, × model ratio 1.
    expect(log.prompt_tokens).toBe(120);
    expect(JSON.parse(log.other!)).toMatchObject({ cache_tokens: 100, cache_ratio: 0.1, usage_semantic: 'anthropic' });
    expect(log.quota).toBe(Math.round((20 + 100 * 0.1 + 6 * JSON.parse(log.other!).completion_ratio) * 1));
  });

  it('streams native Claude events unchanged and converts them for OpenAI clients', async () => {
    const model = await r.uniqueModel();
    r.upstream.setRoute('POST /v1/messages', sseReply(claudeSse));
    await r.createChannel({ type: 14, models: model, key: 'anthropic-key' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
    const final = await anthropic.messages.stream({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: 'Native hello' });

    const openai = new OpenAI({ apiKey: token.key, baseURL: `${r.gateway}/v1`, maxRetries: 0 });
    const stream = await openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Native hello');
    expect(usage).toMatchObject({ completion_tokens: 6 });
    const sent = r.upstream.requests.at(-1)!.body as { model: string; max_tokens: number; messages: unknown[] };
    expect(sent.model).toBe(model);
    expect(sent.max_tokens).toBeGreaterThan(0);
    await expect.poll(async () => (await r.quotaOf(user.id)).request_count).toBe(2);
  });

  /** The consume log of one Claude Messages call of `model` whose upstream reports `usage`. */
  async function loggedCall(model: string, usage: Record<string, unknown>) {
    r.upstream.setRoute('POST /v1/messages', jsonReply({ ...claudeMessage, model, usage }));
    await r.createChannel({ type: 14, models: model, key: 'anthropic-key' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    await new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 }).messages.create({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
    await r.settled();
    const [log] = await r.logsOf(user.id, 2);
    return log;
  }

  it('bills one-hour cache writes at 1.6 × the cache-write ratio and logs them', async () => {
    const model = await r.uniqueModel();
    const log = await loggedCall(model, { input_tokens: 20, output_tokens: 6, cache_creation_input_tokens: 1000, cache_creation: { ephemeral_5m_input_tokens: 600, ephemeral_1h_input_tokens: 400 } });
    const other = JSON.parse(log.other!);
    expect(other).toMatchObject({ cache_creation_tokens: 1000, cache_creation_1h_tokens: 400, cache_creation_ratio: 1.25 });
    expect(log.quota).toBe(Math.round((20 + 600 * 1.25 + 400 * 1.25 * 1.6 + 6 * other.completion_ratio) * other.model_ratio));
  });

  it('bills cache writes at the model’s CreateCacheRatio when the option names it', async () => {
    const model = await r.uniqueModel();
    await r.setOptions({ CreateCacheRatio: { [model]: 2 } });
    const log = await loggedCall(model, { input_tokens: 20, output_tokens: 6, cache_creation_input_tokens: 1000 });
    await r.setOptions({ CreateCacheRatio: optionRegistry.CreateCacheRatio.default });
    const other = JSON.parse(log.other!);
    expect(other).toMatchObject({ cache_creation_tokens: 1000, cache_creation_ratio: 2 });
    expect(log.quota).toBe(Math.round((20 + 1000 * 2 + 6 * other.completion_ratio) * other.model_ratio));
  });

  it('bills a prompt past the model’s long-context threshold at the long-context prices and logs the tier', async () => {
    const model = await r.uniqueModel();
    await r.setOptions({ LongContextPrice: { ...r.ctx.services.options.get('LongContextPrice'), [model]: { threshold: 200_000, input: 2, output: 1.5 } } });
    await r.createChannel({ type: 14, models: model, key: 'anthropic-key' });
    const user = await r.createUser({ quota: 100_000_000 });
    const token = await r.createApiKey(user.id);
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
    for (const input of [150_000, 250_000]) {
      r.upstream.setRoute('POST /v1/messages', jsonReply({ ...claudeMessage, model, usage: { input_tokens: input, output_tokens: 100 } }));
      await anthropic.messages.create({ model, max_tokens: 50, messages: [{ role: 'user', content: 'a long document' }] });
    }
    await r.settled();
    const [short, long] = await r.logsOf(user.id, 2);
    const cr = JSON.parse(short.other!).completion_ratio;
    expect(short.quota).toBe(Math.round(150_000 + 100 * cr));
    expect(JSON.parse(short.other!).long_context_tier).toBeUndefined();
    expect(long.quota).toBe(Math.round(250_000 * 2 + 100 * cr * 1.5));
    expect(JSON.parse(long.other!).long_context_tier).toEqual({ threshold: 200_000, input: 2, output: 1.5 });
  });

  it('charges Claude’s web searches at ToolCallPrice on top of the tokens, streamed and not, native and converted', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ type: 14, models: model, key: 'anthropic-key' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const searched = { input_tokens: 20, output_tokens: 6, server_tool_use: { web_search_requests: 3 } };
    r.upstream.setRoute('POST /v1/messages', jsonReply({ ...claudeMessage, model, usage: searched }));
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
    await anthropic.messages.create({ model, max_tokens: 50, messages: [{ role: 'user', content: 'what is new today?' }] });
    const openai = new OpenAI({ apiKey: token.key, baseURL: `${r.gateway}/v1`, maxRetries: 0 });
    await openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'what is new today?' }] });
    // The search count comes in message_delta's cumulative usage.
    const events = claudeEvents.map((e) => (e.type === 'message_delta' ? { ...e, usage: { output_tokens: 6, server_tool_use: { web_search_requests: 3 } } } : e));
    r.upstream.setRoute('POST /v1/messages', sseReply(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}`)));
    await anthropic.messages.stream({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    const stream = await openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true });
    for await (const chunk of stream) void chunk;

    await r.settled();
    const logs = await r.logsOf(user.id, 2);
    expect(logs).toHaveLength(4);
    const searches = 3 * (10 / 1000) * 500_000; // $10 per 1000 searches, group ratio 1
    for (const log of logs) {
      const other = JSON.parse(log.other!);
      expect(other).toMatchObject({ web_search_calls: 3, web_search_price: 10 });
      const tokensOnly = r.quotaFor(model, { prompt: log.prompt_tokens, completion: log.completion_tokens });
      expect(log.quota, `${log.is_stream} ${other.request_path}`).toBe(tokensOnly + searches);
    }
  });

  it('ends the client’s answer at message_stop for Claude and OpenAI clients, even when the upstream is slow to close', async () => {
    const model = await r.uniqueModel();
    r.upstream.setRoute('POST /v1/messages', sseReply(claudeSse, { endDelayMs: 1500 }));
    await r.createChannel({ type: 14, models: model, key: 'anthropic-key' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    let startedAt = Date.now();
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
    const final = await anthropic.messages.stream({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(final).toMatchObject({ content: [{ type: 'text', text: 'Native hello' }], stop_reason: 'end_turn', usage: { output_tokens: 6 } });
    expect(Date.now() - startedAt).toBeLessThan(1200);

    startedAt = Date.now();
    const openai = new OpenAI({ apiKey: token.key, baseURL: `${r.gateway}/v1`, maxRetries: 0 });
    const stream = await openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    let finish;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finish ??= chunk.choices[0]?.finish_reason ?? undefined;
      if (chunk.usage) usage = chunk.usage;
    }
    expect({ text, finish, usage }).toMatchObject({ text: 'Native hello', finish: 'stop', usage: { completion_tokens: 6 } });
    expect(Date.now() - startedAt).toBeLessThan(1200);
    await expect.poll(async () => (await r.quotaOf(user.id)).request_count, { timeout: 6000 }).toBe(2);
  });

  it('passes a Claude client\'s anthropic-beta (joined with the model\'s configured betas) and anthropic-version on, and nothing for an OpenAI client', async () => {
    const model = await r.uniqueModel();
    await r.setOptions({ 'claude.model_headers_settings': { [model]: { 'anthropic-beta': ['context-1m-2025-08-07'] } } });
    r.upstream.setRoute('POST /v1/messages', jsonReply({ ...claudeMessage, model }));
    await r.createChannel({ type: 14, models: model, key: 'anthropic-key' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const claudeCode = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0, defaultHeaders: { 'anthropic-beta': 'interleaved-thinking-2025-05-14,context-1m-2025-08-07' } });
    await claudeCode.messages.create({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
    const sent = r.upstream.requests.at(-1)!;
    expect(sent.headers['anthropic-beta']).toBe('context-1m-2025-08-07,interleaved-thinking-2025-05-14');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');

    await r.post('/v1/messages', token.key, { model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }, { 'anthropic-version': '2099-01-01' });
    expect(r.upstream.requests.at(-1)!.headers).toMatchObject({ 'anthropic-version': '2099-01-01', 'anthropic-beta': 'context-1m-2025-08-07' });

    await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(r.upstream.requests.at(-1)!.headers).toMatchObject({ 'anthropic-version': '2023-06-01', 'anthropic-beta': 'context-1m-2025-08-07' });
    await r.setOptions({ 'claude.model_headers_settings': {} });
  });

  it('decodes the binary event stream of an AWS Bedrock channel', async () => {
    const model = await r.uniqueModel();
    const path = `/model/${encodeURIComponent(model)}/invoke-with-response-stream`;
    r.upstream.setRoute(`POST ${path}`, rawReply(concatBytes(claudeEvents.map((e) => chunkFrame(e))), 'application/vnd.amazon.eventstream'));
    await r.createChannel({ type: 33, models: model, key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-east-1' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    // A Claude client's beta features reach Bedrock in the body, where it takes them.
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0, defaultHeaders: { 'anthropic-beta': 'interleaved-thinking-2025-05-14' } });
    const final = await anthropic.messages.stream({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: 'Native hello' });
    const sent = r.upstream.requests.at(-1)!;
    expect(String(sent.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/bedrock\/aws4_request/);
    expect(sent.body).toMatchObject({ anthropic_version: 'bedrock-2023-05-31', anthropic_beta: ['interleaved-thinking-2025-05-14'] });
    expect(sent.headers).not.toHaveProperty('anthropic-beta');
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBeGreaterThan(0);
  });
});
