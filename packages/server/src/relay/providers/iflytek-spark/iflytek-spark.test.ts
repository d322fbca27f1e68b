import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { iflytekSparkAdapter } from './index.js';

describe('iflytekSparkAdapter', () => {
  it('calls /v1 for Spark models and /v2 for X1, whatever version the base URL ends with', () => {
    const lite = iflytekSparkAdapter.buildRequest(jsonBody({ model: 'lite', messages: [] }), testContext({ upstreamModel: 'lite' }));
    expect((lite as { url: string }).url).toBe('https://spark-api-open.xf-yun.com/v1/chat/completions');
    const x1 = iflytekSparkAdapter.buildRequest(jsonBody({ model: 'x1', messages: [] }), testContext({ upstreamModel: 'x1', channel: { baseUrl: 'https://spark-api-open.xf-yun.com/v1' } }));
    expect((x1 as { url: string }).url).toBe('https://spark-api-open.xf-yun.com/v2/chat/completions');
  });

  it('reads usage from its stream, whose data lines have no space after the colon', () => {
    const translator = iflytekSparkAdapter.createStreamTranslator(testContext({ stream: true }));
    const out = sseFixtureEvents('iflytek-spark', 'chat-stream').flatMap((e) => translator.push(e));
    expect(out).toHaveLength(2);
    expect(translator.usage()).toMatchObject({ promptTokens: 6, completionTokens: 9 });
    expect(translator.drainText!(true)).toBe('你好，我是星火。');
  });

  it('reads its error', () => {
    expect(iflytekSparkAdapter.parseError(401, fixtureBodyText('iflytek-spark', 'error-401'), testContext())).toMatchObject({ message: 'invalid user', type: 'api_error' });
  });
});
