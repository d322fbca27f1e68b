import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { deepSeekAdapter } from './index.js';

describe('deepSeekAdapter', () => {
  it('calls the documented path without /v1, and a /v1 base URL once', () => {
    const plain = deepSeekAdapter.buildRequest(jsonBody({ model: 'deepseek-chat', messages: [] }), testContext());
    expect((plain as { url: string }).url).toBe('https://api.deepseek.com/chat/completions');
    const v1 = deepSeekAdapter.buildRequest(jsonBody({ model: 'deepseek-chat', messages: [] }), testContext({ channel: { baseUrl: 'https://api.deepseek.com/v1' } }));
    expect((v1 as { url: string }).url).toBe('https://api.deepseek.com/v1/chat/completions');
  });

  it('passes reasoning content through and reads reasoning usage', () => {
    const res = deepSeekAdapter.parseResponse(bytes(fixtureBodyText('deepseek', 'chat')), 'application/json', testContext());
    expect((res.body as any).choices[0].message.reasoning_content).toBe('Compare the tenths: 1 < 8.');
    expect(res.usage).toMatchObject({ promptTokens: 64, completionTokens: 120, reasoningTokens: 98, cachedTokens: 0 });
  });

  it('reads usage from the finishing chunk and ignores keep-alive comments', () => {
    const translator = deepSeekAdapter.createStreamTranslator(testContext({ stream: true }));
    const out = sseFixtureEvents('deepseek', 'chat-stream').flatMap((e) => translator.push(e));
    expect(out).toHaveLength(3);
    expect(translator.usage()).toMatchObject({ promptTokens: 10, completionTokens: 1 });
  });

  it('reads the balance from /user/balance at the host root', () => {
    const balance = deepSeekAdapter.balance!;
    expect(balance.request(testContext({ channel: { baseUrl: 'https://api.deepseek.com/v1' } }).channel)).toEqual({
      method: 'GET',
      url: 'https://api.deepseek.com/user/balance',
      headers: { Authorization: 'Bearer sk-upstream-key' },
    });
    expect(balance.parse(fixtureBodyText('deepseek', 'balance'))).toBe(110);
  });

  it('reads the insufficient balance error', () => {
    expect(deepSeekAdapter.parseError(402, fixtureBodyText('deepseek', 'error-402'), testContext()).message).toBe('Insufficient Balance');
  });
});
