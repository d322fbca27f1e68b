import type { Usage } from '../formats/usage.js';
import type { OpenAIStreamItem } from '../formats/openai/types.js';
import type { ResponseStorage } from '../formats/openai/responses-from-chat.js';
import type { SseEvent } from '../formats/sse-event.js';
import type { RelayError } from '../relay-error.js';
import type { ProviderAdapter, RelayBody, RelayEndpoint } from '../providers/provider-adapter.js';

/**
 * How one attempt talks to a channel on behalf of a surface: which endpoint and body the adapter gets,
 * and how the adapter's answer turns back into what the client asked for.
 */
export interface SurfacePlan {
  endpoint: RelayEndpoint;
  body: RelayBody;
  /** Converts the adapter's non-stream answer (JSON) into the client's format. */
  encodeResponse(body: unknown): unknown;
  /** True when encodeResponse returns its argument: an answer that is the upstream's own JSON goes out as its bytes. */
  passesResponseThrough?: boolean;
  /** A per-stream encoder for the adapter's outward events. */
  createStreamEncoder(): StreamEncoder;
}

/** Turns adapter events into the client's wire events; `finish` closes the stream properly. */
export interface StreamEncoder {
  /**
   * True when `push` returns a text event as it is (`[{ event, data }]`, nothing added, nothing kept):
   * the pipeline may then send the upstream's own framing of such events without calling `push`.
   */
  readonly verbatim?: boolean;
  push(event: { event?: string; data: unknown }): SseEvent[];
  finish(): SseEvent[];
  /** The error event to send when the stream breaks after it started. */
  error(err: RelayError): SseEvent[];
}

/** One of the three client-facing API styles (OpenAI, Anthropic Messages, Gemini). */
export interface Surface {
  readonly name: 'openai' | 'claude' | 'gemini';
  /** The answer body for an error before any byte was streamed. */
  errorBody(err: RelayError): unknown;
  /** Chooses native pass-through or conversion through the hub format for this channel's adapter. */
  plan(adapter: ProviderAdapter, request: SurfaceRequest): SurfacePlan;
}

export interface SurfaceRequest {
  endpoint: RelayEndpoint;
  body: RelayBody;
  /** The model the client asked for (reported back when the upstream does not say). */
  model: string;
  stream: boolean;
  /** Whether the client wants the final usage chunk (OpenAI: stream_options.include_usage). */
  includeUsage: boolean;
  /**
   * The prompt's token estimate, worked out on first read (only an encoder that must report prompt
   * tokens before the upstream does reads it). An object whose getter sits on its class: an object
   * literal with a getter of its own gets a new hidden class per request, and the scavenger then keeps
   * every such request alive until a full collection.
   */
  promptEstimate: { readonly tokens: number };
  /** A Responses request: how an answer the gateway builds itself (chat bridge) is stored for `previous_response_id`. */
  responsesStorage?: ResponseStorage;
}

export type { Usage };

/** A hub chunk as an object, whether the adapter passed it on as its JSON text or as an object. */
export function hubChunk(data: unknown): OpenAIStreamItem {
  return (typeof data === 'string' ? JSON.parse(data) : data) as OpenAIStreamItem;
}
