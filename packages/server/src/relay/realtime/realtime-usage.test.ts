import { describe, expect, it } from 'vitest';
import { fromRealtimeUsage, watchedEventOf } from './realtime-usage.js';

describe('fromRealtimeUsage', () => {
  it('bills input with its cache and only the audio input not read from the cache', () => {
    const usage = fromRealtimeUsage({
      total_tokens: 700,
      input_tokens: 420,
      output_tokens: 280,
      input_token_details: { cached_tokens: 140, text_tokens: 120, audio_tokens: 300, cached_tokens_details: { text_tokens: 40, audio_tokens: 100 } },
      output_token_details: { text_tokens: 30, audio_tokens: 250 },
    });
    expect(usage).toEqual({ promptTokens: 420, completionTokens: 280, cachedTokens: 140, cacheCreationTokens: 0, reasoningTokens: 0, audioInputTokens: 200, audioOutputTokens: 250, semantic: 'openai' });
  });

  it('bills image input not read from the cache as image tokens', () => {
    const usage = fromRealtimeUsage({ input_tokens: 900, output_tokens: 10, input_token_details: { cached_tokens: 300, image_tokens: 800, cached_tokens_details: { image_tokens: 300 } } });
    expect(usage.imageInputTokens).toBe(500);
    expect(fromRealtimeUsage({ input_tokens: 9, input_token_details: { text_tokens: 9 } }).imageInputTokens).toBeUndefined();
  });

  it('reads missing, negative or non-numeric counts as 0 and never gives negative audio', () => {
    const usage = fromRealtimeUsage({ input_tokens: -3, output_tokens: 'x' as never, input_token_details: { audio_tokens: 5, cached_tokens_details: { audio_tokens: 9 } } });
    expect(usage).toMatchObject({ promptTokens: 0, completionTokens: 0, cachedTokens: 0, audioInputTokens: 0, audioOutputTokens: 0 });
  });
});

describe('watchedEventOf', () => {
  const frame = (v: unknown) => Buffer.from(JSON.stringify(v));

  it('finds response.created and response.done with its status and usage', () => {
    expect(watchedEventOf(frame({ type: 'response.created', response: {} }))).toEqual({ type: 'response.created' });
    expect(watchedEventOf(frame({ type: 'response.done', response: { status: 'completed', usage: { input_tokens: 1 } } }))).toEqual({ type: 'response.done', status: 'completed', usage: { input_tokens: 1 } });
  });

  it('reads the input transcription model of a session, GA or beta shape, and finished transcriptions', () => {
    expect(watchedEventOf(frame({ type: 'session.updated', session: { audio: { input: { transcription: { model: 'gpt-4o-transcribe' } } } } }))).toEqual({ type: 'session', transcriptionModel: 'gpt-4o-transcribe' });
    expect(watchedEventOf(frame({ type: 'session.created', session: { input_audio_transcription: { model: 'whisper-1' } } }))).toEqual({ type: 'session', transcriptionModel: 'whisper-1' });
    expect(watchedEventOf(frame({ type: 'session.updated', session: { audio: { input: { transcription: null } } } }))).toEqual({ type: 'session', transcriptionModel: undefined });
    const usage = { type: 'tokens', input_tokens: 3, output_tokens: 1 };
    expect(watchedEventOf(frame({ type: 'conversation.item.input_audio_transcription.completed', transcript: 'hi', usage }))).toEqual({ type: 'transcription.done', usage });
  });

  it('ignores other events, even ones whose text mentions response.done, and broken JSON', () => {
    expect(watchedEventOf(frame({ type: 'response.output_audio.delta', delta: 'AAAA' }))).toBeUndefined();
    expect(watchedEventOf(frame({ type: 'response.output_audio_transcript.delta', delta: '"response.done"' }))).toBeUndefined();
    expect(watchedEventOf(Buffer.from('{"type":"response.done"'))).toBeUndefined();
  });
});
