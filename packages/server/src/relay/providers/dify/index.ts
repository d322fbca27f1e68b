/**
 * Dify (channel type 37): a Dify app's chat-messages API at `{base}/v1/chat-messages` (api.dify.ai by
 * default, or a self-hosted server), with the app's API key as a bearer token. Hub chat requests are
 * converted to one query (see chat-request.ts); answers and stream events back to hub chat. The
 * model name is not sent: the app decides its model. Agent apps only stream, so use them with
 * streaming clients.
 */
import { ChannelType } from '@gw/contracts';
import { endpointNotSupported } from '../../relay-error.js';
import { RequestMemo, apiUrl, bearerHeaders, parseJsonBody, parseUpstreamError, resolveBaseUrl } from '../openai-compatible/index.js';
import type { ProviderAdapter } from '../provider-adapter.js';
import { toDifyChatRequest } from './chat-request.js';
import { DifyStreamTranslator, fromDifyChatResponse } from './chat-response.js';
import type { DifyChatResponse } from './types.js';
import { merged } from '../../../platform/merged.js';

const DEFAULT_BASE_URL = 'https://api.dify.ai';
const notes = new RequestMemo<{ clientWantsUsage: boolean }>();

export const difyAdapter: ProviderAdapter = {
  name: 'dify',
  channelTypes: [ChannelType.Dify],
  defaultBaseUrl: DEFAULT_BASE_URL,
  supports: (endpoint) => endpoint === 'chat',
  buildRequest(body, ctx) {
    if (ctx.endpoint !== 'chat' || body.kind !== 'json') throw endpointNotSupported('Dify', ctx.endpoint);
    const streamOptions = body.json.stream_options as { include_usage?: unknown } | undefined;
    notes.set(ctx, { clientWantsUsage: streamOptions?.include_usage !== false });
    return {
      method: 'POST',
      url: apiUrl(resolveBaseUrl(ctx.channel, DEFAULT_BASE_URL), '/v1', '/chat-messages'),
      headers: merged(bearerHeaders(ctx.channel.key), { 'Content-Type': 'application/json' }),
      body: JSON.stringify(toDifyChatRequest(body.json, ctx.stream)),
    };
  },
  parseResponse(raw, _contentType, ctx) {
    const { completion, usage } = fromDifyChatResponse(parseJsonBody(raw) as DifyChatResponse, ctx.upstreamModel);
    return { body: completion, usage };
  },
  isStream: (contentType) => /text\/event-stream/i.test(contentType),
  createStreamTranslator: (ctx) => new DifyStreamTranslator(ctx.upstreamModel, notes.get(ctx)?.clientWantsUsage ?? true),
  parseError: (status, raw) => parseUpstreamError(status, raw),
};
