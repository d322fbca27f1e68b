import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { openRouterAdapter } from './index.js';

describe('openRouterAdapter', () => {
  it('calls openrouter.ai/api/v1', () => {
    const req = openRouterAdapter.buildRequest(jsonBody({ model: 'anthropic/claude-sonnet-4', messages: [] }), testContext());
    expect((req as { url: string }).url).toBe('https://openrouter.ai/api/v1/chat/completions');
  });

  it('reads answers and the remaining credits', () => {
    expect(openRouterAdapter.parseResponse(bytes(fixtureBodyText('openrouter', 'chat')), 'application/json', testContext()).usage).toMatchObject({ promptTokens: 12, completionTokens: 4 });
    const balance = openRouterAdapter.balance!;
    expect(balance.request(testContext().channel).url).toBe('https://openrouter.ai/api/v1/credits');
    expect(balance.parse(fixtureBodyText('openrouter', 'credits'))).toBe(17.625);
  });

  it('reports an answer without credits as unreadable', () => {
    expect(() => openRouterAdapter.balance!.parse('{"data":{}}')).toThrow(/no balance/);
  });
});
