/**
 * Cohere (channel type 34) through its native v2 API at api.cohere.com: chat (/v2/chat, converted
 * from and to the hub format, streaming included), embeddings (/v2/embed) and rerank (/v2/rerank).
 * Bearer key. Errors are `{message}` bodies, read by the shared error parser.
 */
import { ChannelType } from '@gw/contracts';
import type { ChatCompletionRequest } from '../../formats/openai/types.js';
import { endpointNotSupported } from '../../relay-error.js';
import { RequestMemo, badResponseBody, bearerHeaders, parseJsonBody, parseUpstreamError, resolveBaseUrl, stripApiPrefix } from '../openai-compatible/index.js';
import type { AdapterContext, ChannelInfo, ProviderAdapter, RelayBody, RelayEndpoint, UpstreamRequest } from '../provider-adapter.js';
import { fromCohereChatResponse } from './chat-response.js';
import { toCohereChatRequest } from './chat-request.js';
import { CohereStreamTranslator } from './chat-stream.js';
import { fromCohereEmbedResponse, fromCohereRerankResponse, toCohereEmbedRequest, toCohereRerankRequest } from './embed-rerank.js';
import type { CohereChatResponse, CohereEmbedResponse, CohereRerankResponse } from './types.js';
import { merged } from '../../../platform/merged.js';

const DEFAULT_BASE_URL = 'https://api.cohere.com';
const PATHS: Partial<Record<RelayEndpoint, string>> = { chat: '/chat', embeddings: '/embed', rerank: '/rerank' };

/** The host without an API version, whatever form the channel's base URL has. */
const cohereHost = (channel: ChannelInfo): string => stripApiPrefix(stripApiPrefix(resolveBaseUrl(channel, DEFAULT_BASE_URL), '/v2'), '/v1');

interface CohereNote {
  clientWantsUsage: boolean;
  encodingFormat?: unknown;
  documents?: string[];
  returnDocuments?: boolean;
}
const notes = new RequestMemo<CohereNote>();

function buildBody(json: Record<string, unknown>, ctx: AdapterContext): Record<string, unknown> {
  const model = ctx.upstreamModel;
  switch (ctx.endpoint) {
    case 'chat': {
      const streamOptions = json.stream_options as { include_usage?: unknown } | undefined;
      notes.set(ctx, { clientWantsUsage: streamOptions?.include_usage !== false });
      return toCohereChatRequest(json as ChatCompletionRequest, model, ctx.stream) as unknown as Record<string, unknown>;
    }
    case 'embeddings':
      notes.set(ctx, { clientWantsUsage: true, encodingFormat: json.encoding_format });
      return toCohereEmbedRequest(json, model);
    default: {
      const { request, documents } = toCohereRerankRequest(json, model);
      notes.set(ctx, { clientWantsUsage: true, documents, returnDocuments: json.return_documents === true });
      return request;
    }
  }
}

function buildRequest(body: RelayBody, ctx: AdapterContext): UpstreamRequest {
  const path = PATHS[ctx.endpoint];
  if (!path || body.kind !== 'json') throw endpointNotSupported('Cohere', ctx.endpoint);
  return {
    method: 'POST',
    url: `${cohereHost(ctx.channel)}/v2${path}`,
    headers: merged(bearerHeaders(ctx.channel.key), { 'Content-Type': 'application/json' }),
    body: JSON.stringify(buildBody(body.json, ctx)),
  };
}

function parseModelList(raw: string): string[] {
  let body: { models?: { name?: unknown }[] };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    throw badResponseBody(raw.slice(0, 200));
  }
  if (!Array.isArray(body?.models)) throw badResponseBody('no model list in the answer');
  return body.models.map((m) => m?.name).filter((name): name is string => typeof name === 'string');
}

export const cohereAdapter: ProviderAdapter = {
  name: 'cohere',
  channelTypes: [ChannelType.Cohere],
  defaultBaseUrl: DEFAULT_BASE_URL,
  supports: (endpoint) => PATHS[endpoint] !== undefined,
  buildRequest,
  parseResponse(raw, _contentType, ctx) {
    const json = parseJsonBody(raw);
    const note = notes.get(ctx);
    if (ctx.endpoint === 'embeddings') return fromCohereEmbedResponse(json as unknown as CohereEmbedResponse, ctx.upstreamModel, note?.encodingFormat);
    if (ctx.endpoint === 'rerank') {
      return fromCohereRerankResponse(json as unknown as CohereRerankResponse, { documents: note?.documents ?? [], returnDocuments: note?.returnDocuments ?? false });
    }
    const { completion, usage } = fromCohereChatResponse(json as unknown as CohereChatResponse, ctx.upstreamModel);
    return { body: completion, usage };
  },
  isStream: (contentType) => /text\/event-stream/i.test(contentType),
  createStreamTranslator: (ctx) => new CohereStreamTranslator(ctx.upstreamModel, notes.get(ctx)?.clientWantsUsage ?? true),
  parseError: (status, raw) => parseUpstreamError(status, raw),
  modelList: {
    request: (channel: ChannelInfo) => ({
      method: 'GET',
      url: `${cohereHost(channel)}/v1/models?page_size=1000`,
      headers: bearerHeaders(channel.key),
    }),
    parse: parseModelList,
  },
};
