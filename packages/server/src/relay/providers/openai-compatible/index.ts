/**
 * The shared adapter for upstreams that speak the OpenAI API. Most providers are a configuration of
 * this factory: default base URL, API prefix, endpoints and auth headers; a few add hooks.
 */
import { endpointNotSupported } from '../../relay-error.js';
import type {
  AdapterContext,
  ChannelInfo,
  ProviderAdapter,
  ProviderResponse,
  RelayBody,
  RelayEndpoint,
  StreamTranslator,
  UpstreamErrorInfo,
  UpstreamRequest,
} from '../provider-adapter.js';
import { OPENAI_PATHS, apiUrl, bearerHeaders, isOpenAIEndpoint, resolveBaseUrl, type OpenAIEndpoint } from './api-url.js';
import { openAIModelList } from './model-list.js';
import { encodeMultipart, withModelField } from './multipart-body.js';
import { clientBytesFor, openAIJsonBody, openAIRequestNote, type OpenAIRequestNote } from './request-body.js';
import { RequestMemo } from './request-memo.js';
import { parseOpenAIResponse } from './response-body.js';
import { OpenAIStreamTranslator } from './stream-translator.js';
import { parseUpstreamError } from './upstream-error.js';
import type { ChatUsageDialect } from './usage.js';
import { merged } from '../../../platform/merged.js';

export interface OpenAICompatibleConfig {
  name: string;
  channelTypes: readonly number[];
  /** Used when the channel has no base URL; '' means the channel must set one. */
  defaultBaseUrl: string;
  endpoints: readonly OpenAIEndpoint[];
  /** Segment the endpoint paths hang under (default `/v1`); skipped when the base URL already ends with it. */
  apiPrefix?: string | ((channel: ChannelInfo) => string);
  /** Path under the prefix for an endpoint, when it differs from OpenAI's. */
  pathFor?: (endpoint: OpenAIEndpoint, ctx: AdapterContext) => string | undefined;
  /** The whole URL, for upstreams whose URLs do not follow base + prefix + path (Azure deployments). */
  urlFor?: (endpoint: OpenAIEndpoint, ctx: AdapterContext) => string;
  /** Auth and extra headers (default: `Authorization: Bearer <key>` when a key is set). */
  headers?: (channel: ChannelInfo) => Record<string, string>;
  /** Models the upstream serves only at /v1/responses (chat requests for them are sent there, converted). */
  responsesOnlyModels?: (upstreamModel: string) => boolean;
  /** Last change to a JSON body before it is sent (after the model was replaced). */
  mapRequest?: (body: Record<string, unknown>, ctx: AdapterContext) => Record<string, unknown>;
  /** Force stream_options.include_usage on streamed chat/completions (default true). */
  forceStreamUsage?: boolean;
  /** How the upstream's chat and completion usage differs from OpenAI's (it counts apart what OpenAI counts within). */
  chatUsage?: ChatUsageDialect;
  /** Model list for the console; default GET {base}{prefix}/models; false when the upstream has none. */
  modelList?: ProviderAdapter['modelList'] | false;
  balance?: ProviderAdapter['balance'];
}

const notes = new RequestMemo<OpenAIRequestNote>();

export const prefixOf = (config: Pick<OpenAICompatibleConfig, 'apiPrefix'>, channel: ChannelInfo): string =>
  typeof config.apiPrefix === 'function' ? config.apiPrefix(channel) : (config.apiPrefix ?? '/v1');

export function openAICompatibleAdapter(config: OpenAICompatibleConfig): ProviderAdapter {
  const endpoints = new Set<RelayEndpoint>(config.endpoints);
  const headersFor = (channel: ChannelInfo) => (config.headers ? config.headers(channel) : bearerHeaders(channel.key));
  const forceStreamUsage = config.forceStreamUsage ?? true;

  function urlFor(endpoint: OpenAIEndpoint, ctx: AdapterContext): string {
    if (config.urlFor) return config.urlFor(endpoint, ctx);
    const base = resolveBaseUrl(ctx.channel, config.defaultBaseUrl);
    return apiUrl(base, prefixOf(config, ctx.channel), config.pathFor?.(endpoint, ctx) ?? OPENAI_PATHS[endpoint]);
  }

  function buildRequest(body: RelayBody, ctx: AdapterContext): UpstreamRequest {
    const endpoint = ctx.endpoint;
    if (!isOpenAIEndpoint(endpoint) || !endpoints.has(endpoint)) {
      throw endpointNotSupported(config.name, endpoint);
    }
    const url = urlFor(endpoint, ctx);
    const headers = headersFor(ctx.channel);
    if (body.kind === 'multipart') {
      const encoded = encodeMultipart(withModelField(body.fields, ctx.upstreamModel));
      notes.set(ctx, { clientWantsUsage: true });
      return { method: 'POST', url, headers: merged(headers, { 'Content-Type': encoded.contentType }), body: encoded.body };
    }
    const clientBytes = body.raw && !config.mapRequest ? clientBytesFor(body.raw, body.json, ctx, forceStreamUsage) : undefined;
    if (clientBytes) {
      notes.set(ctx, openAIRequestNote(body.json, ctx));
      return { method: 'POST', url, headers: merged(headers, { 'Content-Type': 'application/json' }), body: clientBytes };
    }
    const { json, note } = openAIJsonBody(body.json, ctx, forceStreamUsage);
    notes.set(ctx, note);
    const mapped = config.mapRequest ? config.mapRequest(json, ctx) : json;
    return { method: 'POST', url, headers: merged(headers, { 'Content-Type': 'application/json' }), body: JSON.stringify(mapped) };
  }

  const modelList =
    config.modelList === false
      ? undefined
      : (config.modelList ??
        openAIModelList((channel) => ({
          method: 'GET',
          url: apiUrl(resolveBaseUrl(channel, config.defaultBaseUrl), prefixOf(config, channel), '/models'),
          headers: headersFor(channel),
        })));

  return {
    name: config.name,
    channelTypes: config.channelTypes,
    defaultBaseUrl: config.defaultBaseUrl,
    supports: (endpoint) => endpoints.has(endpoint),
    buildRequest,
    parseResponse: (raw, contentType, ctx): ProviderResponse => parseOpenAIResponse(ctx.endpoint, raw, contentType, notes.get(ctx), config.chatUsage),
    isStream: (contentType) => /text\/event-stream/i.test(contentType),
    createStreamTranslator: (ctx): StreamTranslator => new OpenAIStreamTranslator(ctx.endpoint, notes.get(ctx)?.clientWantsUsage ?? true, config.chatUsage),
    parseError: (status, raw): UpstreamErrorInfo => parseUpstreamError(status, raw),
    ...(config.responsesOnlyModels ? { servesOnlyByResponses: config.responsesOnlyModels } : {}),
    ...(modelList ? { modelList } : {}),
    ...(config.balance ? { balance: config.balance } : {}),
  };
}

export { OPENAI_ENDPOINTS, OPENAI_PATHS, apiUrl, bearerHeaders, resolveBaseUrl, stripApiPrefix, type OpenAIEndpoint } from './api-url.js';
export { parseUpstreamError } from './upstream-error.js';
export { parseJsonBody, badResponseBody } from './response-body.js';
export { RequestMemo } from './request-memo.js';
export { usageFromAnswer, type ChatUsageDialect } from './usage.js';
export { jsonBalance } from './balance.js';
export { withTopPWithin } from './request-body.js';
