import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { moonshotAdapter } from './index.js';

describe('moonshotAdapter', () => {
  it('calls api.moonshot.cn/v1', () => {
    const req = moonshotAdapter.buildRequest(jsonBody({ model: 'moonshot-v1-8k', messages: [] }), testContext());
    expect((req as { url: string }).url).toBe('https://api.moonshot.cn/v1/chat/completions');
  });

  it('reads the usage Moonshot puts inside the last choice', () => {
    const translator = moonshotAdapter.createStreamTranslator(testContext({ stream: true }));
    sseFixtureEvents('moonshot', 'chat-stream').forEach((e) => translator.push(e));
    expect(translator.usage()).toMatchObject({ promptTokens: 19, completionTokens: 13 });
  });

  it('reads the available balance', () => {
    const balance = moonshotAdapter.balance!;
    expect(balance.request(testContext().channel).url).toBe('https://api.moonshot.cn/v1/users/me/balance');
    expect(balance.parse(fixtureBodyText('moonshot', 'balance'))).toBeCloseTo(49.58894);
  });
});
