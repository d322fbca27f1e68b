import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { xinferenceAdapter } from './index.js';

describe('xinferenceAdapter', () => {
  it('needs a base URL and sends no Authorization header without a key', () => {
    expect(() => xinferenceAdapter.buildRequest(jsonBody({ model: 'm', messages: [] }), testContext())).toThrow(/has no base URL/);
    const req = xinferenceAdapter.buildRequest(jsonBody({ model: 'm', messages: [] }), testContext({ channel: { baseUrl: 'http://xinf:9997', key: '' } }));
    expect(req).toMatchObject({ url: 'http://xinf:9997/v1/chat/completions', headers: { 'Content-Type': 'application/json' } });
    expect((req as { headers: object }).headers).not.toHaveProperty('Authorization');
  });

  it('reads rerank token usage from meta.tokens', () => {
    const ctx = testContext({ endpoint: 'rerank', channel: { baseUrl: 'http://xinf:9997' } });
    expect(xinferenceAdapter.parseResponse(bytes(fixtureBodyText('xinference', 'rerank')), 'application/json', ctx).usage).toMatchObject({ promptTokens: 21 });
  });
});
