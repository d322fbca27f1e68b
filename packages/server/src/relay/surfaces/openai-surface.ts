import type { SseEvent } from '../formats/sse-event.js';
import type { OpenAIErrorBody } from '../formats/openai/types.js';
import type { RelayError } from '../relay-error.js';
import type { Surface, SurfacePlan, SurfaceRequest, StreamEncoder } from './surface.js';

export function openAIErrorBody(err: RelayError): OpenAIErrorBody {
  return { error: { message: err.message, type: err.type, param: null, code: err.code } };
}

const json = (data: unknown): SseEvent => ({ data: typeof data === 'string' ? data : JSON.stringify(data) });

/** Adapter events are already OpenAI-shaped (hub chunks, or an endpoint's own events such as Responses). */
class OpenAIStreamEncoder implements StreamEncoder {
  readonly verbatim = true;

  constructor(private readonly endWithDone: boolean) {}

  push(event: { event?: string; data: unknown }): SseEvent[] {
    const framed = json(event.data);
    return [event.event ? { event: event.event, data: framed.data } : framed];
  }

  finish(): SseEvent[] {
    return this.endWithDone ? [{ data: '[DONE]' }] : [];
  }

  error(err: RelayError): SseEvent[] {
    return [json(openAIErrorBody(err)), ...this.finish()];
  }
}

/** The OpenAI surface: every endpoint goes to the adapter as it came. */
export const openAISurface: Surface = {
  name: 'openai',
  errorBody: openAIErrorBody,
  plan(_adapter, request: SurfaceRequest): SurfacePlan {
    // The Responses API stream carries typed events and no [DONE] terminator.
    const endWithDone = request.endpoint !== 'responses';
    return {
      endpoint: request.endpoint,
      body: request.body,
      encodeResponse: (body) => body,
      passesResponseThrough: true,
      createStreamEncoder: () => new OpenAIStreamEncoder(endWithDone),
    };
  },
};
