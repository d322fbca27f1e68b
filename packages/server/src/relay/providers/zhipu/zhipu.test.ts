import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { zhipuAdapter } from './index.js';

describe('zhipuAdapter', () => {
  it('calls the v4 API without /v1, from the default or a bare host base URL', () => {
    const viaDefault = zhipuAdapter.buildRequest(jsonBody({ model: 'glm-4-plus', messages: [] }), testContext());
    expect((viaDefault as { url: string }).url).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
    const viaHost = zhipuAdapter.buildRequest(jsonBody({ model: 'embedding-3', input: 'x' }), testContext({ endpoint: 'embeddings', channel: { baseUrl: 'https://open.bigmodel.cn' } }));
    expect((viaHost as { url: string }).url).toBe('https://open.bigmodel.cn/api/paas/v4/embeddings');
  });

  it('serves both Zhipu channel types', () => {
    expect(zhipuAdapter.channelTypes).toEqual([16, 26]);
  });

  it('reads usage from the last content chunk', () => {
    const ctx = testContext({ stream: true });
    zhipuAdapter.buildRequest(jsonBody({ model: 'glm-4-plus', messages: [], stream: true }), ctx);
    const translator = zhipuAdapter.createStreamTranslator(ctx);
    sseFixtureEvents('zhipu', 'chat-stream').forEach((e) => translator.push(e));
    expect(translator.usage()).toMatchObject({ promptTokens: 8, completionTokens: 2 });
    expect(translator.drainText!(true)).toBe('你好！');
  });

  it('reads the arrears error with its numeric code', () => {
    expect(zhipuAdapter.parseError(429, fixtureBodyText('zhipu', 'error-1113'), testContext())).toMatchObject({ code: '1113', message: expect.stringContaining('欠费') });
  });

  it('sends top_p only inside (0, 1), which is all it takes: 1 as 0.99, 0 as 0.01, others and none as sent', () => {
    const topP = (value?: number) => {
      const req = zhipuAdapter.buildRequest(jsonBody({ model: 'glm-4-plus', messages: [{ role: 'user', content: 'hi' }], ...(value === undefined ? {} : { top_p: value }) }), testContext()) as { body: string };
      return (sentJson(req.body) as { top_p?: number }).top_p;
    };
    expect([topP(1), topP(0), topP(0.5), topP(undefined)]).toEqual([0.99, 0.01, 0.5, undefined]);
  });
});
