/**
 * Moonshot / Kimi (channel type 25): OpenAI-compatible at api.moonshot.cn/v1 (api.moonshot.ai for
 * international accounts). Streams put the final usage inside the last choice, which the shared
 * translator reads. Balance (CNY) from /v1/users/me/balance.
 */
import { ChannelType } from '@gw/contracts';
import { apiUrl, bearerHeaders, jsonBalance, openAICompatibleAdapter, resolveBaseUrl } from '../openai-compatible/index.js';

const DEFAULT_BASE_URL = 'https://api.moonshot.cn';

export const moonshotAdapter = openAICompatibleAdapter({
  name: 'moonshot',
  channelTypes: [ChannelType.Moonshot],
  defaultBaseUrl: DEFAULT_BASE_URL,
  endpoints: ['chat'],
  balance: jsonBalance(
    (channel) => ({ method: 'GET', url: apiUrl(resolveBaseUrl(channel, DEFAULT_BASE_URL), '/v1', '/users/me/balance'), headers: bearerHeaders(channel.key) }),
    (body) => body?.data?.available_balance,
  ),
});
