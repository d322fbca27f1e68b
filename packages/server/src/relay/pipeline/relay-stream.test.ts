import { describe, expect, it } from 'vitest';
import { readSseFixture, sseBody } from '../formats/fixtures.test-helpers.js';
import type { SseEvent } from '../formats/sse-event.js';
import type { OutboundEvent, StreamTranslator } from '../providers/provider-adapter.js';
import { OpenAIStreamTranslator } from '../providers/openai-compatible/stream-translator.js';
import { ClaudeStreamTranslator } from '../providers/anthropic/claude-stream.js';
import { frameSse } from './client-io.js';
import { sseTranslator } from './relay-stream.js';

const enc = new TextEncoder();
const openAIStream = readSseFixture(new URL('../formats/openai/fixtures/stream-text.json', import.meta.url));
const claudeStream = readSseFixture(new URL('../formats/anthropic/fixtures/stream-text.json', import.meta.url));

/** What a pass-through encoder makes of the events: each one framed as it is. */
const framed = (events: OutboundEvent[]) =>
  events.map((e) => frameSse({ event: e.event, data: typeof e.data === 'string' ? e.data : JSON.stringify(e.data) })).join('');

/** The client's bytes for a body cut into chunks, with and without the verbatim shortcut. */
function relayed(makeTranslator: () => StreamTranslator, chunks: Uint8Array[]) {
  const translator = sseTranslator(makeTranslator());
  let withShortcut = '';
  let reframed = '';
  let shortcuts = 0;
  for (const chunk of chunks) {
    const events = translator.push(chunk);
    const verbatim = translator.verbatim?.();
    if (verbatim !== undefined) shortcuts++;
    withShortcut += verbatim ?? framed(events);
    reframed += framed(events);
  }
  const tail = framed(translator.end());
  return { withShortcut: withShortcut + tail, reframed: reframed + tail, shortcuts };
}

const split = (bytes: Uint8Array, ...cuts: number[]) => [0, ...cuts].map((from, i) => bytes.slice(from, cuts[i] ?? bytes.length));

describe('the verbatim shortcut for streams passed on unchanged', () => {
  it("sends an OpenAI chunk's own text, without the [DONE] the encoder writes itself", () => {
    const body = sseBody(openAIStream);
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    const translator = sseTranslator(new OpenAIStreamTranslator('chat', true));
    translator.push(enc.encode(body));
    expect(translator.verbatim!()).toBe(body.slice(0, -'data: [DONE]\n\n'.length));
  });

  it('sends the same bytes as re-framing every event, wherever the body is cut', () => {
    for (const [name, make, events] of [
      ['openai', () => new OpenAIStreamTranslator('chat', true), openAIStream],
      ['claude', () => new ClaudeStreamTranslator('native', true), claudeStream],
    ] as const) {
      const bytes = enc.encode(sseBody(events as SseEvent[]));
      const whole = relayed(make, [bytes]);
      expect(whole.shortcuts, name).toBe(1);
      expect(whole.withShortcut, name).toBe(whole.reframed);
      for (let cut = 1; cut < bytes.length; cut += 7) {
        const got = relayed(make, split(bytes, cut));
        expect(got.withShortcut, `${name} cut at ${cut}`).toBe(got.reframed);
        expect(got.withShortcut, `${name} cut at ${cut}`).toBe(whole.withShortcut);
      }
    }
  });

  it('re-frames a chunk whose events the translator changed', () => {
    // The client refused usage: the usage chunk is dropped and `usage` removed from the others.
    const body = sseBody(openAIStream);
    const got = relayed(() => new OpenAIStreamTranslator('chat', false), [enc.encode(body)]);
    expect(got.shortcuts).toBe(0);
    expect(got.withShortcut).not.toContain('"usage"');
    expect(got.withShortcut).toBe(got.reframed);
  });

  it('re-frames a chunk whose framing is not canonical', () => {
    const body = sseBody(openAIStream).replaceAll('\n\n', '\r\n\r\n');
    const got = relayed(() => new OpenAIStreamTranslator('chat', true), [enc.encode(body)]);
    expect(got.shortcuts).toBe(0);
    expect(got.withShortcut).toBe(sseBody(openAIStream).slice(0, -'data: [DONE]\n\n'.length));
  });

  it('is never offered by a translator that converts the events', () => {
    const body = sseBody(claudeStream);
    const got = relayed(() => new ClaudeStreamTranslator('hub', true), [enc.encode(body)]);
    expect(got.shortcuts).toBe(0);
    expect(got.withShortcut).toContain('chat.completion.chunk');
  });
});
