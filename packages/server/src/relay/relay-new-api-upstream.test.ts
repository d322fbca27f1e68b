import Anthropic from '@anthropic-ai/sdk';
import { ChannelType, Role } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonReply } from '../../test/fake-upstream/index.js';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { signIn } from '../../test/test-app.js';

const claudeAnswer = (model: string) => ({
  id: 'msg_chain',
  type: 'message',
  role: 'assistant',
  model,
  content: [{ type: 'thinking', thinking: 'short', signature: 'sig-kept' }, { type: 'text', text: 'from Claude' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 11, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
});

const geminiAnswer = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'from Gemini' }] }, finishReason: 'STOP' }],
  usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 3, totalTokenCount: 10 },
};

/**
 * A gateway whose channel is another gateway (type 60, new-api's "New API"): the front one passes OpenAI, Claude and
 * Gemini requests on in their own formats to the back one, which serves them from its own channels. Both bill.
 */
describe('a New API channel in front of another gateway (sqlite)', () => {
  let back: RelayContext;
  let front: RelayContext;
  let backKey: { id: number; key: string };
  let backUserId: number;
  const models = { chat: '', claude: '', gemini: '' };

  beforeAll(async () => {
    back = await createRelayContext('sqlite');
    front = await createRelayContext('sqlite');
    for (const kind of ['chat', 'claude', 'gemini'] as const) {
      models[kind] = await back.uniqueModel();
      await front.ctx.services.options.set({ ModelRatio: { ...front.ctx.services.options.get('ModelRatio'), [models[kind]]: 1 } });
    }
    back.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('from OpenAI', chatUsage(9, 4), models.chat)));
    back.upstream.setRoute('POST /v1/messages', jsonReply(claudeAnswer(models.claude)));
    back.upstream.setRoute(`POST /v1beta/models/${models.gemini}:generateContent`, jsonReply(geminiAnswer));
    await back.createChannel({ type: ChannelType.OpenAI, models: models.chat });
    await back.createChannel({ type: ChannelType.AnthropicClaude, models: models.claude });
    await back.createChannel({ type: ChannelType.GoogleGemini, models: models.gemini });
    const backUser = await back.createUser({ quota: 3_000_000 });
    backUserId = backUser.id;
    backKey = await back.createApiKey(backUser.id, { remainQuota: 2_500_000 });
    await front.createChannel({ type: ChannelType.NewApi, base_url: back.gateway, key: backKey.key, models: Object.values(models).join(',') });
  });
  afterAll(async () => {
    await front?.close();
    await back?.close();
  });

  it('relays chat completions, billed on both sides', async () => {
    const user = await front.createUser();
    const token = await front.createApiKey(user.id);
    const answer = await front.openai(token.key).chat.completions.create({ model: models.chat, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]!.message.content).toBe('from OpenAI');
    await Promise.all([front.settled(), back.settled()]);
    expect((await front.logsOf(user.id, 2))[0]).toMatchObject({ model_name: models.chat, prompt_tokens: 9, completion_tokens: 4 });
    expect((await back.logsOf(backUserId, 2)).some((l) => l.model_name === models.chat && l.prompt_tokens === 9)).toBe(true);
  });

  it('passes Claude Messages through the back gateway unconverted', async () => {
    const user = await front.createUser();
    const token = await front.createApiKey(user.id);
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: front.gateway, maxRetries: 0 });
    const message = await anthropic.messages.create({ model: models.claude, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
    expect(message.content).toEqual(claudeAnswer(models.claude).content);
    expect(back.upstream.requests.at(-1)!.path).toBe('/v1/messages');
    await front.settled();
    expect((await front.logsOf(user.id, 2))[0]).toMatchObject({ model_name: models.claude, prompt_tokens: 11, completion_tokens: 5 });
  });

  it('passes Gemini generateContent through the back gateway unconverted', async () => {
    const user = await front.createUser();
    const token = await front.createApiKey(user.id);
    const res = await fetch(`${front.gateway}/v1beta/models/${models.gemini}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': token.key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(geminiAnswer);
    expect(back.upstream.requests.at(-1)!.path).toBe(`/v1beta/models/${models.gemini}:generateContent`);
    await front.settled();
    expect((await front.logsOf(user.id, 2))[0]).toMatchObject({ model_name: models.gemini, prompt_tokens: 7, completion_tokens: 3 });
  });

  it('reads the back key’s balance in dollars', async () => {
    const root = await front.createUser({ role: Role.Root });
    const admin = await signIn(front.ctx.app, root);
    const [channel] = await front.ctx.db.selectFrom('channels').select('id').where('type', '=', ChannelType.NewApi).execute();
    await back.settled();
    const remain = (await back.tokenOf(backKey.id)).remain_quota;
    const res = await front.ctx.app.inject({ method: 'GET', url: `/api/channel/update_balance/${channel!.id}`, headers: admin.headers });
    expect(res.json()).toMatchObject({ success: true, balance: remain / 500_000 });
  });
});
