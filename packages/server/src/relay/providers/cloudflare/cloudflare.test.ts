import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { cloudflareAdapter } from './index.js';

const channel = { other: 'acc123', key: 'cf-token' };

describe('cloudflareAdapter', () => {
  it('calls the account-scoped OpenAI-compatible path with the API token', () => {
    const req = cloudflareAdapter.buildRequest(jsonBody({ model: '@cf/meta/llama-3.1-8b-instruct', messages: [] }), testContext({ channel }));
    expect(req).toMatchObject({
      url: 'https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1/chat/completions',
      headers: { Authorization: 'Bearer cf-token' },
    });
    const embed = cloudflareAdapter.buildRequest(jsonBody({ model: '@cf/baai/bge-large-en-v1.5', input: 'x' }), testContext({ endpoint: 'embeddings', channel }));
    expect((embed as { url: string }).url).toBe('https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1/embeddings');
  });

  it('does not repeat the account path when the base URL already holds it', () => {
    const req = cloudflareAdapter.buildRequest(
      jsonBody({ model: 'm', messages: [] }),
      testContext({ channel: { ...channel, baseUrl: 'https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1' } }),
    );
    expect((req as { url: string }).url).toBe('https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1/chat/completions');
  });

  it('refuses a channel without an account id', () => {
    expect(() => cloudflareAdapter.buildRequest(jsonBody({ model: 'm', messages: [] }), testContext())).toThrow(/account id/);
  });

  it('reads answers, Cloudflare errors and the model search', () => {
    const res = cloudflareAdapter.parseResponse(bytes(fixtureBodyText('cloudflare', 'chat')), 'application/json', testContext({ channel }));
    expect(res.usage).toMatchObject({ promptTokens: 18, completionTokens: 6 });
    expect(cloudflareAdapter.parseError(401, fixtureBodyText('cloudflare', 'error-auth'), testContext())).toMatchObject({ message: 'Authentication error', code: '10000' });
    const list = cloudflareAdapter.modelList!;
    expect(list.request(testContext({ channel }).channel).url).toBe('https://api.cloudflare.com/client/v4/accounts/acc123/ai/models/search?per_page=1000');
    expect(list.parse(fixtureBodyText('cloudflare', 'models'))).toEqual(['@cf/meta/llama-3.1-8b-instruct', '@cf/baai/bge-large-en-v1.5']);
  });
});
