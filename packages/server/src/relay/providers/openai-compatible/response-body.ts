/** Reads a non-streamed OpenAI-style answer: the body passes through, usage is read per endpoint. */
import { emptyUsage } from '../../formats/usage.js';
import { RelayError } from '../../relay-error.js';
import type { ProviderResponse, RelayEndpoint } from '../provider-adapter.js';
import type { OpenAIRequestNote } from './request-body.js';
import { responsesUsage, usageFromAnswer } from './usage.js';

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
 * - transcriptions/translations answer JSON (usage when the model is token-billed) or text/srt/vtt,
 *   which is passed on as bytes with its content type and no usage (the pipeline estimates).
 * - everything else is JSON passed through, usage from its `usage` field when present.
 */
export function parseOpenAIResponse(endpoint: RelayEndpoint, raw: Uint8Array, contentType: string, note: OpenAIRequestNote | undefined): ProviderResponse {
  if (endpoint === 'audio.speech') {
    const usage = note?.speechCharacters !== undefined ? { ...emptyUsage('openai'), promptTokens: note.speechCharacters } : undefined;
    return { body: raw, contentType: contentType || 'audio/mpeg', usage };
  }
  if ((endpoint === 'audio.transcriptions' || endpoint === 'audio.translations') && !isJsonType(contentType)) {
    return { body: raw, contentType: contentType || 'text/plain; charset=utf-8' };
  }
  const body = parseJsonBody(raw);
  if (endpoint === 'rerank') return { body, raw, usage: rerankUsage(body) };
  if (endpoint === 'responses') return { body, raw, usage: responsesUsage(body) };
  return { body, raw, usage: usageFromAnswer(body.usage) };
}
