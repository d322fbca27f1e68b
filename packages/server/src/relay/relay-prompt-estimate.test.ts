import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';

describe('prompt estimate of a caller without a generous balance', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 5))));
  });
  afterAll(() => r?.close());

  // The hold is sized by tokenising the prompt. A long stretch without spaces once took the tokenizer
  // time growing with its square (64 K characters of unspaced Chinese: 14 s), all on the event loop.
  it('holds quota for a long unspaced Chinese prompt without stalling, and settles it', async () => {
    const user = await r.createUser({ quota: 2_000_000 });
    const key = await r.createApiKey(user.id);
    const prompt = Array.from({ length: 150_000 }, (_, i) => '我们今天讨论模型网关计算提示词数量'[(i * 7919) % 16]).join('');
    const answer = await r.openai(key.key).chat.completions.create({ model, messages: [{ role: 'user', content: prompt }] });
    expect(answer.choices[0].message.content).toBe('ok');
    await expect.poll(() => r.holdsOf(user.id)).toEqual(['settled']);
    expect((await r.quotaOf(user.id)).used_quota).toBe(r.quotaFor(model, { prompt: 100, completion: 5 }));
  });
});
