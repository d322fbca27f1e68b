import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { qwenAdapter } from './index.js';

describe('qwenAdapter', () => {
  it('calls DashScope compatible mode and asks for stream usage', () => {
    const req = qwenAdapter.buildRequest(jsonBody({ model: 'qwen-plus', messages: [], stream: true }), testContext({ stream: true }));
    expect((req as { url: string }).url).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions');
    expect(sentJson((req as { body: string }).body).stream_options).toEqual({ include_usage: true });
  });

  it('adds the compatible-mode prefix to a bare host', () => {
    const req = qwenAdapter.buildRequest(jsonBody({ model: 'qwen-plus', messages: [] }), testContext({ channel: { baseUrl: 'https://dashscope-intl.aliyuncs.com' } }));
    expect((req as { url: string }).url).toBe('https://dashscope-intl.aliyuncs.com/compatible-mode/v1/chat/completions');
  });

  it('translates its stream and reads its error', () => {
    const ctx = testContext({ stream: true });
    const translator = qwenAdapter.createStreamTranslator(ctx);
    sseFixtureEvents('qwen', 'chat-stream').forEach((e) => translator.push(e));
    expect(translator.usage()).toMatchObject({ promptTokens: 22, completionTokens: 5 });
    expect(qwenAdapter.parseError(401, fixtureBodyText('qwen', 'error-401'), ctx)).toMatchObject({ code: 'invalid_api_key', type: 'invalid_request_error' });
  });

  it('sends top_p only inside (0, 1), which is all it takes: 1 as 0.99, 0 as 0.01, others and none as sent', () => {
    const topP = (value?: number) => {
      const req = qwenAdapter.buildRequest(jsonBody({ model: 'qwen-plus', messages: [{ role: 'user', content: 'hi' }], ...(value === undefined ? {} : { top_p: value }) }), testContext()) as { body: string };
      return (sentJson(req.body) as { top_p?: number }).top_p;
    };
    expect([topP(1), topP(0), topP(0.5), topP(undefined)]).toEqual([0.99, 0.01, 0.5, undefined]);
  });
});
