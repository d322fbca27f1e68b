import type { SseEvent } from '../formats/sse-event.js';
import { claudeToOpenAIRequest } from '../formats/anthropic/request-to-openai.js';
import { openAIToClaudeResponse } from '../formats/anthropic/response-from-openai.js';
import { OpenAIToClaudeStream, claudeSseEvent } from '../formats/anthropic/stream-from-openai.js';
import { claudeError, claudeErrorTypeForStatus } from '../formats/anthropic/errors.js';
import type { ClaudeRequest } from '../formats/anthropic/types.js';
import type { ChatCompletion } from '../formats/openai/types.js';
import type { RelayError } from '../relay-error.js';
import { hubChunk, type Surface, type SurfacePlan, type SurfaceRequest, type StreamEncoder } from './surface.js';

const errorBody = (err: RelayError) => claudeError(claudeErrorTypeForStatus(err.status), err.message);

/** Native Claude events are forwarded as they came (event name + raw JSON). */
class PassThroughEncoder implements StreamEncoder {
  readonly verbatim = true;

  push(event: { event?: string; data: unknown }): SseEvent[] {
    const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
    return [event.event ? { event: event.event, data } : { data }];
  }
  finish(): SseEvent[] {
    return [];
  }
  error(err: RelayError): SseEvent[] {
    return [{ event: 'error', data: JSON.stringify(errorBody(err)) }];
  }
}

/** Hub chunks from a non-Claude channel become Claude events. */
class FromHubEncoder implements StreamEncoder {
  private readonly stream: OpenAIToClaudeStream;
  constructor(request: SurfaceRequest) {
    this.stream = new OpenAIToClaudeStream({ model: request.model, promptTokens: request.promptEstimate.tokens });
  }
  push(event: { event?: string; data: unknown }): SseEvent[] {
    return this.stream.pushChunk(hubChunk(event.data)).map(claudeSseEvent);
  }
  finish(): SseEvent[] {
    return this.stream.push({ data: '[DONE]' }).map(claudeSseEvent);
  }
  error(err: RelayError): SseEvent[] {
    return [{ event: 'error', data: JSON.stringify(errorBody(err)) }];
  }
}

/** The Anthropic Messages surface (`POST /v1/messages`). */
export const claudeSurface: Surface = {
  name: 'claude',
  errorBody,
  plan(adapter, request: SurfaceRequest): SurfacePlan {
    if (adapter.supports('claude.messages')) {
      return { endpoint: 'claude.messages', body: request.body, encodeResponse: (b) => b, createStreamEncoder: () => new PassThroughEncoder() };
    }
    const json = request.body.kind === 'json' ? request.body.json : {};
    const hub = claudeToOpenAIRequest(json as unknown as ClaudeRequest);
    if (request.stream) hub.stream_options = { include_usage: true };
    return {
      endpoint: 'chat',
      body: { kind: 'json', json: hub as unknown as Record<string, unknown> },
      encodeResponse: (b) => openAIToClaudeResponse(b as ChatCompletion),
      createStreamEncoder: () => new FromHubEncoder(request),
    };
  },
};
