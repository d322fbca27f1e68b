import { describe, expect, it } from 'vitest';
import { readSseFixture } from '../fixtures.test-helpers.js';
import { geminiSseEvent, OpenAIToGeminiStream, type GeminiStreamItem } from './stream-from-openai.js';

const events = (name: string) => readSseFixture(new URL(`../openai/fixtures/${name}.json`, import.meta.url));

function run(name: string) {
  const stream = new OpenAIToGeminiStream({ model: 'fallback' });
  const out: GeminiStreamItem[] = [];
  for (const event of events(name)) out.push(...stream.push(event));
  out.push(...stream.finish());
  return { stream, out };
}

describe('OpenAI chunks → Gemini stream', () => {
  it('forwards text as it comes and ends with finishReason and usage metadata', () => {
    const { out, stream } = run('stream-text');
    expect(out).toEqual([
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0 }], modelVersion: 'gpt-4o-mini', responseId: '123' },
      { candidates: [{ content: { role: 'model', parts: [{ text: ' there!' }] }, index: 0 }], modelVersion: 'gpt-4o-mini', responseId: '123' },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, index: 0, finishReason: 'STOP' }],
        modelVersion: 'gpt-4o-mini',
        responseId: '123',
        usageMetadata: { promptTokenCount: 1100, candidatesTokenCount: 3, cachedContentTokenCount: 1024, totalTokenCount: 1103 },
      },
    ]);
    expect(stream.done).toBe(true);
  });

  it('collects tool call fragments and sends whole function calls with the last response', () => {
    const { out } = run('stream-tool-calls');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { functionCall: { id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', name: 'get_weather', args: { location: 'Paris' } } },
              { functionCall: { id: 'call_fJ5bTlQ2GmWD5mT1s1m5xY8k', name: 'get_time', args: { timezone: 'Europe/Paris' } } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 82, candidatesTokenCount: 48 },
    });
  });

  it('sends reasoning as thought parts and ends when usage comes with the finish chunk', () => {
    const { out } = run('stream-reasoning');
    expect(out.map((r) => ('candidates' in r ? r.candidates![0].content!.parts : []))).toEqual([
      [{ text: '9.11 vs 9.8: compare tenths.', thought: true }],
      [{ text: '9.8 is larger.' }],
      [{ text: '' }],
    ]);
    expect(out.at(-1)).toMatchObject({ usageMetadata: { thoughtsTokenCount: 50, candidatesTokenCount: 10 } });
  });

  it('turns a mid-stream OpenAI error into a Gemini error body', () => {
    const { out, stream } = run('stream-error');
    expect(out.at(-1)).toEqual({ error: { code: 500, message: 'The server had an error while processing your request.', status: 'INTERNAL' } });
    expect(stream.done).toBe(true);
  });

  it('frames items as data-only events', () => {
    expect(geminiSseEvent({ candidates: [] })).toEqual({ data: '{"candidates":[]}' });
  });
});
