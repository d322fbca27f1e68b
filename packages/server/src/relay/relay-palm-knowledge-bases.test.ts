import { beforeAll, describe, expect, it } from 'vitest';
import { ChannelType, Role } from '@gw/contracts';
import { useRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { fixtureReply, jsonFixture } from '../../test/fake-upstream/index.js';
import { signIn } from '../../test/test-app.js';
import { countTextTokens } from './usage/token-counter.js';

/**
 * The PaLM 2 and knowledge-base channel types (11, 21, 22) through the real gateway: the official
 * OpenAI client, streaming and not, against a fake upstream replaying each provider's wire format.
 * None of them reports usage the gateway can bill, so every answer is counted locally and charged.
 */

const LIBRARY_ANSWER =
  'AI Proxy forwards requests to many model providers behind one key.\n\n参考文档：\n' +
  '1. [Getting started](https://docs.aiproxy.io/guide/start)\n2. [Library API](https://docs.aiproxy.io/dev/library)\n';
const LIBRARY_STREAMED = 'AI Proxy forwards requests to many providers.\n\n参考文档：\n1. [Getting started](https://docs.aiproxy.io/guide/start)\n';
const PALM_ANSWER = 'Hello! PaLM 2 here. How can I help you today?';
const PALM_PATH = 'POST /v1beta2/models/chat-bison-001:generateMessage';

describe('PaLM 2 and knowledge-base channels through the gateway (sqlite)', () => {
  const context = useRelayContext({
    'POST /api/library/ask': (req) => fixtureReply('aiproxy-library', (req.body as { stream?: boolean }).stream ? 'answer-stream' : 'answer'),
    [PALM_PATH]: fixtureReply('palm', 'chat'),
    'POST /api/openapi/v1/chat/completions': (req) => fixtureReply('fastgpt', (req.body as { stream?: boolean }).stream ? 'chat-stream' : 'chat'),
  });
  let r: RelayContext;
  beforeAll(() => {
    r = context();
  });

  async function customer() {
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id);
    return { user, token, client: r.openai(token.key) };
  }

  async function streamedText(client: ReturnType<RelayContext['openai']>, model: string): Promise<string> {
    const stream = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'What is it?' }], stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    return text;
  }

  /** The one consume log of a user: tokens counted locally (the answer's tokens), quota charged to the user. */
  async function expectLocallyCountedCharge(userId: number, model: string, answer: string, isStream: boolean) {
    await r.settled();
    const [log, ...more] = await r.logsOf(userId, 2);
    expect(more).toEqual([]);
    expect(log).toMatchObject({ model_name: model, completion_tokens: countTextTokens(answer), is_stream: isStream ? 1 : 0 });
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(JSON.parse(log.other!).admin_info.local_count_tokens).toBe(true);
    expect(log.quota).toBe(r.quotaFor(model, { prompt: log.prompt_tokens, completion: log.completion_tokens }));
    expect(log.quota).toBeGreaterThan(0);
    expect(await r.quotaOf(userId)).toEqual({ quota: 5_000_000 - log.quota, used_quota: log.quota, request_count: 1 });
    return log;
  }

  describe('AI Proxy knowledge base (type 21)', () => {
    it('asks the library the last message and answers with the documents, billed by local count', async () => {
      const model = await r.uniqueModel();
      await r.createChannel({ type: ChannelType.AiProxyKnowledgeBase, models: model, model_mapping: JSON.stringify({ [model]: 'gpt-3.5-turbo' }), other: 'lib-42', key: 'ap-key' });
      const { user, client } = await customer();
      const answer = await client.chat.completions.create({ model, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'What is AI Proxy?' }] });
      expect(answer.choices[0].message.content).toBe(LIBRARY_ANSWER);
      const sent = r.upstream.requests[0];
      expect(sent.headers.authorization).toBe('Bearer ap-key');
      expect(sent.body).toEqual({ model: 'gpt-3.5-turbo', query: 'What is AI Proxy?', libraryId: 'lib-42', stream: false });
      await expectLocallyCountedCharge(user.id, model, LIBRARY_ANSWER, false);
    });

    it('streams a library answer whose lines are not separated by blank lines', async () => {
      const model = await r.uniqueModel();
      await r.createChannel({ type: ChannelType.AiProxyKnowledgeBase, models: model, other: 'lib-42', key: 'ap-key' });
      const { user, client } = await customer();
      expect(jsonFixture('aiproxy-library', 'answer-stream').text).not.toContain('\n\n');
      expect(await streamedText(client, model)).toBe(LIBRARY_STREAMED);
      expect(r.upstream.requests[0].body).toMatchObject({ query: 'What is it?', stream: true });
      await expectLocallyCountedCharge(user.id, model, LIBRARY_STREAMED, true);
    });

    it('passes on the library’s refusal as a 502 and charges nothing', async () => {
      const model = await r.uniqueModel();
      await r.createChannel({ type: ChannelType.AiProxyKnowledgeBase, models: model, other: 'lib-gone', key: 'ap-key' });
      r.upstream.setRoute('POST /api/library/ask', fixtureReply('aiproxy-library', 'error-library'));
      try {
        const { user, client } = await customer();
        const error = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'q' }] }).catch((err: unknown) => err);
        expect(error).toMatchObject({ status: 502, message: expect.stringContaining('library not found') });
        await r.settled();
        expect(await r.logsOf(user.id, 2)).toEqual([]);
        expect((await r.quotaOf(user.id)).used_quota).toBe(0);
      } finally {
        r.upstream.setRoute('POST /api/library/ask', (req) => fixtureReply('aiproxy-library', (req.body as { stream?: boolean }).stream ? 'answer-stream' : 'answer'));
      }
    });

    it('never calls the upstream for a channel without a library id, and says why', async () => {
      const model = await r.uniqueModel();
      const channel = await r.createChannel({ type: ChannelType.AiProxyKnowledgeBase, models: model, other: '', key: 'ap-key' });
      const { user, client } = await customer();
      const error = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'q' }] }).catch((err: unknown) => err);
      expect(error).toMatchObject({ status: 500, message: expect.stringContaining(`channel #${channel}`) });
      expect((error as Error).message).toContain('knowledge base (library) id');
      expect(r.upstream.requests).toEqual([]);
      await r.settled();
      expect((await r.quotaOf(user.id)).used_quota).toBe(0);
    });

    it('answers a message without text with a 400', async () => {
      const model = await r.uniqueModel();
      await r.createChannel({ type: ChannelType.AiProxyKnowledgeBase, models: model, other: 'lib-42', key: 'ap-key' });
      const { client } = await customer();
      const error = await client.chat.completions
        .create({ model, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://img.test/a.png' } }] }] })
        .catch((err: unknown) => err);
      expect(error).toMatchObject({ status: 400, message: expect.stringContaining('needs text in the last message') });
      expect(r.upstream.requests).toEqual([]);
    });
  });

  describe('Google PaLM 2 (type 11)', () => {
    it('answers chat-bison-001 at its shipped default price, counted locally', async () => {
      await r.createChannel({ type: ChannelType.GooglePaLM2, models: 'chat-bison-001', key: 'AIza-palm' });
      const { user, client } = await customer();
      const answer = await client.chat.completions.create({ model: 'chat-bison-001', messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'Hello' }] });
      expect(answer.choices[0].message.content).toBe(PALM_ANSWER);
      const sent = r.upstream.requests[0];
      expect(sent.headers['x-goog-api-key']).toBe('AIza-palm');
      expect(sent.body).toEqual({ prompt: { context: 'Be kind.', messages: [{ author: 'user', content: 'Hello' }] }, candidateCount: 1 });
      await expectLocallyCountedCharge(user.id, 'chat-bison-001', PALM_ANSWER, false);
    });

    it('re-emits the whole answer as a stream to a streaming client', async () => {
      await r.createChannel({ type: ChannelType.GooglePaLM2, models: 'chat-bison-001', key: 'AIza-palm' });
      const { user, client } = await customer();
      expect(await streamedText(client, 'chat-bison-001')).toBe(PALM_ANSWER);
      expect(r.upstream.requests[0].path).toBe('/v1beta2/models/chat-bison-001:generateMessage');
      expect(r.upstream.requests[0].body).not.toHaveProperty('stream');
      await expectLocallyCountedCharge(user.id, 'chat-bison-001', PALM_ANSWER, true);
    });

    it('names the content filter’s reason when PaLM gives no answer, streaming and not', async () => {
      await r.createChannel({ type: ChannelType.GooglePaLM2, models: 'chat-bison-001', key: 'AIza-palm' });
      r.upstream.setRoute(PALM_PATH, fixtureReply('palm', 'chat-filtered'));
      try {
        const { user, client } = await customer();
        const error = await client.chat.completions.create({ model: 'chat-bison-001', messages: [{ role: 'user', content: 'x' }] }).catch((err: unknown) => err);
        expect(error).toMatchObject({ status: 502, message: expect.stringContaining('content filter blocked it (OTHER)') });
        await expect(streamedText(client, 'chat-bison-001')).rejects.toThrow('content filter blocked it (OTHER)');
        await r.settled();
        expect(await r.logsOf(user.id, 5)).not.toEqual([]);
      } finally {
        r.upstream.setRoute(PALM_PATH, fixtureReply('palm', 'chat'));
      }
    });
  });

  describe('FastGPT knowledge base (type 22)', () => {
    it('answers through the OpenAI-compatible API with the counted usage in place of FastGPT’s placeholder', async () => {
      const model = await r.uniqueModel();
      await r.createChannel({ type: ChannelType.FastGptKnowledgeBase, models: model, key: 'fastgpt-key', base_url: `${r.upstream.url}/api/openapi` });
      const { user, client } = await customer();
      const answer = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'How long is the warranty?' }] });
      const text = 'The knowledge base says the warranty lasts two years.';
      expect(answer.choices[0].message.content).toBe(text);
      expect(r.upstream.requests[0].headers.authorization).toBe('Bearer fastgpt-key');
      const log = await expectLocallyCountedCharge(user.id, model, text, false);
      expect(answer.usage).toMatchObject({ prompt_tokens: log.prompt_tokens, completion_tokens: log.completion_tokens, total_tokens: log.prompt_tokens + log.completion_tokens });
    });

    it('streams a FastGPT answer', async () => {
      const model = await r.uniqueModel();
      await r.createChannel({ type: ChannelType.FastGptKnowledgeBase, models: model, key: 'fastgpt-key', base_url: `${r.upstream.url}/api/openapi` });
      const { user, client } = await customer();
      expect(await streamedText(client, model)).toBe('The warranty lasts two years.');
      await expectLocallyCountedCharge(user.id, model, 'The warranty lasts two years.', true);
    });
  });

  describe('channel tests (GET /api/channel/test/:id)', () => {
    it('tests each type through its adapter, and report a knowledge-base channel without a library id', async () => {
      const root = await signIn(r.ctx.app, await r.createUser({ role: Role.Root }));
      const test = async (id: number) => (await r.ctx.app.inject({ method: 'GET', url: `/api/channel/test/${id}`, headers: root.headers })).json();
      const library = await r.createChannel({ type: ChannelType.AiProxyKnowledgeBase, models: 'gpt-3.5-turbo', other: 'lib-42', key: 'ap-key' });
      const palm = await r.createChannel({ type: ChannelType.GooglePaLM2, models: 'chat-bison-001', key: 'AIza-palm' });
      const fastgpt = await r.createChannel({ type: ChannelType.FastGptKnowledgeBase, models: 'fastgpt-app', key: 'fastgpt-key', base_url: `${r.upstream.url}/api/openapi` });
      const unconfigured = await r.createChannel({ type: ChannelType.AiProxyKnowledgeBase, models: 'gpt-3.5-turbo', other: '', key: 'ap-key' });
      for (const id of [library, palm, fastgpt]) expect(await test(id), `channel ${id}`).toMatchObject({ success: true, message: '' });
      expect(r.upstream.requests.map((q) => q.path)).toEqual(['/api/library/ask', '/v1beta2/models/chat-bison-001:generateMessage', '/api/openapi/v1/chat/completions']);
      expect(await test(unconfigured)).toMatchObject({ success: false, message: expect.stringContaining('knowledge base (library) id') });
      expect(r.upstream.requests).toHaveLength(3);
    });
  });
});
