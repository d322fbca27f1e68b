import { beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { chatCompletion, chatStreamEvents, chatUsage, useChatOnlyChannel, type CustomerRelayContext } from '../../test/relay-harness.js';
import { jsonReply, sseReply } from '../../test/fake-upstream/index.js';

/**
 * The gateway's own store for the Responses API on chat-only channels: a response answered through the
 * chat bridge is kept (unless `store: false`), so the next request can continue it by
 * `previous_response_id`, and its owner can read or delete it. Called with the official `openai` client.
 */

interface SentChat {
  messages: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
}

const toolAnswer = {
  ...chatCompletion(''),
  choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: 'tool_calls' }],
};
const tools = [{ type: 'function' as const, name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false }];

describe('Responses stored by the gateway for previous_response_id (sqlite)', () => {
  const chat = useChatOnlyChannel<SentChat>();
  let r: CustomerRelayContext;
  let model: string;
  beforeAll(() => {
    r = chat.r();
    model = chat.model();
  });

  const sent = chat.sent;
  const answer = (text: string) => chat.answerWith(() => jsonReply(chatCompletion(text, chatUsage(20, 5))));
  const get = (path: string, key: string, method = 'GET') => fetch(`${r.gateway}${path}`, { method, headers: { authorization: `Bearer ${key}` } });

  it('continues a stored conversation: the upstream gets every earlier turn, the answer echoes the id', async () => {
    const client = r.openai(r.key);
    answer('Nice to meet you, Ada.');
    const first = await client.responses.create({ model, instructions: 'Be brief.', input: 'My name is Ada.' });
    expect(first).toMatchObject({ store: true, previous_response_id: null });

    answer('Your name is Ada.');
    const second = await client.responses.create({ model, previous_response_id: first.id, input: 'What is my name?' });
    expect(second.output_text).toBe('Your name is Ada.');
    expect(second).toMatchObject({ store: true, previous_response_id: first.id });
    // The first turn's instructions are not inherited.
    expect(sent().messages).toEqual([
      { role: 'user', content: 'My name is Ada.' },
      { role: 'assistant', content: 'Nice to meet you, Ada.' },
      { role: 'user', content: 'What is my name?' },
    ]);

    answer('Elle s\'appelle Ada.');
    await client.responses.create({ model, previous_response_id: second.id, instructions: 'Answer in French.', input: [{ role: 'user', content: [{ type: 'input_text', text: 'Her name?' }] }] });
    expect(sent().messages).toEqual([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'My name is Ada.' },
      { role: 'assistant', content: 'Nice to meet you, Ada.' },
      { role: 'user', content: 'What is my name?' },
      { role: 'assistant', content: 'Your name is Ada.' },
      { role: 'user', content: 'Her name?' },
    ]);
  });

  it('stores the conversation for 30 days, without output ids or reasoning items', async () => {
    chat.answerWith(() => jsonReply({ ...chatCompletion('4', chatUsage(20, 5)), choices: [{ index: 0, message: { role: 'assistant', content: '4', reasoning_content: 'Two plus two.' }, finish_reason: 'stop' }] }));
    const first = await r.openai(r.key).responses.create({ model, input: 'What is 2+2?' });
    expect(first.output.map((o) => o.type)).toEqual(['reasoning', 'message']);
    await r.ctx.services.responsesStore.drain();
    const row = await r.ctx.db.selectFrom('stored_responses').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: r.userId, model });
    expect(row.expires_at - row.created_at).toBe(30 * 86_400);
    expect(JSON.parse(row.items)).toEqual([
      { type: 'message', role: 'user', content: 'What is 2+2?' },
      { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: '4', annotations: [], logprobs: [] }] },
    ]);
    expect(JSON.parse(row.response)).toMatchObject({ id: first.id, object: 'response', store: true, status: 'completed' });
  });

  it('continues a streamed answer with a streamed request', async () => {
    const client = r.openai(r.key);
    chat.answerWith(() => sseReply(chatStreamEvents(['The sky ', 'is blue.'], chatUsage(9, 3))));
    const firstStream = client.responses.stream({ model, input: 'Colour of the sky?' });
    for await (const _ of firstStream) void _;
    const first = await firstStream.finalResponse();
    expect(first).toMatchObject({ store: true, previous_response_id: null });
    expect(first.output_text).toBe('The sky is blue.');

    chat.answerWith(() => sseReply(chatStreamEvents(['Green.'], chatUsage(20, 2))));
    const secondStream = client.responses.stream({ model, input: 'And grass?', previous_response_id: first.id });
    for await (const _ of secondStream) void _;
    const second = await secondStream.finalResponse();
    expect(second).toMatchObject({ store: true, previous_response_id: first.id });
    expect(second.output_text).toBe('Green.');
    expect(sent().messages).toEqual([
      { role: 'user', content: 'Colour of the sky?' },
      { role: 'assistant', content: 'The sky is blue.' },
      { role: 'user', content: 'And grass?' },
    ]);
  });

  it('sends a function call round trip to the upstream as the assistant tool call and the tool message', async () => {
    const client = r.openai(r.key);
    chat.answerWith(() => jsonReply(toolAnswer));
    const first = await client.responses.create({ model, input: 'Weather in Paris?', tools });
    const call = first.output[0] as { type: string; call_id: string };
    expect(call).toMatchObject({ type: 'function_call', call_id: 'call_w1' });

    answer('Sunny, 24 °C.');
    const second = await client.responses.create({ model, tools, previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"temp":24}' }] });
    expect(second.output_text).toBe('Sunny, 24 °C.');
    expect(sent().messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_w1', content: '{"temp":24}' },
    ]);
  });

  it('keeps nothing for store: false; a follow-up gets a clear 400, with no upstream call and no charge', async () => {
    const client = r.openai(r.key);
    answer('Not kept.');
    const first = await client.responses.create({ model, input: 'Forget this', store: false });
    expect(first).toMatchObject({ store: false });
    await r.ctx.services.responsesStore.drain();
    expect(await r.ctx.db.selectFrom('stored_responses').select('id').where('id', '=', first.id).executeTakeFirst()).toBeUndefined();
    await r.settled();
    const before = await r.quotaOf(r.userId);
    const calls = r.upstream.requests.length;
    await expect(client.responses.create({ model, input: 'again', previous_response_id: first.id })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/previous_response_id "resp_\w+" is unknown to this gateway.*store: false/),
    });
    expect(r.upstream.requests).toHaveLength(calls);
    await r.settled();
    expect(await r.quotaOf(r.userId)).toEqual(before);
  });

  it('treats another user\'s response as unknown, for continuing, reading and deleting', async () => {
    answer('Mine.');
    const mine = await r.openai(r.key).responses.create({ model, input: 'Private' });
    const other = await r.createUser();
    const otherKey = (await r.createApiKey(other.id)).key;
    await expect(r.openai(otherKey).responses.create({ model, input: 'Steal', previous_response_id: mine.id })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/unknown to this gateway/) });
    expect(r.upstream.requests).toHaveLength(1);
    await expect(r.openai(otherKey).responses.retrieve(mine.id)).rejects.toMatchObject({ status: 404 });
    const deleting = await get(`/v1/responses/${mine.id}`, otherKey, 'DELETE');
    expect(deleting.status).toBe(404);
    expect(await deleting.json()).toMatchObject({ error: { message: `Response with id '${mine.id}' not found.`, type: 'invalid_request_error', code: 'response_not_found' } });
    expect((await r.openai(r.key).responses.retrieve(mine.id)).id).toBe(mine.id);
  });

  it('answers GET and DELETE /v1/responses/{id} and its input items for the owner, unbilled', async () => {
    const client = r.openai(r.key);
    answer('Stored answer.');
    const created = await client.responses.create({ model, input: 'Keep this' });
    await r.settled();
    const before = await r.quotaOf(r.userId);

    const retrieved = await client.responses.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, object: 'response', status: 'completed', store: true });
    expect(retrieved.output_text).toBe('Stored answer.');
    const items = await client.responses.inputItems.list(created.id);
    expect(items.data).toEqual([{ type: 'message', role: 'user', content: 'Keep this' }]);

    const deleted = await get(`/v1/responses/${created.id}`, r.key, 'DELETE');
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: created.id, object: 'response', deleted: true });
    const missing = await get(`/v1/responses/${created.id}`, r.key);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: expect.stringContaining(created.id), type: 'invalid_request_error' } });
    expect((await get(`/v1/responses/${created.id}`, r.key, 'DELETE')).status).toBe(404);
    await expect(client.responses.create({ model, input: 'again', previous_response_id: created.id })).rejects.toMatchObject({ status: 400 });
    expect((await get(`/v1/responses/${created.id}`, 'sk-wrong')).status).toBe(401);
    await r.settled();
    expect(await r.quotaOf(r.userId)).toEqual(before);
  });

  it('refuses a previous_response_id that is not a sane id', async () => {
    for (const previous_response_id of [42, '', 'x'.repeat(129)]) {
      const res = await r.post('/v1/responses', r.key, { model, input: 'Hi', previous_response_id });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/previous_response_id must be a response id/);
    }
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('gives an OpenAI channel with the Responses API the whole conversation instead of the id', async () => {
    answer('Hello Bob.');
    const first = await r.openai(r.key).responses.create({ model, input: 'I am Bob.' });
    const nativeModel = await r.uniqueModel();
    const nativeAnswer = { id: 'resp_native', object: 'response', created_at: 1, status: 'completed', model: nativeModel, output: [], usage: { input_tokens: 10, output_tokens: 2, total_tokens: 12 } };
    r.upstream.setRoute('POST /v1/responses', jsonReply(nativeAnswer));
    await r.createChannel({ type: ChannelType.OpenAI, models: nativeModel });
    await r.openai(r.key).responses.create({ model: nativeModel, input: 'Who am I?', previous_response_id: first.id });
    const body = r.upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(body.previous_response_id).toBeUndefined();
    expect(body.input).toEqual([
      { type: 'message', role: 'user', content: 'I am Bob.' },
      { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello Bob.', annotations: [], logprobs: [] }] },
      { type: 'message', role: 'user', content: 'Who am I?' },
    ]);
  });
});
