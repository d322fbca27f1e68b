import { describe, expect, it } from 'vitest';
import { RelayError } from '../../relay-error.js';
import { responsesToChatRequest } from './responses-request-to-chat.js';
import { ChatToResponsesStream, chatToResponsesResponse } from './responses-from-chat.js';
import { chatToResponsesRequest } from './chat-request-to-responses.js';
import { ResponsesToChatStream, responsesToChatCompletion } from './responses-to-chat.js';
import type { ChatCompletion, ChatCompletionChunk } from './types.js';

const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: Record<string, unknown>): ChatCompletionChunk =>
  ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) }) as ChatCompletionChunk;

describe('responsesToChatRequest', () => {
  it('maps roles, content parts, earlier answers, reasoning items, output format and tool choice', () => {
    const chat = responsesToChatRequest({
      model: 'm',
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Be terse.' }] },
        { role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'low' }] },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'A square.', annotations: [] }] },
        { role: 'user', content: 'Sure?' },
      ],
      text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true } },
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' } }],
      tool_choice: { type: 'function', name: 'f' },
      temperature: 0.2,
      store: true,
    });
    expect(chat).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } }] },
        { role: 'assistant', content: 'A square.' },
        { role: 'user', content: 'Sure?' },
      ],
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
      tool_choice: { type: 'function', function: { name: 'f' } },
      temperature: 0.2,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } },
    });
  });

  it('refuses stored items and unknown roles as the caller\'s mistake', () => {
    for (const req of [{ input: [{ type: 'item_reference', id: 'msg_1' }] }, { input: [{ role: 'robot', content: 'x' }] }, { input: [{ role: 'user', content: [{ type: 'input_image', file_id: 'file_1' }] }] }]) {
      expect(() => responsesToChatRequest({ model: 'm', ...req })).toThrow(RelayError);
    }
  });
});

describe('custom (free-form) tools on chat channels', () => {
  const applyPatch = { type: 'custom', name: 'apply_patch', description: 'Edit files.', format: { type: 'grammar', syntax: 'lark', definition: 'start: "*** Begin Patch"' } };
  const patch = '*** Begin Patch\n*** End Patch';

  it('offers a custom tool as a function of one string, and sends its earlier calls and outputs as tool calls', () => {
    const chat = responsesToChatRequest({
      model: 'm',
      tools: [applyPatch],
      tool_choice: { type: 'custom', name: 'apply_patch' },
      input: [
        { role: 'user', content: 'Fix it' },
        { type: 'custom_tool_call', call_id: 'call_p', name: 'apply_patch', input: patch },
        { type: 'custom_tool_call_output', call_id: 'call_p', output: 'Done' },
      ],
    });
    expect(chat.tools).toEqual([{ type: 'function', function: { name: 'apply_patch', description: 'Edit files.\n\nThe input must follow this lark grammar:\nstart: "*** Begin Patch"', parameters: expect.objectContaining({ required: ['input'] }) } }]);
    expect(chat.tool_choice).toEqual({ type: 'function', function: { name: 'apply_patch' } });
    expect(chat.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_p', type: 'function', function: { name: 'apply_patch', arguments: JSON.stringify({ input: patch }) } }] },
      { role: 'tool', tool_call_id: 'call_p', content: 'Done' },
    ]);
  });

  it('returns the model\'s calls of it as custom tool calls with the input unwrapped, whole or streamed', () => {
    const call = { id: 'call_p', type: 'function' as const, function: { name: 'apply_patch', arguments: JSON.stringify({ input: patch }) } };
    const completion = { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [call] }, finish_reason: 'tool_calls' }] } as unknown as ChatCompletion;
    expect(chatToResponsesResponse(completion, { tools: [applyPatch] }).output).toEqual([{ type: 'custom_tool_call', id: expect.stringMatching(/^ctc_/), call_id: 'call_p', name: 'apply_patch', input: patch }]);

    const stream = new ChatToResponsesStream('m', { tools: [applyPatch] });
    const args = call.function.arguments;
    const events = [
      ...stream.pushChunk(chunk({ tool_calls: [{ index: 0, id: 'call_p', type: 'function', function: { name: 'apply_patch', arguments: args.slice(0, 10) } }] })),
      ...stream.pushChunk(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(10) } }] }, 'tool_calls')),
      ...stream.finish(),
    ];
    expect(events.map((e) => e.type)).toEqual([
      'response.created', 'response.in_progress', 'response.output_item.added',
      'response.custom_tool_call_input.delta', 'response.custom_tool_call_input.done', 'response.output_item.done', 'response.completed',
    ]);
    expect(events.find((e) => e.type === 'response.custom_tool_call_input.done')!.input).toBe(patch);
    expect(events.at(-1)!.response.output).toEqual([{ type: 'custom_tool_call', id: expect.any(String), call_id: 'call_p', name: 'apply_patch', input: patch }]);
  });
});

describe('chat answers as Responses answers', () => {
  it('a complete answer: reasoning, message and usage; cut at the token limit it is incomplete', () => {
    const completion = {
      id: 'c', object: 'chat.completion', created: 5, model: 'deepseek-reasoner',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Forty-two', reasoning_content: 'Thinking…' }, finish_reason: 'length' }],
      usage: { prompt_tokens: 3, completion_tokens: 9, total_tokens: 12, completion_tokens_details: { reasoning_tokens: 6 } },
    } as ChatCompletion;
    const response = chatToResponsesResponse(completion, { model: 'x', max_output_tokens: 9 });
    expect(response).toMatchObject({
      object: 'response', created_at: 5, model: 'deepseek-reasoner', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, max_output_tokens: 9,
      output: [{ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Thinking…' }] }, { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Forty-two' }] }],
      usage: { input_tokens: 3, output_tokens: 9, total_tokens: 12, output_tokens_details: { reasoning_tokens: 6 } },
    });
  });

  it('a stream: numbered events, reasoning then text then a tool call, each item opened once and closed before the end', () => {
    const stream = new ChatToResponsesStream('m', { model: 'm' });
    const events = [
      ...stream.pushChunk(chunk({ role: 'assistant', reasoning_content: 'Hmm' })),
      ...stream.pushChunk(chunk({ content: 'Let me check.' })),
      ...stream.pushChunk(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a"' } }] })),
      ...stream.pushChunk(chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }, 'tool_calls')),
      ...stream.pushChunk({ ...chunk({}), choices: [], usage: { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10 } } as ChatCompletionChunk),
      ...stream.finish(),
    ];
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events.map((e) => e.type)).toEqual([
      'response.created', 'response.in_progress',
      'response.output_item.added', 'response.reasoning_summary_part.added', 'response.reasoning_summary_text.delta',
      'response.output_item.added', 'response.content_part.added', 'response.output_text.delta',
      'response.output_item.added', 'response.function_call_arguments.delta', 'response.function_call_arguments.delta',
      'response.reasoning_summary_text.done', 'response.reasoning_summary_part.done', 'response.output_item.done',
      'response.output_text.done', 'response.content_part.done', 'response.output_item.done',
      'response.function_call_arguments.done', 'response.output_item.done',
      'response.completed',
    ]);
    expect(events.at(-1)!.response).toMatchObject({
      status: 'completed',
      output: [{ type: 'reasoning', summary: [{ text: 'Hmm' }] }, { type: 'message', content: [{ text: 'Let me check.' }] }, { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}', status: 'completed' }],
      usage: { input_tokens: 4, output_tokens: 6, total_tokens: 10 },
    });
  });
});

describe('responses the gateway stores', () => {
  const completion = { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }] } as ChatCompletion;

  it('say store: false and no previous response unless a storage is given', () => {
    expect(chatToResponsesResponse(completion, { model: 'm' })).toMatchObject({ store: false, previous_response_id: null });
  });

  it('hand the final object to the storage, which may turn store off, whole or streamed', () => {
    const seen: Record<string, any>[] = [];
    const storage = { echo: { store: true, previous_response_id: 'resp_prev' }, finished: (r: Record<string, any>) => void seen.push(r) };
    const whole = chatToResponsesResponse(completion, { model: 'm' }, storage);
    expect(whole).toMatchObject({ store: true, previous_response_id: 'resp_prev', status: 'completed' });
    expect(seen).toEqual([whole]);

    const refusing = { ...storage, finished: (r: Record<string, any>) => void (r.store = false) };
    const stream = new ChatToResponsesStream('m', { model: 'm' }, refusing);
    const created = stream.pushChunk(chunk({ content: 'Hi' }, 'stop'))[0];
    expect(created.response).toMatchObject({ store: true, previous_response_id: 'resp_prev' });
    const done = stream.finish().at(-1)!;
    expect(done).toMatchObject({ type: 'response.completed', response: { store: false, previous_response_id: 'resp_prev' } });
  });
});

describe('chat clients on the Responses API', () => {
  it('maps a chat request: parts, images, reasoning effort, json_schema, tool choice; max_completion_tokens wins', () => {
    expect(
      chatToResponsesRequest({
        model: 'gpt-5-codex',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }],
        max_tokens: 10,
        max_completion_tokens: 20,
        reasoning_effort: 'high',
        response_format: { type: 'json_schema', json_schema: { name: 'r', schema: { type: 'object' }, strict: true } },
        tools: [{ type: 'function', function: { name: 'f' } }],
        tool_choice: { type: 'function', function: { name: 'f' } },
        stream: true,
      }),
    ).toEqual({
      model: 'gpt-5-codex',
      store: false,
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Look' }, { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'auto' }] }],
      max_output_tokens: 20,
      reasoning: { effort: 'high' },
      text: { format: { type: 'json_schema', name: 'r', schema: { type: 'object' }, strict: true } },
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object', properties: {} }, strict: false }],
      tool_choice: { type: 'function', name: 'f' },
      stream: true,
    });
  });

  it('maps an incomplete answer to finish_reason length, with reasoning as reasoning_content', () => {
    const completion = responsesToChatCompletion({
      id: 'resp_1', created_at: 7, model: 'o3-pro', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' },
      output: [{ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Plan.' }] }, { type: 'message', content: [{ type: 'output_text', text: 'Partial' }] }],
      usage: { input_tokens: 5, output_tokens: 20, total_tokens: 25 },
    });
    expect(completion).toMatchObject({ id: 'resp_1', created: 7, model: 'o3-pro', choices: [{ finish_reason: 'length', message: { content: 'Partial', reasoning_content: 'Plan.' } }], usage: { prompt_tokens: 5, completion_tokens: 20 } });
  });

  it('streams: no usage chunk when the client refused it, and a failed response as an error item', () => {
    const stream = new ResponsesToChatStream('m', false);
    const chunks = [
      ...stream.push({ type: 'response.output_text.delta', delta: 'Hi' }),
      ...stream.push({ type: 'response.completed', response: { status: 'completed', usage: { input_tokens: 1, output_tokens: 1 } } }),
    ];
    expect(chunks.map((c) => c.choices?.[0]?.delta ?? c.choices?.[0]?.finish_reason)).toEqual([{ role: 'assistant', content: '' }, { content: 'Hi' }, {}]);
    expect(chunks.at(-1)!.choices[0].finish_reason).toBe('stop');
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(new ResponsesToChatStream('m', true).push({ type: 'response.failed', response: { error: { code: 'server_error', message: 'boom' } } })).toEqual([{ error: { message: 'boom', type: 'upstream_error', param: null, code: 'server_error' } }]);
  });
});
