import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { azureDeploymentName, azureOpenAIAdapter } from './index.js';

const channel = { baseUrl: 'https://my-resource.openai.azure.com/', key: 'azure-key' };

describe('azureOpenAIAdapter', () => {
  it('posts chat to the deployment named after the model without dots, with the default api-version', () => {
    const req = azureOpenAIAdapter.buildRequest(jsonBody({ model: 'gpt-4.1', messages: [] }), testContext({ upstreamModel: 'gpt-4.1', channel }));
    expect(req).toMatchObject({
      url: 'https://my-resource.openai.azure.com/openai/deployments/gpt-41/chat/completions?api-version=2025-04-01-preview',
      headers: { 'api-key': 'azure-key', 'Content-Type': 'application/json' },
    });
    expect((req as { headers: object }).headers).not.toHaveProperty('Authorization');
    expect(sentJson((req as { body: string }).body).model).toBe('gpt-4.1');
  });

  it('takes the api-version from the channel other field', () => {
    const req = azureOpenAIAdapter.buildRequest(
      jsonBody({ model: 'text-embedding-3-large', input: 'x' }),
      testContext({ endpoint: 'embeddings', upstreamModel: 'text-embedding-3-large', channel: { ...channel, other: '2024-10-21' } }),
    );
    expect((req as { url: string }).url).toBe('https://my-resource.openai.azure.com/openai/deployments/text-embedding-3-large/embeddings?api-version=2024-10-21');
  });

  it('sends the Responses API to the resource, not a deployment', () => {
    const req = azureOpenAIAdapter.buildRequest(jsonBody({ model: 'o4-mini', input: 'hi' }), testContext({ endpoint: 'responses', upstreamModel: 'o4-mini', channel }));
    expect((req as { url: string }).url).toBe('https://my-resource.openai.azure.com/openai/responses?api-version=2025-04-01-preview');
  });

  it('requires the resource base URL', () => {
    expect(() => azureOpenAIAdapter.buildRequest(jsonBody({ model: 'gpt-4o', messages: [] }), testContext())).toThrow(/has no base URL/);
  });

  it('reads a content filter error', () => {
    expect(azureOpenAIAdapter.parseError(400, fixtureBodyText('azure-openai', 'error-content-filter'), testContext())).toMatchObject({
      code: 'content_filter',
      message: expect.stringMatching(/filtered due to the prompt triggering/),
    });
  });

  it('removes every dot from deployment names', () => {
    expect(azureDeploymentName('gpt-3.5-turbo-0.1')).toBe('gpt-35-turbo-01');
  });
});

describe('azureOpenAIAdapter streams', () => {
  it('passes the prompt filter chunk on and reads usage from the last chunk', () => {
    const ctx = testContext({ stream: true, channel });
    azureOpenAIAdapter.buildRequest(jsonBody({ model: 'gpt-4o', messages: [], stream: true }), ctx);
    const translator = azureOpenAIAdapter.createStreamTranslator(ctx);
    const out = sseFixtureEvents('azure-openai', 'chat-stream').flatMap((e) => translator.push(e));
    expect(out).toHaveLength(5);
    expect(JSON.parse(out[0].data as string)).toHaveProperty('prompt_filter_results');
    expect(translator.drainText!(true)).toBe('Hi!');
    expect(translator.usage()).toMatchObject({ promptTokens: 9, completionTokens: 3 });
  });
});
