/** Reads a non-streamed OpenAI-style answer: the body passes through, usage is read per endpoint. */
import { emptyUsage } from '../../formats/usage.js';
import { RelayError } from '../../relay-error.js';
import type { ProviderResponse, RelayEndpoint } from '../provider-adapter.js';
import type { OpenAIRequestNote } from './request-body.js';
import { fromAudioSeconds, readChatUsage, responsesUsage, usageFromAnswer, type ChatUsageDialect } from './usage.js';
import { subtitleSeconds } from './subtitle-duration.js';
import { isJsonObject } from '../../formats/json-object.js';

const decoder = new TextDecoder();

const isJsonType = (contentType: string): boolean => /\bjson\b/i.test(contentType);

/** A 2xx answer whose body cannot be read: the upstream's fault. */
export const badResponseBody = (detail: string): RelayError =>
  new RelayError(502, 'bad_response_body', `upstream sent an unreadable answer: ${detail}`, 'upstream');

export function parseJsonBody(raw: Uint8Array): Record<string, unknown> {
  const text = decoder.decode(raw);
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw badResponseBody(text.slice(0, 200) || 'empty body');
}

/**
 * Rerank servers report usage as `usage` (Jina), or Cohere-style in `meta.tokens` / `meta.billed_units`
 * (SiliconCloud, Xinference); search units alone are not tokens and give no usage.
 */
function rerankUsage(body: Record<string, any>) {
  const fromUsage = usageFromAnswer(body.usage);
  if (fromUsage) return fromUsage;
  const input = body.meta?.tokens?.input_tokens ?? body.meta?.billed_units?.input_tokens;
  return typeof input === 'number' ? { ...emptyUsage('openai'), promptTokens: input } : undefined;
}

/**
 * - audio.speech answers audio bytes; it carries no usage, so speech is billed per input character:
 *   promptTokens = characters of `input` (what the vendors charge for), completionTokens = 0.
 * - transcriptions/translations answer JSON or text/srt/vtt (passed on as bytes with their content type).
 *   The usage is the answer's tokens, or the seconds of audio (usage of type duration, verbose_json's
 *   `duration`, the last subtitle cue) for whisper-1, which is charged by length; plain text has none
 *   (the pipeline counts it).
 * - everything else is JSON passed through, usage from its `usage` field when present (a chat or
 *   completion answer's read by the upstream's usage dialect, and restated in OpenAI's meaning if it says so).
 */
export function parseOpenAIResponse(
  endpoint: RelayEndpoint,
  raw: Uint8Array,
  contentType: string,
  note: OpenAIRequestNote | undefined,
  dialect?: ChatUsageDialect,
): ProviderResponse {
  if (endpoint === 'audio.speech') {
    const usage = note?.speechCharacters !== undefined ? { ...emptyUsage('openai'), promptTokens: note.speechCharacters } : undefined;
    return { body: raw, contentType: contentType || 'audio/mpeg', usage };
  }
  const transcription = endpoint === 'audio.transcriptions' || endpoint === 'audio.translations';
  if (transcription && !isJsonType(contentType)) {
    const seconds = subtitleSeconds(decoder.decode(raw));
    return { body: raw, contentType: contentType || 'text/plain; charset=utf-8', usage: fromAudioSeconds(seconds) };
  }
  const body = parseJsonBody(raw);
  if (transcription) return { body, raw, usage: usageFromAnswer(body.usage) ?? fromAudioSeconds(body.duration) };
  if (endpoint === 'rerank') return { body, raw, usage: rerankUsage(body) };
  if (endpoint === 'responses') return { body, raw, usage: responsesUsage(body) };
  if (dialect && (endpoint === 'chat' || endpoint === 'completions') && isJsonObject(body.usage)) {
    const read = readChatUsage(body.usage, dialect);
    return read.restated === body.usage ? { body, raw, usage: read.usage } : { body: { ...body, usage: read.restated }, usage: read.usage };
  }
  return { body, raw, usage: usageFromAnswer(body.usage) };
}
