/**
 * Moonshot / Kimi (channel type 25): OpenAI-compatible at api.moonshot.cn/v1 (api.moonshot.ai for
 * international accounts). Streams put the final usage inside the last choice, which the shared
 * translator reads. Balance (CNY) from /v1/users/me/balance. Claude Messages go natively to
 * {base}/anthropic/v1/messages.
 */
import { ChannelType } from '@gw/contracts';
import { messagesUrlUnder, withClaudeMessages } from '../anthropic/claude-compatible.js';
import { apiUrl, bearerHeaders, jsonBalance, openAICompatibleAdapter, resolveBaseUrl } from '../openai-compatible/index.js';

const DEFAULT_BASE_URL = 'https://api.moonshot.cn';

export const moonshotAdapter = withClaudeMessages(openAICompatibleAdapter({
  name: 'moonshot',
  channelTypes: [ChannelType.Moonshot],
  defaultBaseUrl: DEFAULT_BASE_URL,
  endpoints: ['chat'],
  balance: jsonBalance(
    (channel) => ({ method: 'GET', url: apiUrl(resolveBaseUrl(channel, DEFAULT_BASE_URL), '/v1', '/users/me/balance'), headers: bearerHeaders(channel.key) }),
    (body) => body?.data?.available_balance,
  ),
}), messagesUrlUnder(DEFAULT_BASE_URL, '/v1', '/anthropic/v1/messages'));
