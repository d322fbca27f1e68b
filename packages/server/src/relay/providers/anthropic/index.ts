/**
 * Anthropic Claude (channel type 14): POST {base}/v1/messages with `x-api-key` and
 * `anthropic-version`, plus the model's claude.model_headers_settings (anthropic-beta…). OpenAI chat
 * requests are converted both ways; native `/v1/messages` requests pass through with the upstream
 * model. The Claude pieces here are shared with the Vertex and Bedrock adapters.
 */
import { ChannelType } from '@gw/contracts';
import { endpointNotSupported } from '../../relay-error.js';
import { RequestMemo, apiUrl, resolveBaseUrl } from '../openai-compatible/index.js';
import { parseOpenAIModelList } from '../openai-compatible/model-list.js';
import type { AdapterContext, ChannelInfo, ProviderAdapter, RelayEndpoint } from '../provider-adapter.js';
import { parseClaudeError } from './claude-error.js';
import { claudeRequestBody, type ClaudeRequestNote } from './claude-request.js';
import { parseClaudeResponse } from './claude-response.js';
import { ClaudeStreamTranslator } from './claude-stream.js';
import { merged } from '../../../platform/merged.js';

export const ANTHROPIC_VERSION = '2023-06-01';
const DEFAULT_BASE_URL = 'https://api.anthropic.com';
const ENDPOINTS = new Set<RelayEndpoint>(['chat', 'claude.messages']);

const notes = new RequestMemo<ClaudeRequestNote>();

function authHeaders(channel: ChannelInfo): Record<string, string> {
  return { 'x-api-key': channel.key, 'anthropic-version': ANTHROPIC_VERSION };
}

const outputOf = (ctx: AdapterContext) => (ctx.endpoint === 'chat' ? 'hub' : 'native');

export const anthropicAdapter: ProviderAdapter = {
  name: 'anthropic',
  channelTypes: [ChannelType.AnthropicClaude],
  defaultBaseUrl: DEFAULT_BASE_URL,
  supports: (endpoint) => ENDPOINTS.has(endpoint),

  buildRequest(body, ctx) {
    if (!ENDPOINTS.has(ctx.endpoint)) throw endpointNotSupported('anthropic', ctx.endpoint);
    const { json, note } = claudeRequestBody(body, ctx);
    notes.set(ctx, note);
    return {
      method: 'POST',
      url: apiUrl(resolveBaseUrl(ctx.channel, DEFAULT_BASE_URL), '/v1', '/messages'),
      headers: merged(authHeaders(ctx.channel), ctx.settings.claudeHeaders, { 'Content-Type': 'application/json' }),
      body: JSON.stringify(json),
    };
  },

  parseResponse: (raw, _contentType, ctx) => parseClaudeResponse(raw, outputOf(ctx)),
  isStream: (contentType) => /text\/event-stream/i.test(contentType),
  createStreamTranslator: (ctx) => new ClaudeStreamTranslator(outputOf(ctx), notes.get(ctx)?.clientWantsUsage ?? true),
  parseError: (status, raw) => parseClaudeError(status, raw),

  modelList: {
    request: (channel) => ({
      method: 'GET',
      url: apiUrl(resolveBaseUrl(channel, DEFAULT_BASE_URL), '/v1', '/models?limit=1000'),
      headers: authHeaders(channel),
    }),
    parse: parseOpenAIModelList,
  },
};
