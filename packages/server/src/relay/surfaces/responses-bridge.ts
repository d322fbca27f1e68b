import { chatToResponsesRequest } from '../formats/openai/chat-request-to-responses.js';
import { ResponsesToChatStream, responsesToChatCompletion } from '../formats/openai/responses-to-chat.js';
import type { SseEvent } from '../formats/sse-event.js';
import type { RelayError } from '../relay-error.js';
import type { StreamEncoder, SurfacePlan } from './surface.js';

/** Responses events from the upstream → hub chunks → the surface's own encoder. */
class ChatFromResponsesEncoder implements StreamEncoder {
  private readonly stream: ResponsesToChatStream;

  constructor(private readonly inner: StreamEncoder, model: string, includeUsage: boolean) {
    this.stream = new ResponsesToChatStream(model, includeUsage);
  }

  push(event: { event?: string; data: unknown }): SseEvent[] {
    const data = typeof event.data === 'string' ? (JSON.parse(event.data) as Record<string, unknown>) : (event.data as Record<string, unknown>);
    return this.stream.push(data).flatMap((chunk) => this.inner.push({ data: chunk }));
  }

  finish(): SseEvent[] {
    return this.inner.finish();
  }

  error(err: RelayError): SseEvent[] {
    return this.inner.error(err);
  }
}

/**
 * A chat plan sent over the Responses API instead, for a model its channel serves only there (OpenAI's
 * o1-pro, o3-pro, codex and pro models): the hub request goes as a Responses request and the answer,
 * whole or streamed, comes back through chat to whatever the client speaks.
 */
export function viaResponses(plan: SurfacePlan, request: { model: string; includeUsage: boolean }): SurfacePlan {
  if (plan.body.kind !== 'json') return plan;
  return {
    endpoint: 'responses',
    body: { kind: 'json', json: chatToResponsesRequest(plan.body.json) },
    encodeResponse: (body) => plan.encodeResponse(responsesToChatCompletion(body as Record<string, unknown>)),
    createStreamEncoder: () => new ChatFromResponsesEncoder(plan.createStreamEncoder(), request.model, request.includeUsage),
  };
}
