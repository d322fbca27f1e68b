/**
 * OpenRouter (channel type 20): OpenAI-compatible at openrouter.ai/api/v1. Balance = credits bought
 * minus credits used, in US dollars, from /api/v1/credits.
 */
import { ChannelType } from '@gw/contracts';
import { apiUrl, bearerHeaders, jsonBalance, openAICompatibleAdapter, resolveBaseUrl } from '../openai-compatible/index.js';

const DEFAULT_BASE_URL = 'https://openrouter.ai/api';

export const openRouterAdapter = openAICompatibleAdapter({
  name: 'openrouter',
  channelTypes: [ChannelType.OpenRouter],
  defaultBaseUrl: DEFAULT_BASE_URL,
  endpoints: ['chat', 'completions', 'embeddings', 'responses'],
  balance: jsonBalance(
    (channel) => ({ method: 'GET', url: apiUrl(resolveBaseUrl(channel, DEFAULT_BASE_URL), '/v1', '/credits'), headers: bearerHeaders(channel.key) }),
    (body) => Number(body?.data?.total_credits) - Number(body?.data?.total_usage),
  ),
});
