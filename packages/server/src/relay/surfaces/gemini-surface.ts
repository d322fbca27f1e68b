import type { SseEvent } from '../formats/sse-event.js';
import { geminiToOpenAIRequest } from '../formats/gemini/request-to-openai.js';
import { openAIToGeminiResponse } from '../formats/gemini/response-from-openai.js';
import { OpenAIToGeminiStream, geminiSseEvent } from '../formats/gemini/stream-from-openai.js';
import { geminiError } from '../formats/gemini/errors.js';
import { geminiEmbedToOpenAI, isBatchEmbedRequest, openAIToGeminiEmbeddings } from '../formats/gemini/embeddings.js';
import type { GeminiRequest } from '../formats/gemini/types.js';
import type { ChatCompletion } from '../formats/openai/types.js';
import type { RelayError } from '../relay-error.js';
import type { Surface, SurfacePlan, SurfaceRequest, StreamEncoder } from './surface.js';

const errorBody = (err: RelayError) => geminiError(err.status, err.message);

class PassThroughEncoder implements StreamEncoder {
  push(event: { event?: string; data: unknown }): SseEvent[] {
    return [{ data: typeof event.data === 'string' ? event.data : JSON.stringify(event.data) }];
  }
  finish(): SseEvent[] {
    return [];
  }
  error(err: RelayError): SseEvent[] {
    return [{ data: JSON.stringify(errorBody(err)) }];
  }
}

class FromHubEncoder implements StreamEncoder {
  private readonly stream: OpenAIToGeminiStream;
  constructor(model: string) {
    this.stream = new OpenAIToGeminiStream({ model });
  }
  push(event: { event?: string; data: unknown }): SseEvent[] {
    return this.stream.push({ data: typeof event.data === 'string' ? event.data : JSON.stringify(event.data) }).map(geminiSseEvent);
  }
  finish(): SseEvent[] {
    return this.stream.push({ data: '[DONE]' }).map(geminiSseEvent);
  }
  error(err: RelayError): SseEvent[] {
    return [{ data: JSON.stringify(errorBody(err)) }];
  }
}

/** Gemini's embeddings: passed through to a channel that speaks them, else converted from OpenAI embeddings. */
function embedPlan(adapter: Parameters<Surface['plan']>[0], request: SurfaceRequest): SurfacePlan {
  if (adapter.supports('gemini.embed')) {
    return { endpoint: 'gemini.embed', body: request.body, encodeResponse: (b) => b, passesResponseThrough: true, createStreamEncoder: () => new PassThroughEncoder() };
  }
  const json = request.body.kind === 'json' ? request.body.json : {};
  return {
    endpoint: 'embeddings',
    body: { kind: 'json', json: geminiEmbedToOpenAI(json, request.model) },
    encodeResponse: (b) => openAIToGeminiEmbeddings(b, isBatchEmbedRequest(json)),
    createStreamEncoder: () => new PassThroughEncoder(),
  };
}

/**
 * The Gemini surface (`POST /v1beta/models/{model}:generateContent`, `:streamGenerateContent`,
 * `:embedContent` and `:batchEmbedContents`).
 */
export const geminiSurface: Surface = {
  name: 'gemini',
  errorBody,
  plan(adapter, request: SurfaceRequest): SurfacePlan {
    if (request.endpoint === 'gemini.embed') return embedPlan(adapter, request);
    if (adapter.supports('gemini.generate')) {
      return { endpoint: 'gemini.generate', body: request.body, encodeResponse: (b) => b, createStreamEncoder: () => new PassThroughEncoder() };
    }
    const json = request.body.kind === 'json' ? request.body.json : {};
    const hub = geminiToOpenAIRequest(json as unknown as GeminiRequest, { model: request.model });
    hub.stream = request.stream;
    if (request.stream) hub.stream_options = { include_usage: true };
    return {
      endpoint: 'chat',
      body: { kind: 'json', json: hub as unknown as Record<string, unknown> },
      encodeResponse: (b) => openAIToGeminiResponse(b as ChatCompletion),
      createStreamEncoder: () => new FromHubEncoder(request.model),
    };
  },
};
