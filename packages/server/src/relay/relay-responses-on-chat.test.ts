import { beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { chatCompletion, chatStreamEvents, chatUsage, useChatOnlyChannel, type CustomerRelayContext } from '../../test/relay-harness.js';
import { jsonReply, sseReply } from '../../test/fake-upstream/index.js';

/**
 * The Responses API (`POST /v1/responses`, what Codex CLI speaks) on a channel that only speaks chat: the
 * official `openai` client's responses calls, streamed and not, with tools, against a DeepSeek channel
 * (chat completions only). The request goes upstream as chat and the answer comes back as a response.
 */

const toolAnswer = {
  ...chatCompletion(''),
  choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: 'tool_calls' }],
  usage: { ...chatUsage(30, 9), prompt_tokens_details: { cached_tokens: 10 } },
};

interface SentChat {
  model: string;
  messages: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: unknown[];
  max_tokens?: number;
  stream?: boolean;
  stream_options?: unknown;
  reasoning_effort?: string;
}

describe('Responses API clients on chat-only channels (sqlite)', () => {
  const chat = useChatOnlyChannel<SentChat>();
  let r: CustomerRelayContext;
  let model: string;
  beforeAll(() => {
    r = chat.r();
    model = chat.model();
  });

  const sent = chat.sent;

  it('answers responses.create with a response object, sending the upstream a chat request, and bills it', async () => {
    chat.answerWith(() => jsonReply(chatCompletion('Bonjour!', chatUsage(21, 4))));
    const response = await r.openai(r.key).responses.create({ model, instructions: 'Answer in French.', input: 'Say hello', max_output_tokens: 64, reasoning: { effort: 'low' } });
    expect(response).toMatchObject({ object: 'response', status: 'completed', model: expect.any(String) });
    expect(response.output_text).toBe('Bonjour!');
    expect(response.usage).toMatchObject({ input_tokens: 21, output_tokens: 4, total_tokens: 25 });
    expect(sent()).toMatchObject({
      model,
      messages: [{ role: 'system', content: 'Answer in French.' }, { role: 'user', content: 'Say hello' }],
      max_tokens: 64,
      reasoning_effort: 'low',
    });
    await r.settled();
    const [log] = (await r.logsOf(r.userId, 2)).slice(-1);
    expect(log).toMatchObject({ model_name: model, prompt_tokens: 21, completion_tokens: 4, quota: r.quotaFor(model, { prompt: 21, completion: 4 }) });
    expect(JSON.parse(log.other!).request_path).toBe('/v1/responses');
  });

  it('streams typed Responses events built from the chat chunks, ending with response.completed and its usage', async () => {
    chat.answerWith(() => sseReply(chatStreamEvents(['Hel', 'lo', '!'], chatUsage(9, 3))));
    const stream = r.openai(r.key).responses.stream({ model, input: [{ role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }] });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    const final = await stream.finalResponse();
    expect(text).toBe('Hello!');
    expect(final.output_text).toBe('Hello!');
    expect(final.usage).toMatchObject({ input_tokens: 9, output_tokens: 3 });
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(types).toEqual(expect.arrayContaining(['response.output_item.added', 'response.content_part.added', 'response.output_text.done', 'response.output_item.done']));
    expect(sent()).toMatchObject({ stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('turns tool calls into function_call items, and sends function_call_output back as chat tool messages', async () => {
    chat.answerWith(() => jsonReply(toolAnswer));
    const client = r.openai(r.key);
    const tools = [{ type: 'function' as const, name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false }];
    const first = await client.responses.create({ model, input: 'Weather in Paris?', tools });
    expect(first.output).toEqual([expect.objectContaining({ type: 'function_call', call_id: 'call_w1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' })]);
    expect(first.usage).toMatchObject({ input_tokens: 30, input_tokens_details: { cached_tokens: 10 } });
    expect(sent().tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false } }]);

    chat.answerWith(() => jsonReply(chatCompletion('Sunny, 24 °C.')));
    const call = first.output[0] as { call_id: string; name: string; arguments: string };
    const second = await client.responses.create({
      model,
      tools,
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: call.call_id, name: call.name, arguments: call.arguments },
        { type: 'function_call_output', call_id: call.call_id, output: '{"temp":24,"sky":"sunny"}' },
      ],
    });
    expect(second.output_text).toBe('Sunny, 24 °C.');
    expect(sent().messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_w1', content: '{"temp":24,"sky":"sunny"}' },
    ]);
  });

  it('offers Codex\'s free-form apply_patch tool as a function, and returns its call as a custom_tool_call', async () => {
    const patch = '*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch';
    chat.answerWith(() => jsonReply({ ...toolAnswer, choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_p', type: 'function', function: { name: 'apply_patch', arguments: JSON.stringify({ input: patch }) } }] }, finish_reason: 'tool_calls' }] }));
    const response = await r.openai(r.key).responses.create({ model, input: 'Add hello.txt', tools: [{ type: 'custom', name: 'apply_patch', description: 'Edit files with a patch.' }] });
    expect(response.output).toEqual([expect.objectContaining({ type: 'custom_tool_call', call_id: 'call_p', name: 'apply_patch', input: patch })]);
    expect(sent().tools).toEqual([{ type: 'function', function: expect.objectContaining({ name: 'apply_patch', parameters: expect.objectContaining({ required: ['input'] }) }) }]);
  });

  it('goes through a Claude channel too: Responses → chat → Claude Messages and back', async () => {
    const claudeModel = await r.uniqueModel();
    r.upstream.setRoute('POST /v1/messages', jsonReply({ id: 'msg_1', type: 'message', role: 'assistant', model: claudeModel, content: [{ type: 'text', text: 'Hi from Claude' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 11, output_tokens: 5 } }));
    await r.createChannel({ type: ChannelType.AnthropicClaude, models: claudeModel });
    const response = await r.openai(r.key).responses.create({ model: claudeModel, instructions: 'Be brief.', input: 'Hello' });
    expect(response.output_text).toBe('Hi from Claude');
    expect(response.usage).toMatchObject({ input_tokens: 11, output_tokens: 5 });
    expect(r.upstream.requests.at(-1)!.body).toMatchObject({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hello' }] });
  });

  it('refuses what only OpenAI\'s servers keep or run (a response id it did not store, built-in tools) with a 400 and no charge', async () => {
    // The earlier tests' charges land first.
    await r.settled();
    const before = await r.quotaOf(r.userId);
    const client = r.openai(r.key);
    await expect(client.responses.create({ model, input: 'again', previous_response_id: 'resp_123' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/previous_response_id "resp_123" is unknown to this gateway/) });
    await expect(client.responses.create({ model, input: 'search', tools: [{ type: 'web_search' }] })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/web_search tool needs OpenAI's own Responses API/) });
    expect(r.upstream.requests).toHaveLength(0);
    await r.settled();
    expect(await r.quotaOf(r.userId)).toEqual(before);
  });
});
