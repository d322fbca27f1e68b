import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { chatCompletion, chatUsage, useRelayContext, type CustomerRelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, type Reply } from '../../test/fake-upstream/index.js';

/** Every tool call id of a chat body: the assistant's calls and the tool results, in order. */
function toolCallIds(body: { messages?: { tool_calls?: { id: string }[]; tool_call_id?: string }[] }): string[] {
  return (body.messages ?? []).flatMap((m) => [...(m.tool_calls ?? []).map((c) => c.id), ...(m.tool_call_id ? [m.tool_call_id] : [])]);
}

/** Mistral's chat endpoint as it treats tool call ids: anything but 9 letters and digits is refused. */
function mistralChat(req: { body: unknown }): Reply {
  const bad = toolCallIds(req.body as never).find((id) => !/^[A-Za-z0-9]{9}$/.test(id));
  if (bad !== undefined) {
    return errorReply(400, { object: 'error', message: `Tool call id was ${bad} but must be a-z, A-Z, 0-9, with a length of 9.`, type: 'invalid_request_message_error', param: null, code: '3280' });
  }
  return jsonReply(chatCompletion('It is sunny in Paris.', chatUsage(40, 7)));
}

const weatherTool = { type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };

describe('Mistral channels take only 9-character tool call ids (sqlite)', () => {
  const context = useRelayContext({ 'POST /v1/chat/completions': mistralChat });
  let r: CustomerRelayContext;
  let model: string;

  beforeAll(async () => {
    r = context();
    model = await r.uniqueModel();
    await r.createChannel({ type: ChannelType.Mistral, models: model });
  });

  const conversation = (callId: string, earlier?: string) => ({
    model,
    tools: [weatherTool],
    messages: [
      { role: 'user' as const, content: 'Weather in Paris, and in Lyon?' },
      ...(earlier ? [{ role: 'assistant' as const, content: null, tool_calls: [{ id: earlier, type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } }] }, { role: 'tool' as const, tool_call_id: earlier, content: 'rain' }] : []),
      { role: 'assistant' as const, content: null, tool_calls: [{ id: callId, type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool' as const, tool_call_id: callId, content: 'sunny' },
    ],
  });

  it('maps an OpenAI client\'s call ids so each call still matches its result, the same way on every turn, and keeps Mistral\'s own', async () => {
    const client = r.openai(r.key);
    const answer = await client.chat.completions.create(conversation('call_Xk2mR9pQ7vLw3nTb'));
    expect(answer.choices[0].message.content).toBe('It is sunny in Paris.');
    const [sent, result, ...rest] = toolCallIds(r.upstream.requests[0].body as never);
    expect(sent).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(result).toBe(sent);
    expect(rest).toEqual([]);

    // The next turn resends the conversation: the same call gets the same id; an id Mistral made is kept.
    await client.chat.completions.create(conversation('D6fQ2mZ8a', 'call_Xk2mR9pQ7vLw3nTb'));
    expect(toolCallIds(r.upstream.requests[1].body as never)).toEqual([sent, sent, 'D6fQ2mZ8a', 'D6fQ2mZ8a']);
  });

  it('maps a Claude client\'s tool_use ids the same way', async () => {
    const anthropic = new Anthropic({ apiKey: r.key, baseURL: r.gateway, maxRetries: 0 });
    const message = await anthropic.messages.create({
      model,
      max_tokens: 100,
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01A09q90qw90lq917835lq9', content: 'sunny' }] },
      ],
    });
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'It is sunny in Paris.' });
    const ids = toolCallIds(r.upstream.requests[0].body as never);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[0]).toMatch(/^[A-Za-z0-9]{9}$/);
  });
});
