/** PaLM 2 answers → hub chat completion: one choice per candidate, no usage (the pipeline counts it). */
import { nowSeconds, randomId } from '../../formats/ids.js';
import type { ChatCompletion } from '../../formats/openai/types.js';
import { RelayError } from '../../relay-error.js';
import type { PalmContentFilter, PalmResponse } from './types.js';
import { isJsonObject } from '../../formats/json-object.js';

/** No candidates: PaLM's content filter held them all back (its reasons are named), or it answered nothing. */
function noAnswer(filters: unknown): RelayError {
  const reasons = (Array.isArray(filters) ? filters.filter(isJsonObject) : [])
    .map((f: PalmContentFilter) => [f.reason, f.message].filter((s) => typeof s === 'string' && s).join(': '))
    .filter(Boolean);
  const message = reasons.length > 0
    ? `PaLM returned no answer: its content filter blocked it (${reasons.join('; ')})`
    : 'PaLM returned no answer (no candidates)';
  return new RelayError(502, 'content_filter', message, 'upstream');
}

export function fromPalmResponse(response: PalmResponse, model: string): ChatCompletion {
  if (isJsonObject(response.error) && response.error.message) {
    throw new RelayError(502, 'upstream_error', `PaLM error: ${response.error.message}`, 'upstream');
  }
  const candidates = Array.isArray(response.candidates) ? response.candidates.filter(isJsonObject) : [];
  if (candidates.length === 0) throw noAnswer(response.filters);
  return {
    id: randomId('chatcmpl-'),
    object: 'chat.completion',
    created: nowSeconds(),
    model,
    choices: candidates.map((candidate, index) => ({
      index,
      message: { role: 'assistant', content: typeof candidate.content === 'string' ? candidate.content : '' },
      finish_reason: 'stop',
      logprobs: null,
    })),
  };
}
