import { describe, expect, it } from 'vitest';
import { sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { hunyuanAdapter } from './index.js';

describe('hunyuanAdapter', () => {
  it('calls the OpenAI-compatible endpoint', () => {
    const req = hunyuanAdapter.buildRequest(jsonBody({ model: 'hunyuan-turbos-latest', messages: [] }), testContext());
    expect((req as { url: string }).url).toBe('https://api.hunyuan.cloud.tencent.com/v1/chat/completions');
  });

  it('keeps the latest running usage that every chunk carries', () => {
    const translator = hunyuanAdapter.createStreamTranslator(testContext({ stream: true }));
    sseFixtureEvents('hunyuan', 'chat-stream').forEach((e) => translator.push(e));
    expect(translator.usage()).toMatchObject({ promptTokens: 3, completionTokens: 11 });
  });
});
