import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { mistralAdapter } from './index.js';
import { mistralToolCallId, withMistralToolCallIds } from './tool-call-ids.js';

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

  it('maps tool call ids to 9 letters and digits, the same id always to the same one, and keeps valid ones', () => {
    const mapped = mistralToolCallId('call_Xk2mR9pQ7vLw3nTb');
    expect(mapped).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(mistralToolCallId('call_Xk2mR9pQ7vLw3nTb')).toBe(mapped);
    expect(mistralToolCallId('call_Xk2mR9pQ7vLw3nTc')).not.toBe(mapped);
    expect(mistralToolCallId('D6fQ2mZ8a')).toBe('D6fQ2mZ8a');

    const messages = [{ role: 'user', content: 'hi' }, { role: 'assistant', tool_calls: [{ id: 'D6fQ2mZ8a', type: 'function' }] }, { role: 'tool', tool_call_id: 'D6fQ2mZ8a', content: 'x' }];
    expect(withMistralToolCallIds(messages)).toBe(messages);
    const req = mistralAdapter.buildRequest(
      jsonBody({ model: 'mistral-small-latest', messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'call_1', content: 'ok' }] }),
      testContext(),
    ) as { body: string };
    const sent = sentJson(req.body) as { messages: [{ tool_calls: [{ id: string; function: unknown }] }, { tool_call_id: string }] };
    expect(sent.messages[0].tool_calls[0]).toEqual({ id: mistralToolCallId('call_1'), type: 'function', function: { name: 'f', arguments: '{}' } });
    expect(sent.messages[1].tool_call_id).toBe(mistralToolCallId('call_1'));
  });
});
