import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { readChatStream, useRelayContext, type CustomerRelayContext } from '../../test/relay-harness.js';
import { errorReply, fixtureReply, jsonFixture, jsonReply, type Reply } from '../../test/fake-upstream/index.js';

/**
 * OpenAI models served only at /v1/responses (gpt-5-codex, o3-pro…): chat clients (OpenAI's chat
 * completions, Anthropic's messages) still reach them through an OpenAI channel, the gateway sending the
 * request to /v1/responses and converting the answer back. The upstream's chat endpoint refuses them as
 * OpenAI's does.
 */

const functionCallResponse = {
  ...(jsonFixture('openai', 'responses').body as Record<string, unknown>),
  output: [{ type: 'function_call', id: 'fc_1', call_id: 'call_9', name: 'get_weather', arguments: '{"city":"Oslo"}', status: 'completed' }],
};

interface SentResponses {
  model: string;
  input: unknown[];
  store?: boolean;
  stream?: boolean;
  max_output_tokens?: number;
  tools?: unknown[];
}

describe('chat clients on Responses-only OpenAI models (sqlite)', () => {
  let reply: (body: SentResponses) => Reply;
  const context = useRelayContext({
    'POST /v1/responses': (req) => reply(req.body as SentResponses),
    'POST /v1/chat/completions': errorReply(404, { error: { message: 'This model is only supported in v1/responses and not in v1/chat/completions.', type: 'invalid_request_error', param: 'model', code: null } }),
  });
  let r: CustomerRelayContext;
  let model: string;

  beforeAll(async () => {
    r = context();
    // The client's name maps to OpenAI's Responses-only model.
    model = await r.uniqueModel();
    await r.createChannel({ type: ChannelType.OpenAI, models: model, model_mapping: JSON.stringify({ [model]: 'gpt-5-codex' }) });
  });

  const sent = () => r.upstream.requests.at(-1)!;

  it('answers a chat completion from /v1/responses, and bills the usage it reports', async () => {
    reply = () => fixtureReply('openai', 'responses');
    const answer = await r.openai(r.key).chat.completions.create({ model, messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'A story' }], max_tokens: 200 });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'In a peaceful grove beneath a silver moon, a unicorn slept.' }, finish_reason: 'stop' });
    expect(answer.usage).toMatchObject({ prompt_tokens: 36, completion_tokens: 87, prompt_tokens_details: { cached_tokens: 16 }, completion_tokens_details: { reasoning_tokens: 40 } });
    expect(sent().path).toBe('/v1/responses');
    expect(sent().body).toMatchObject({
      model: 'gpt-5-codex',
      store: false,
      max_output_tokens: 200,
      input: [{ type: 'message', role: 'developer', content: 'Be kind.' }, { type: 'message', role: 'user', content: 'A story' }],
    });
    await r.settled();
    const [log] = (await r.logsOf(r.userId, 2)).slice(-1);
    expect(log).toMatchObject({ model_name: model, prompt_tokens: 36, completion_tokens: 87 });
    expect(JSON.parse(log.other!)).toMatchObject({ upstream_model_name: 'gpt-5-codex', cache_tokens: 16 });
  });

  it('streams chat chunks made from the Responses events, with the usage chunk', async () => {
    reply = () => fixtureReply('openai', 'responses-stream');
    const stream = await r.openai(r.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const { text, finish, usage } = await readChatStream(stream);
    expect(text).toBe('Hi there!');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 37, completion_tokens: 11, total_tokens: 48 });
    expect(sent().body).toMatchObject({ model: 'gpt-5-codex', stream: true });
  });

  it('turns function calls into tool calls, and sends tool results back as function_call_output items', async () => {
    reply = () => jsonReply(functionCallResponse);
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const answer = await r.openai(r.key).chat.completions.create({ model, tools, messages: [{ role: 'user', content: 'Weather in Oslo?' }] });
    expect(answer.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] } });
    expect((sent().body as SentResponses).tools).toEqual([{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false }]);

    reply = () => fixtureReply('openai', 'responses');
    await r.openai(r.key).chat.completions.create({
      model,
      tools,
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: null, tool_calls: answer.choices[0].message.tool_calls },
        { role: 'tool', tool_call_id: 'call_9', content: 'snow' },
      ],
    });
    expect((sent().body as SentResponses).input).toEqual([
      { type: 'message', role: 'user', content: 'Weather in Oslo?' },
      { type: 'function_call', call_id: 'call_9', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { type: 'function_call_output', call_id: 'call_9', output: 'snow' },
    ]);
  });

  it('serves a Claude client the same way (messages → chat → responses and back)', async () => {
    reply = () => fixtureReply('openai', 'responses');
    const anthropic = new Anthropic({ apiKey: r.key, baseURL: r.gateway, maxRetries: 0 });
    const message = await anthropic.messages.create({ model, max_tokens: 100, messages: [{ role: 'user', content: 'A story' }] });
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'In a peaceful grove beneath a silver moon, a unicorn slept.' });
    expect(message.usage).toMatchObject({ output_tokens: 87 });
    expect(sent().path).toBe('/v1/responses');
  });
});
