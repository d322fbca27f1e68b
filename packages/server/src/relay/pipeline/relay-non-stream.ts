import type { ChunkSource, UpstreamResponse } from '../../platform/upstream-body.js';
import { discardBody } from '../../platform/discard-body.js';
import { emptyUsage, toOpenAIUsage, type Usage } from '../formats/usage.js';
import type { AdapterContext, ProviderAdapter, ProviderResponse } from '../providers/provider-adapter.js';
import type { SurfacePlan } from '../surfaces/surface.js';
import { RelayError } from '../relay-error.js';
import { UpstreamRefusal } from '../providers/upstream-refusal.js';
import { countTextTokens } from '../usage/token-counter.js';
import type { ClientIO } from './client-io.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';
import type { PromptEstimate } from './estimate-prompt-tokens.js';
import type { OpenAIAnswerRewrite } from './openai-answer-rewrite.js';
import { withUsageCost, type UsageCost } from './usage-cost.js';

export const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

export type RelayOutcome =
  | { kind: 'done'; result: { usage: Usage; firstTokenMs: number; localCount: boolean; streamStatus?: 'complete' | 'client_gone' | 'upstream_error' } }
  | { kind: 'failed'; error: RelayError; retry: boolean; channelFault: boolean }
  /** The answer was an error the upstream reported inside a 2xx body: judged like an HTTP error answer. */
  | { kind: 'refused'; refusal: UpstreamRefusal };

/**
 * Reads a body up to `limit` bytes; a longer body is an error (and is not kept). Listens to the stream's
 * events rather than iterating it: an async iterator costs a promise per chunk on the relay's hot path.
 */
export function readBounded(body: ChunkSource, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        discardBody(body);
        reject(new RelayError(502, 'response_too_large', `the upstream answer exceeded ${limit} bytes`, 'upstream'));
        return;
      }
      parts.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onClose = () => onError(new Error('the upstream answer broke off'));
    const cleanup = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onError);
    body.once('close', onClose);
  });
}

/** An upstream answer on its way to the client, with what the attempt decided about it. */
export interface RelayedAnswer {
  adapter: ProviderAdapter;
  actx: AdapterContext;
  plan: SurfacePlan;
  response: UpstreamResponse;
  io: ClientIO;
  promptEstimate: PromptEstimate;
  contentType: string;
  /** The channel's rewrites of chat answers for OpenAI clients (thinking_to_content, force_format). */
  rewrite?: OpenAIAnswerRewrite;
  /** Set when the client asked for the cost in the chat answer's usage. */
  costOf?: UsageCost;
}

/** A complete (non-streamed) answer: parse, convert to the client's format, send, and report usage. */
export async function relayNonStream(_deps: RelayDeps, input: RelayInput, a: RelayedAnswer): Promise<RelayOutcome> {
  let raw: Uint8Array;
  try {
    raw = await readBounded(a.response.body, MAX_RESPONSE_BYTES);
  } catch (err) {
    const error = err instanceof RelayError ? err : new RelayError(502, 'bad_response_body', 'the upstream answer broke off', 'upstream');
    return { kind: 'failed', error, retry: true, channelFault: true };
  }
  const firstTokenMs = Date.now() - input.startedAt;
  let parsed: ProviderResponse;
  try {
    parsed = a.adapter.parseResponse(raw, a.contentType, a.actx);
  } catch (err) {
    if (err instanceof UpstreamRefusal) return { kind: 'refused', refusal: err };
    const message = err instanceof RelayError ? err.message : 'the upstream answer could not be read';
    // The upstream may already have charged for it, so it is not tried again elsewhere.
    return { kind: 'failed', error: new RelayError(502, 'bad_response_body', message, 'upstream'), retry: false, channelFault: true };
  }
  const counted = !parsed.usage;
  const usage = parsed.usage ?? localUsage(parsed.body, parsed.contentType, a.promptEstimate.tokens);
  // A chat answer that came without usage carries the counted one, so the client sees what it is billed.
  let body = counted && a.plan.endpoint === 'chat' && isChatCompletion(parsed.body) ? { ...parsed.body, usage: toOpenAIUsage(usage) } : parsed.body;
  if (a.rewrite && isChatCompletion(body)) body = a.rewrite.answer(body);
  if (a.costOf && isChatCompletion(body)) body = withUsageCost(body.usage ? body : { ...body, usage: toOpenAIUsage(usage) }, a.costOf(usage));
  if (body instanceof Uint8Array) a.io.sendBytes(200, body, parsed.contentType ?? 'application/octet-stream');
  else if (parsed.raw && body === parsed.body && a.plan.passesResponseThrough) a.io.sendBytes(200, parsed.raw, 'application/json');
  else {
    let encoded: unknown;
    try {
      encoded = a.plan.encodeResponse(body);
    } catch {
      // An answer that parsed but holds values of types its format does not allow (an id that is a number, a null choice).
      return { kind: 'failed', error: new RelayError(502, 'bad_response_body', "the upstream answer could not be converted to the caller's format", 'upstream'), retry: false, channelFault: true };
    }
    a.io.sendJson(200, encoded);
  }
  return { kind: 'done', result: { usage, firstTokenMs, localCount: counted } };
}

const isChatCompletion = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !(body instanceof Uint8Array) && Array.isArray((body as { choices?: unknown }).choices);

/**
 * Usage counted here when the upstream reported none: the prompt estimate and the answer's text (a
 * plain-text answer, such as a transcript, counts whole; other bytes count nothing).
 */
function localUsage(body: unknown, contentType: string | undefined, promptEstimate: number): Usage {
  const usage = emptyUsage();
  usage.promptTokens = promptEstimate;
  if (!(body instanceof Uint8Array)) usage.completionTokens = countTextTokens(answerText(body));
  else if (contentType?.startsWith('text/')) usage.completionTokens = countTextTokens(new TextDecoder().decode(body));
  return usage;
}

function answerText(body: unknown): string {
  const texts: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 10) return;
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) if (k === 'content' || k === 'text' || k === 'arguments' || k === 'reasoning_content' || k === 'message' || k === 'choices' || k === 'tool_calls' || k === 'function' || k === 'output' || k === 'parts' || k === 'candidates') walk(x, depth + 1);
    }
  };
  walk(body, 0);
  return texts.join('\n');
}
