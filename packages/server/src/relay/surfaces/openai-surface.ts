import type { SseEvent } from '../formats/sse-event.js';
import { isOpenAIErrorBody, type ChatCompletion, type OpenAIErrorBody } from '../formats/openai/types.js';
import { responsesToChatRequest } from '../formats/openai/responses-request-to-chat.js';
import { ChatToResponsesStream, chatToResponsesResponse } from '../formats/openai/responses-from-chat.js';
import type { RelayError } from '../relay-error.js';
import { hubChunk, type Surface, type SurfacePlan, type SurfaceRequest, type StreamEncoder } from './surface.js';

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

/** Hub chunks from a chat-only channel become Responses API events (a Responses client on such a channel). */
class ResponsesFromHubEncoder implements StreamEncoder {
  private readonly stream: ChatToResponsesStream;
  constructor(request: SurfaceRequest, json: Record<string, unknown>) {
    this.stream = new ChatToResponsesStream(request.model, json, request.responsesStorage);
  }
  push(event: { event?: string; data: unknown }): SseEvent[] {
    const chunk = hubChunk(event.data);
    if (isOpenAIErrorBody(chunk)) return [responsesEvent({ type: 'error', message: chunk.error.message, code: chunk.error.code, param: chunk.error.param })];
    return this.stream.pushChunk(chunk).map(responsesEvent);
  }
  finish(): SseEvent[] {
    return this.stream.finish().map(responsesEvent);
  }
  error(err: RelayError): SseEvent[] {
    return [responsesEvent({ type: 'error', message: err.message, code: err.code, param: null })];
  }
}

const responsesEvent = (event: Record<string, unknown>): SseEvent => ({ event: String(event.type), data: JSON.stringify(event) });

/**
 * The OpenAI surface: every endpoint goes to the adapter as it came, except a Responses request for a
 * channel that only speaks chat, which goes as a chat request and comes back as a Responses answer.
 */
export const openAISurface: Surface = {
  name: 'openai',
  errorBody: openAIErrorBody,
  plan(adapter, request: SurfaceRequest): SurfacePlan {
    if (request.endpoint === 'responses' && !adapter.supports('responses') && adapter.supports('chat') && request.body.kind === 'json') {
      const json = request.body.json;
      const chat = responsesToChatRequest(json);
      if (request.stream) chat.stream_options = { include_usage: true };
      return {
        endpoint: 'chat',
        body: { kind: 'json', json: chat },
        encodeResponse: (b) => chatToResponsesResponse(b as ChatCompletion, json, request.responsesStorage),
        createStreamEncoder: () => new ResponsesFromHubEncoder(request, json),
      };
    }
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
