/**
 * Another new-api (or one of these gateways) as the upstream (channel type 60, new-api's "New API"): every
 * OpenAI endpoint at {base}/v1 with the upstream's `sk-` key as a bearer token, and, unlike an OpenAI channel
 * pointed at it, Claude Messages and Gemini requests passed on in their own formats ({base}/v1/messages,
 * {base}/v1beta/models/{model}:generateContent), so nothing is converted twice. The balance is the key's
 * `total_available` from {base}/api/usage/token, in new-api's default 500 000 quota units per dollar.
 */
import { ChannelType } from '@gw/contracts';
import { withClaudeMessages } from '../anthropic/claude-compatible.js';
import { geminiAdapter } from '../gemini/index.js';
import { OPENAI_ENDPOINTS, apiUrl, bearerHeaders, jsonBalance, openAICompatibleAdapter, resolveBaseUrl, stripApiPrefix } from '../openai-compatible/index.js';
import type { AdapterContext, ChannelInfo, ProviderAdapter, RelayEndpoint, UpstreamRequest } from '../provider-adapter.js';
import { merged } from '../../../platform/merged.js';

const QUOTA_PER_DOLLAR = 500_000;
const GEMINI_ENDPOINTS: ReadonlySet<RelayEndpoint> = new Set(['gemini.generate', 'gemini.embed']);

/** The upstream's root: its base URL without a trailing /v1 (either form may be entered). */
const hostOf = (channel: ChannelInfo): string => stripApiPrefix(resolveBaseUrl(channel, ''), '/v1');

const openAIPart = withClaudeMessages(
  openAICompatibleAdapter({
    name: 'new-api',
    channelTypes: [ChannelType.NewApi],
    defaultBaseUrl: '',
    endpoints: OPENAI_ENDPOINTS,
    balance: jsonBalance(
      (channel) => ({ method: 'GET', url: `${hostOf(channel)}/api/usage/token`, headers: bearerHeaders(channel.key) }),
      (body) => (typeof body?.data?.total_available === 'number' ? body.data.total_available / QUOTA_PER_DOLLAR : undefined),
    ),
  }),
  (channel) => apiUrl(hostOf(channel), '/v1', '/messages'),
);

/** The context a Gemini-format attempt was built with (the upstream's host as base URL), for reading its answer. */
const geminiContexts = new WeakMap<AdapterContext, AdapterContext>();
const partFor = (ctx: AdapterContext): [ProviderAdapter, AdapterContext] =>
  GEMINI_ENDPOINTS.has(ctx.endpoint) ? [geminiAdapter, geminiContexts.get(ctx) ?? ctx] : [openAIPart, ctx];

/** Gemini-format requests go to the upstream's Gemini surface, built as for a Gemini channel on the upstream's host, with the key sent both ways. */
export const newApiAdapter: ProviderAdapter = {
  ...openAIPart,
  supports: (endpoint) => GEMINI_ENDPOINTS.has(endpoint) || openAIPart.supports(endpoint),
  buildRequest(body, ctx) {
    if (!GEMINI_ENDPOINTS.has(ctx.endpoint)) return openAIPart.buildRequest(body, ctx);
    const geminiCtx: AdapterContext = { ...ctx, channel: { ...ctx.channel, baseUrl: hostOf(ctx.channel) } };
    geminiContexts.set(ctx, geminiCtx);
    const request = geminiAdapter.buildRequest(body, geminiCtx) as UpstreamRequest;
    return { ...request, headers: merged(request.headers, bearerHeaders(ctx.channel.key)) };
  },
  parseResponse(raw, contentType, ctx) {
    const [part, partCtx] = partFor(ctx);
    return part.parseResponse(raw, contentType, partCtx);
  },
  createStreamTranslator(ctx) {
    const [part, partCtx] = partFor(ctx);
    return part.createStreamTranslator(partCtx);
  },
  parseError(status, raw, ctx) {
    const [part, partCtx] = partFor(ctx);
    return part.parseError(status, raw, partCtx);
  },
};
