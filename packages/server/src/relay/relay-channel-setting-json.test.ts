import { beforeAll, describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import { chatCompletion, chatStreamEvents, chatUsage, useRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { dataEvent, jsonReply, sseReply } from '../../test/fake-upstream/index.js';
import { signIn } from '../../test/test-app.js';
import { Role } from '@gw/contracts';

/** new-api's channel `setting` keys: system_prompt(+_override), pass_through_body_enabled, thinking_to_content, force_format. */
describe('the channel setting JSON', () => {
  const context = useRelayContext();
  let r: RelayContext;
  beforeAll(() => {
    r = context();
  });

  async function channelWith(setting: Record<string, unknown>) {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model, setting: JSON.stringify(setting) });
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id);
    return { model, user, token };
  }
  const sentMessages = () => (r.upstream.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages;

  describe('system_prompt', () => {
    it('is added to a chat request that has no system message', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok')));
      const { model, token } = await channelWith({ system_prompt: 'You are the support bot of ACME.' });
      await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
      expect(sentMessages()).toEqual([
        { role: 'system', content: 'You are the support bot of ACME.' },
        { role: 'user', content: 'hi' },
      ]);
    });

    it('leaves a request’s own system prompt alone, or prefixes it with system_prompt_override', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok')));
      const kept = await channelWith({ system_prompt: 'ACME rules.' });
      const messages = [{ role: 'system' as const, content: 'Answer in French.' }, { role: 'user' as const, content: 'hi' }];
      await r.openai(kept.token.key).chat.completions.create({ model: kept.model, messages });
      expect(sentMessages()).toEqual(messages);

      const prefixed = await channelWith({ system_prompt: 'ACME rules.', system_prompt_override: true });
      await r.openai(prefixed.token.key).chat.completions.create({ model: prefixed.model, messages });
      expect(sentMessages()).toEqual([{ role: 'system', content: 'ACME rules.\nAnswer in French.' }, { role: 'user', content: 'hi' }]);
    });

    it('reaches the upstream of an Anthropic client too, through the conversion', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('Bonjour')));
      const { model, token } = await channelWith({ system_prompt: 'ACME rules.' });
      const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
      const message = await anthropic.messages.create({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hello' }] });
      expect(message.content[0]).toMatchObject({ type: 'text', text: 'Bonjour' });
      expect(sentMessages()[0]).toEqual({ role: 'system', content: 'ACME rules.' });
    });
  });

  it('pass_through_body_enabled forwards this channel’s requests byte for byte (no system prompt either)', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('passed', chatUsage(15, 5))));
    const { model, user, token } = await channelWith({ pass_through_body_enabled: true, system_prompt: 'ignored in pass-through' });
    const raw = `{"model": "${model}", "messages": [{"role": "user", "content": "héllo"}], "vendor_extension": {"keep": true}}`;
    const res = await r.post('/v1/chat/completions', token.key, raw);
    expect(res.status).toBe(200);
    expect(r.upstream.requests[0].raw.toString('utf8')).toBe(raw);
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBe(r.quotaFor(model, { prompt: 15, completion: 5 }));

    const prompted = await channelWith({ system_prompt: 'ignored in pass-through' });
    await r.post('/v1/chat/completions', prompted.token.key, raw.replace(model, prompted.model));
    expect(sentMessages()[0]).toEqual({ role: 'system', content: 'ignored in pass-through' });
  });

  it('drops service_tier and the other guarded fields unless the channel allows them', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok')));
    const request = (model: string) => JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], service_tier: 'priority', safety_identifier: 'user-7', store: true });
    const guarded = await channelWith({});
    expect((await r.post('/v1/chat/completions', guarded.token.key, request(guarded.model))).status).toBe(200);
    expect(r.upstream.requests.at(-1)!.body).toEqual({ model: guarded.model, messages: [{ role: 'user', content: 'hi' }], store: true });

    const allowed = await channelWith({ allow_service_tier: true, disable_store: true });
    await r.post('/v1/chat/completions', allowed.token.key, request(allowed.model));
    expect(r.upstream.requests.at(-1)!.body).toEqual({ model: allowed.model, messages: [{ role: 'user', content: 'hi' }], service_tier: 'priority' });
  });

  describe('thinking_to_content', () => {
    const reasoningChunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      dataEvent({ id: 'chatcmpl-r', object: 'chat.completion.chunk', created: 1, model: 'deepseek-reasoner', choices: [{ index: 0, delta, finish_reason: finish }] });

    it('streams the reasoning to an OpenAI client as <think> content before the answer', async () => {
      r.upstream.setRoute(
        'POST /v1/chat/completions',
        sseReply([
          reasoningChunk({ role: 'assistant', content: '', reasoning_content: 'The user ' }),
          reasoningChunk({ reasoning_content: 'greets me.' }),
          reasoningChunk({ content: 'Hello' }),
          reasoningChunk({ content: '!' }),
          reasoningChunk({}, 'stop'),
          'data: [DONE]',
        ]),
      );
      const { model, token } = await channelWith({ thinking_to_content: true });
      const stream = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true });
      let text = '';
      for await (const chunk of stream) {
        expect(chunk.choices[0]?.delta ?? {}).not.toHaveProperty('reasoning_content');
        text += chunk.choices[0]?.delta?.content ?? '';
      }
      expect(text).toBe('<think>\nThe user greets me.\n</think>\n\nHello!');
    });

    it('puts a complete answer’s reasoning in front of its content', async () => {
      const answer = chatCompletion('Hello!');
      answer.choices[0].message = { role: 'assistant', content: 'Hello!', reasoning_content: 'Be polite.' } as typeof answer.choices[0]['message'];
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(answer));
      const { model, token } = await channelWith({ thinking_to_content: true });
      const got = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
      expect(got.choices[0].message.content).toBe('<think>\nBe polite.\n</think>\n\nHello!');
      expect(got.choices[0].message).not.toHaveProperty('reasoning_content');
    });

    it('is off by default: reasoning stays in reasoning_content', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', sseReply([reasoningChunk({ reasoning_content: 'hmm' }), reasoningChunk({ content: 'Hi' }), reasoningChunk({}, 'stop'), 'data: [DONE]']));
      const { model, token } = await channelWith({});
      const res = await r.post('/v1/chat/completions', token.key, JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], stream: true }));
      const body = await res.text();
      expect(body).toContain('"reasoning_content":"hmm"');
      expect(body).not.toContain('<think>');
    });
  });

  describe('force_format', () => {
    it('answers with only OpenAI’s fields, streaming and not', async () => {
      const odd = { ...chatCompletion('tidy'), vendor_trace: { node: 7 }, choices: [{ index: 0, message: { role: 'assistant', content: 'tidy', vendor_score: 0.9 }, finish_reason: 'stop', vendor_flag: true }] };
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(odd));
      const { model, token } = await channelWith({ force_format: true });
      const res = await r.post('/v1/chat/completions', token.key, JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }));
      const body = (await res.json()) as Record<string, any>;
      expect(body).toEqual({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: odd.created,
        model: odd.model,
        choices: [{ index: 0, message: { role: 'assistant', content: 'tidy' }, logprobs: null, finish_reason: 'stop' }],
        usage: odd.usage,
      });

      const events = chatStreamEvents(['ti', 'dy']).map((e) => e.replace('"object":"chat.completion.chunk"', '"object":"chat.completion.chunk","vendor_trace":1'));
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(events));
      const streamed = await r.post('/v1/chat/completions', token.key, JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], stream: true }));
      const text = await streamed.text();
      expect(text).toContain('"content":"ti"');
      expect(text).not.toContain('vendor_trace');
      expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    });
  });

  it('refuses a setting with a proxy that is not a usable URL or a switch that is not a boolean', async () => {
    const root = await signIn(r.ctx.app, await r.createUser({ role: Role.Root }));
    const create = (setting: Record<string, unknown>) =>
      r.ctx.app.inject({ method: 'POST', url: '/api/channel/', headers: root.headers, payload: { type: 1, name: 'bad', key: 'sk-x', models: 'gpt-4o', group: 'default', setting: JSON.stringify(setting) } });
    const badProxy = (await create({ proxy: 'ftp://proxy.example:21' })).json();
    expect(badProxy).toMatchObject({ success: false, message: expect.stringContaining('http://, https://, socks5://') });
    const badSwitch = (await create({ force_format: 'yes' })).json();
    expect(badSwitch).toMatchObject({ success: false, message: expect.stringContaining('setting.force_format must be true or false') });
    expect((await create({ proxy: 'socks5://user:pw@127.0.0.1:1080', aws_inference_profile: 'anything' })).json()).toMatchObject({ success: true });
  });
});
