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
  const streamOptions = source.stream_options as { include_usage?: unknown } | null | undefined;
  if (STREAM_USAGE_ENDPOINTS.has(ctx.endpoint) && ctx.stream) {
    json.stream = true;
    if (forceStreamUsage) json.stream_options = { ...(streamOptions ?? {}), include_usage: true };
  } else if (ctx.endpoint === 'responses' && ctx.stream) {
    json.stream = true;
  }
  return { json, note: openAIRequestNote(source, ctx) };
}

export function openAIRequestNote(source: Record<string, unknown>, ctx: AdapterContext): OpenAIRequestNote {
  const note: OpenAIRequestNote = { clientWantsUsage: true };
  if (STREAM_USAGE_ENDPOINTS.has(ctx.endpoint) && ctx.stream) {
    note.clientWantsUsage = (source.stream_options as { include_usage?: unknown } | null | undefined)?.include_usage !== false;
  }
  if (ctx.endpoint === 'audio.speech' && typeof source.input === 'string') note.speechCharacters = [...source.input].length;
  return note;
}

const STREAM_USAGE_MEMBER = Buffer.from(',"stream_options":{"include_usage":true}');

/**
 * The client's own bytes, when what openAIJsonBody would build says exactly what they say: the same
 * model, already streaming when it should, and nothing to add but include_usage on a stream without
 * stream_options (spliced in before the closing brace). Serialising the parsed body again cost about a
 * hundredth of a relayed request's CPU, and the bytes also keep what a parse would round (big integers).
 */
export function clientBytesFor(raw: Uint8Array, source: Record<string, unknown>, ctx: AdapterContext, forceStreamUsage: boolean): Uint8Array | undefined {
  if (source.model !== ctx.upstreamModel) return undefined;
  if ((STREAM_USAGE_ENDPOINTS.has(ctx.endpoint) || ctx.endpoint === 'responses') && ctx.stream && source.stream !== true) return undefined;
  if (!STREAM_USAGE_ENDPOINTS.has(ctx.endpoint) || !ctx.stream || !forceStreamUsage) return raw;
  const options = source.stream_options;
  if (options === undefined) return spliceBeforeClosingBrace(raw, STREAM_USAGE_MEMBER);
  const includeUsage = typeof options === 'object' && options !== null && (options as { include_usage?: unknown }).include_usage === true;
  return includeUsage ? raw : undefined;
}

/** `raw` (a JSON object with at least one member) with `member` added as its last member. */
function spliceBeforeClosingBrace(raw: Uint8Array, member: Uint8Array): Uint8Array | undefined {
  let end = raw.length - 1;
  while (end >= 0 && (raw[end] === 0x20 || raw[end] === 0x0a || raw[end] === 0x0d || raw[end] === 0x09)) end--;
  if (end < 0 || raw[end] !== 0x7d) return undefined;
  return Buffer.concat([raw.subarray(0, end), member, raw.subarray(end)]);
}

/**
 * The body with an explicit `top_p` moved into [low, high], for upstreams that refuse the ends of the range
 * OpenAI allows (Zhipu and DashScope answer 400 to `top_p: 1`, which many clients send by default).
 */
export function withTopPWithin(body: Record<string, unknown>, low: number, high: number): Record<string, unknown> {
  const topP = body.top_p;
  if (typeof topP !== 'number' || (topP >= low && topP <= high)) return body;
  return { ...body, top_p: Math.min(high, Math.max(low, topP)) };
}
