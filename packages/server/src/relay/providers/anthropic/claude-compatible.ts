/**
 * Providers that also serve Anthropic's Messages API beside their OpenAI-compatible one (DeepSeek,
 * Moonshot, Zhipu and DashScope, as new-api calls them): a Claude-format request (`POST /v1/messages`,
 * e.g. from Claude Code) on such a channel goes to that endpoint as it came, with the upstream model,
 * instead of being converted to chat and back. Thinking blocks and their signatures, cache_control and
 * tool-use ids therefore reach the upstream and the client unchanged, and the usage (cache reads and
 * writes included) is read from the Claude answer.
 */
import { merged } from '../../../platform/merged.js';
import { resolveBaseUrl, stripApiPrefix } from '../openai-compatible/index.js';
import type { ChannelInfo, ProviderAdapter } from '../provider-adapter.js';
import { parseClaudeError } from './claude-error.js';
import { claudeRequestBody } from './claude-request.js';
import { parseClaudeResponse } from './claude-response.js';
import { ClaudeStreamTranslator } from './claude-stream.js';
import { ANTHROPIC_VERSION } from './index.js';

/**
 * `adapter`, plus native Claude Messages at `messagesUrl(channel)`. The key goes both as `x-api-key`
 * and as a bearer token: these upstreams document one or the other, and each ignores the header it
 * does not read.
 */
export function withClaudeMessages(adapter: ProviderAdapter, messagesUrl: (channel: ChannelInfo) => string): ProviderAdapter {
  return {
    ...adapter,
    supports: (endpoint) => endpoint === 'claude.messages' || adapter.supports(endpoint),
    buildRequest(body, ctx) {
      if (ctx.endpoint !== 'claude.messages') return adapter.buildRequest(body, ctx);
      const { json } = claudeRequestBody(body, ctx);
      const { key } = ctx.channel;
      return {
        method: 'POST',
        url: messagesUrl(ctx.channel),
        headers: merged({ 'x-api-key': key, Authorization: `Bearer ${key}`, 'anthropic-version': ANTHROPIC_VERSION }, ctx.settings.claudeHeaders, {
          'Content-Type': 'application/json',
        }),
        body: JSON.stringify(json),
      };
    },
    parseResponse: (raw, contentType, ctx) => (ctx.endpoint === 'claude.messages' ? parseClaudeResponse(raw, 'native') : adapter.parseResponse(raw, contentType, ctx)),
    createStreamTranslator: (ctx) => (ctx.endpoint === 'claude.messages' ? new ClaudeStreamTranslator('native', true) : adapter.createStreamTranslator(ctx)),
    parseError: (status, raw, ctx) => (ctx.endpoint === 'claude.messages' ? parseClaudeError(status, raw) : adapter.parseError(status, raw, ctx)),
  };
}

/** The Messages URL at `path` under the channel's base URL with its OpenAI prefix (`/v1`, `/api/paas/v4`…) taken off. */
export const messagesUrlUnder =
  (defaultBaseUrl: string, openAIPrefix: string, path: string) =>
  (channel: ChannelInfo): string =>
    `${stripApiPrefix(resolveBaseUrl(channel, defaultBaseUrl), openAIPrefix)}${path}`;
