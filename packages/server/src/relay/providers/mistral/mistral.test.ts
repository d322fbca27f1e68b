import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { mistralAdapter } from './index.js';

describe('mistralAdapter', () => {
  it('never sends stream_options, which Mistral rejects', () => {
    const req = mistralAdapter.buildRequest(
      jsonBody({ model: 'mistral-small-latest', messages: [], stream: true, stream_options: { include_usage: true } }),
      testContext({ stream: true }),
    ) as { url: string; body: string };
    expect(req.url).toBe('https://api.mistral.ai/v1/chat/completions');
    expect(sentJson(req.body)).toEqual({ model: 'upstream-model', messages: [], stream: true });
  });

  it('still gets usage from the last chunk of its stream', () => {
    const translator = mistralAdapter.createStreamTranslator(testContext({ stream: true }));
    sseFixtureEvents('mistral', 'chat-stream').forEach((e) => translator.push(e));
    expect(translator.usage()).toMatchObject({ promptTokens: 7, completionTokens: 3 });
  });

  it('reads its nested validation error', () => {
    expect(mistralAdapter.parseError(422, fixtureBodyText('mistral', 'error-422'), testContext())).toEqual({
      message: 'Extra inputs are not permitted',
      type: 'invalid_request_error',
    });
  });
});
