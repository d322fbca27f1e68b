/**
 * Codex (channel type 57, new-api's "Codex (ChatGPT subscription)"): the ChatGPT backend's Codex
 * Responses API (`https://chatgpt.com/backend-api/codex/responses` and `/responses/compact`), paid by a
 * ChatGPT plan instead of API credit and authorised with the account's OAuth tokens (the channel key,
 * see channels/codex/codex-key.ts), which the pipeline's AuthPort keeps fresh.
 *
 * It serves Responses requests, and chat (so Claude and Gemini clients too) through the Responses
 * bridge: every model is "Responses only". The backend answers only streams; a client that asked for a
 * whole answer gets the stream collected into one response object.
 */
import { randomUUID } from 'node:crypto';
import { ChannelType } from '@gw/contracts';
import { endpointNotSupported } from '../../relay-error.js';
import type { AdapterContext, ProviderAdapter, ProviderResponse, RelayEndpoint, UpstreamRequest } from '../provider-adapter.js';
import { parseJsonBody, usageFromAnswer } from '../openai-compatible/index.js';
import { responsesUsage } from '../openai-compatible/usage.js';
import { CODEX_ORIGINATOR } from '../../../channels/codex/codex-oauth-client.js';
import { codexRequestBody } from './request-body.js';
import { collectResponsesStream } from './responses-accumulator.js';
import { CodexStreamTranslator } from './stream-translator.js';
import { parseCodexError } from './upstream-error.js';

export const CODEX_DEFAULT_BASE_URL = 'https://chatgpt.com';
/** The beta flag the backend requires (the Codex CLI sends it too). */
const CODEX_BETA = 'responses=experimental';

/** What the adapter itself builds requests for. */
const ENDPOINTS = new Set<RelayEndpoint>(['responses', 'responses.compact']);
/**
 * What the channel serves: chat too, which the pipeline sends as Responses requests (servesOnlyByResponses)
 * before it reaches the adapter; Claude and Gemini requests come as chat.
 */
const SERVED = new Set<RelayEndpoint>([...ENDPOINTS, 'chat']);

const isEventStream = (contentType: string): boolean => /text\/event-stream/i.test(contentType);

/** `{base}/backend-api/codex`, whether the base URL is the host, `/backend-api` or `/backend-api/codex`. */
export function codexApiRoot(baseUrl: string): string {
  const base = (baseUrl || CODEX_DEFAULT_BASE_URL).trim().replace(/\/+$/, '');
  if (/\/backend-api\/codex$/i.test(base)) return base;
  if (/\/backend-api$/i.test(base)) return `${base}/codex`;
  return `${base}/backend-api/codex`;
}

/**
 * The Codex CLI's request headers. `session_id` groups a conversation's requests (the backend's prompt
 * cache); the client's `prompt_cache_key` names it when given, otherwise each request is its own session.
 */
function codexHeaders(accessToken: string, accountId: string, body: Record<string, unknown>, compact: boolean): Record<string, string> {
  const session = typeof body.prompt_cache_key === 'string' && body.prompt_cache_key.trim() ? body.prompt_cache_key.trim().slice(0, 200) : randomUUID();
  return {
    Authorization: `Bearer ${accessToken}`,
    'chatgpt-account-id': accountId,
    'OpenAI-Beta': CODEX_BETA,
    originator: CODEX_ORIGINATOR,
    session_id: session,
    'Content-Type': 'application/json',
    Accept: compact ? 'application/json' : 'text/event-stream',
  };
}

export const codexAdapter: ProviderAdapter = {
  name: 'codex',
  channelTypes: [ChannelType.Codex],
  defaultBaseUrl: CODEX_DEFAULT_BASE_URL,
  // The client's bytes never go as they are: stream, store and instructions are forced.
  rewritesNativeBody: true,
  supports: (endpoint) => SERVED.has(endpoint),
  servesOnlyByResponses: () => true,

  async buildRequest(body, ctx: AdapterContext): Promise<UpstreamRequest> {
    if (ctx.endpoint === 'chat') throw endpointNotSupported('codex', 'chat except through the Responses API');
    if (!ENDPOINTS.has(ctx.endpoint) || body.kind !== 'json') throw endpointNotSupported('codex', ctx.endpoint);
    const compact = ctx.endpoint === 'responses.compact';
    const json = codexRequestBody(body.json, ctx.upstreamModel, compact);
    const { accessToken, accountId } = await ctx.auth.codexAccess(ctx.channel);
    return {
      method: 'POST',
      url: `${codexApiRoot(ctx.channel.baseUrl)}${compact ? '/responses/compact' : '/responses'}`,
      headers: codexHeaders(accessToken, accountId, json, compact),
      body: JSON.stringify(json),
    };
  },

  parseResponse(raw, contentType, ctx): ProviderResponse {
    if (ctx.endpoint === 'responses.compact' || !isEventStream(contentType)) {
      const body = parseJsonBody(raw);
      return { body, raw, usage: ctx.endpoint === 'responses' ? responsesUsage(body) : usageFromAnswer(body.usage) };
    }
    const response = collectResponsesStream(raw);
    return { body: response, usage: responsesUsage(response) };
  },

  isStream: (contentType, ctx) => ctx.endpoint === 'responses' && isEventStream(contentType),
  createStreamTranslator: () => new CodexStreamTranslator(),
  parseError: (status, raw) => parseCodexError(status, raw),
};
