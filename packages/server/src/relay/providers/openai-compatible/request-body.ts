/** The JSON body sent to an OpenAI-style upstream: the client's body with the upstream model and usage forced on streams. */
import type { AdapterContext } from '../provider-adapter.js';

/** What the body builder noted for reading the answer. */
export interface OpenAIRequestNote {
  /** False only when the client explicitly sent stream_options.include_usage=false. */
  clientWantsUsage: boolean;
  /** Characters of text to speak, for audio.speech (billed per input character). */
  speechCharacters?: number;
}

export interface OpenAIJsonBody {
  json: Record<string, unknown>;
  note: OpenAIRequestNote;
}

/** Endpoints whose streams end with a usage chunk when stream_options.include_usage is set. */
const STREAM_USAGE_ENDPOINTS = new Set(['chat', 'completions']);

/**
 * Copies the client body with `model` replaced by ctx.upstreamModel. On a streamed chat or completion
 * it sets stream_options.include_usage=true (unless the upstream rejects stream_options) so usage is
 * exact; the note remembers whether the client itself wanted the usage chunk (absent counts as yes,
 * as with new-api) so the translator can drop it otherwise.
 */
export function openAIJsonBody(source: Record<string, unknown>, ctx: AdapterContext, forceStreamUsage: boolean): OpenAIJsonBody {
  const json: Record<string, unknown> = { ...source, model: ctx.upstreamModel };
  const note: OpenAIRequestNote = { clientWantsUsage: true };
  const streamOptions = source.stream_options as { include_usage?: unknown } | null | undefined;
  if (STREAM_USAGE_ENDPOINTS.has(ctx.endpoint) && ctx.stream) {
    json.stream = true;
    note.clientWantsUsage = streamOptions?.include_usage !== false;
    if (forceStreamUsage) json.stream_options = { ...(streamOptions ?? {}), include_usage: true };
  } else if (ctx.endpoint === 'responses' && ctx.stream) {
    json.stream = true;
  }
  if (ctx.endpoint === 'audio.speech' && typeof source.input === 'string') note.speechCharacters = [...source.input].length;
  return { json, note };
}
