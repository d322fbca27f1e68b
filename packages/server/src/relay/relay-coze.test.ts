import { beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { useRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { fixtureReply } from '../../test/fake-upstream/index.js';

/**
 * Coze (channel type 49) through the real gateway: the official OpenAI client, streaming and not,
 * against a fake Coze replaying its v3 chat event stream. The gateway always asks Coze for a stream
 * and bills Coze's own usage (input_count / output_count of conversation.chat.completed).
 */

const BOT = '7451293046137683978';
const ANSWER = 'Tides follow the moon.';
const CHAT_ROUTE = 'POST /v3/chat';

describe('Coze channels through the gateway (sqlite)', () => {
  const context = useRelayContext({ [CHAT_ROUTE]: fixtureReply('coze', 'chat-stream') });
  let r: RelayContext;
  beforeAll(() => {
    r = context();
  });

  async function cozeCustomer(channel: { other?: string; model_mapping?: string } = {}) {
    const model = await r.uniqueModel();
    await r.createChannel({ type: ChannelType.Coze, models: model, key: 'pat_coze_test', other: BOT, ...channel });
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id);
    return { model, user, client: r.openai(token.key) };
  }

  /** The one consume log of a user, billed at Coze's usage. */
  async function expectCozeUsageBilled(userId: number, model: string, isStream: boolean) {
    await r.settled();
    const [log, ...more] = await r.logsOf(userId, 2);
    expect(more).toEqual([]);
    expect(log).toMatchObject({ model_name: model, prompt_tokens: 1127, completion_tokens: 19, is_stream: isStream ? 1 : 0 });
    expect(JSON.parse(log.other!).admin_info.local_count_tokens).toBe(false);
    expect(log.quota).toBe(r.quotaFor(model, { prompt: 1127, completion: 19 }));
    expect(log.quota).toBeGreaterThan(0);
    expect(await r.quotaOf(userId)).toEqual({ quota: 5_000_000 - log.quota, used_quota: log.quota, request_count: 1 });
    return log;
  }

  async function withRoute<T>(fixture: string, run: () => Promise<T>): Promise<T> {
    r.upstream.setRoute(CHAT_ROUTE, fixtureReply('coze', fixture));
    try {
      return await run();
    } finally {
      r.upstream.setRoute(CHAT_ROUTE, fixtureReply('coze', 'chat-stream'));
    }
  }

  it('answers a non-streaming client from the gathered stream, billed at Coze’s usage', async () => {
    const { model, user, client } = await cozeCustomer();
    const answer = await client.chat.completions.create({ model, user: 'alice', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Why are there tides?' }] });
    expect(answer.choices[0].message).toMatchObject({ role: 'assistant', content: ANSWER });
    expect(answer.choices[0].finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ prompt_tokens: 1127, completion_tokens: 19, total_tokens: 1146 });

    const sent = r.upstream.requests[0];
    expect(sent.path).toBe('/v3/chat');
    expect(sent.headers.authorization).toBe('Bearer pat_coze_test');
    expect(sent.body).toEqual({
      bot_id: BOT,
      user_id: 'alice',
      additional_messages: [
        { role: 'user', type: 'question', content: 'Be brief.', content_type: 'text' },
        { role: 'user', type: 'question', content: 'Why are there tides?', content_type: 'text' },
      ],
      stream: true,
    });
    await expectCozeUsageBilled(user.id, model, false);
  });

  it('streams the answer deltas with the usage chunk, billed at Coze’s usage', async () => {
    const { model, user, client } = await cozeCustomer({ other: '', model_mapping: '' });
    const stream = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Why are there tides?' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(ANSWER);
    expect(usage).toMatchObject({ prompt_tokens: 1127, completion_tokens: 19 });
    // No bot id on the channel: the model name is the bot.
    expect(r.upstream.requests[0].body).toMatchObject({ bot_id: model, user_id: 'gateway-user', stream: true });
    const log = await expectCozeUsageBilled(user.id, model, true);
    expect(JSON.parse(log.other!).stream_status).toBe('complete');
  });

  it('turns a {code, msg} answer sent with HTTP 200 into the HTTP error it stands for, charging nothing', async () => {
    const { model, user, client } = await cozeCustomer();
    await withRoute('error-auth', async () => {
      for (const stream of [false, true]) {
        const error = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'q' }], stream }).catch((err: unknown) => err);
        expect(error).toMatchObject({ status: 401, message: expect.stringContaining('Coze error 4100: authentication is invalid') });
      }
    });
    await r.settled();
    expect(await r.logsOf(user.id, 2)).toEqual([]);
    expect((await r.quotaOf(user.id)).used_quota).toBe(0);
  });

  it('disables a channel whose token Coze refuses in a 200 answer, when automatic disabling is on', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: true });
    try {
      const { model, client } = await cozeCustomer();
      await withRoute('error-auth', async () => {
        await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'q' }] }).catch(() => undefined);
      });
      await expect.poll(async () => (await r.ctx.db.selectFrom('channels').select('status').where('models', '=', model).executeTakeFirstOrThrow()).status).toBe(3);
    } finally {
      await r.setOptions({ AutomaticDisableChannelEnabled: false });
    }
  });

  it('passes on an HTTP 401 with Coze’s code and message', async () => {
    const { model, client } = await cozeCustomer();
    await withRoute('error-token-401', async () => {
      const error = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'q' }] }).catch((err: unknown) => err);
      expect(error).toMatchObject({ status: 401, message: expect.stringContaining('Coze error 700012006: access token invalid') });
    });
  });

  it('ends a stream whose chat failed with the error, after the text that came before', async () => {
    const { model, user, client } = await cozeCustomer();
    await withRoute('chat-failed-stream', async () => {
      const stream = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Look it up' }], stream: true });
      let text = '';
      await expect(
        (async () => {
          for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
        })(),
      ).rejects.toThrow(/Coze error 5000: The plugin call timed out/);
      expect(text).toBe('Let me check');
    });
    await r.settled();
    const [log] = await r.logsOf(user.id, 2);
    expect(JSON.parse(log.other!).stream_status).toBe('upstream_error');
  });

  it('answers a non-streaming client whose chat failed with an error, charging nothing', async () => {
    const { model, user, client } = await cozeCustomer();
    await withRoute('chat-failed-stream', async () => {
      const error = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Look it up' }] }).catch((err: unknown) => err);
      expect(error).toMatchObject({ status: 502, message: expect.stringContaining('Coze error 5000') });
    });
    await r.settled();
    expect(await r.logsOf(user.id, 2)).toEqual([]);
  });
});
