import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply, sseReply } from '../../test/fake-upstream/index.js';
import { ChannelType } from '@gw/contracts';
import { testDialects } from '../../test/test-database.js';

const thinkingAnswer = (model: string) => ({
  id: 'msg_ds_01',
  type: 'message',
  role: 'assistant',
  model,
  content: [
    { type: 'thinking', thinking: '27 × 453: 27 × 400 = 10800, 27 × 53 = 1431.', signature: 'c2lnbmVkLXRoaW5raW5n' },
    { type: 'text', text: '12231' },
  ],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 30, output_tokens: 40, cache_read_input_tokens: 200, cache_creation_input_tokens: 0 },
});

const streamEvents = (model: string) =>
  [
    { type: 'message_start', message: { ...thinkingAnswer(model), content: [], stop_reason: null, usage: { input_tokens: 30, output_tokens: 1, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Add them.' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'c2ln' } },
    { type: 'content_block_stop', index: 0 },
    { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: '4' } },
    { type: 'content_block_stop', index: 1 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 12 } },
    { type: 'message_stop' },
  ].map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}`);

/** Claude Code and other Anthropic clients on DeepSeek, Moonshot, Zhipu and DashScope channels: their own Messages endpoints. */
describe.each(testDialects())('Claude Messages on providers with an Anthropic-compatible endpoint (%s)', (dialect) => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
  });
  afterAll(() => r?.close());

  it('sends /v1/messages to a DeepSeek channel’s /anthropic/v1/messages as it came, keeps thinking signatures, and bills the Claude usage', async () => {
    const model = await r.uniqueModel();
    r.upstream.setRoute('POST /anthropic/v1/messages', jsonReply(thinkingAnswer(model)));
    await r.createChannel({ type: ChannelType.DeepSeek, models: model, key: 'ds-key' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
    const history = [
      { role: 'user' as const, content: 'What is 27 × 453?' },
      { role: 'assistant' as const, content: [{ type: 'thinking' as const, thinking: 'earlier thought', signature: 'sig-from-before' }, { type: 'text' as const, text: 'Let me see.' }] },
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'Go on.', cache_control: { type: 'ephemeral' as const } }] },
    ];
    const message = await anthropic.messages.create({ model, max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: history });
    expect(message.content).toEqual(thinkingAnswer(model).content);

    const sent = r.upstream.requests.at(-1)!;
    expect(sent.path).toBe('/anthropic/v1/messages');
    expect(sent.headers['x-api-key']).toBe('ds-key');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.body).toEqual({ model, max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: history });

    await r.settled();
    const [log] = await r.logsOf(user.id, 2);
    expect(log).toMatchObject({ model_name: model, prompt_tokens: 230, completion_tokens: 40 });
    expect(JSON.parse(log.other!)).toMatchObject({ cache_tokens: 200, usage_semantic: 'anthropic' });
  });

  it('streams the Claude events of a Moonshot channel unchanged, and chat requests still go to its OpenAI endpoint', async () => {
    const model = await r.uniqueModel();
    r.upstream.setRoute('POST /anthropic/v1/messages', sseReply(streamEvents(model)));
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('chat answer', chatUsage(9, 2), model)));
    await r.createChannel({ type: ChannelType.Moonshot, models: model, key: 'kimi-key', base_url: `${r.upstream.url}/v1` });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
    const final = await anthropic.messages.stream({ model, max_tokens: 500, messages: [{ role: 'user', content: '2 + 2?' }] }).finalMessage();
    expect(final.content[0]).toEqual({ type: 'thinking', thinking: 'Add them.', signature: 'c2ln' });
    expect(final.content[1]).toMatchObject({ type: 'text', text: '4' });
    expect(r.upstream.requests.at(-1)!.path).toBe('/anthropic/v1/messages');

    const chat = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(chat.choices[0]!.message.content).toBe('chat answer');
    expect(r.upstream.requests.at(-1)!.path).toBe('/v1/chat/completions');

    await r.settled();
    const logs = await r.logsOf(user.id, 2);
    expect(logs.map((l) => [l.is_stream, l.prompt_tokens, l.completion_tokens])).toEqual([
      [1, 30, 12],
      [0, 9, 2],
    ]);
  });
});
