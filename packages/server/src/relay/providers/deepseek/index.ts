/**
 * DeepSeek (channel type 43): OpenAI-compatible at api.deepseek.com, paths without /v1 as documented
 * (a base URL ending in /v1 also works). Cache hits are reported as prompt_cache_hit_tokens, which the
 * usage reader understands. Balance from /user/balance: the total of the first currency listed. Claude
 * Messages go natively to {host}/anthropic/v1/messages.
 */
import { ChannelType } from '@gw/contracts';
import { messagesUrlUnder, withClaudeMessages } from '../anthropic/claude-compatible.js';
import { bearerHeaders, jsonBalance, openAICompatibleAdapter, resolveBaseUrl, stripApiPrefix } from '../openai-compatible/index.js';

const DEFAULT_BASE_URL = 'https://api.deepseek.com';

export const deepSeekAdapter = withClaudeMessages(openAICompatibleAdapter({
  name: 'deepseek',
  channelTypes: [ChannelType.DeepSeek],
  defaultBaseUrl: DEFAULT_BASE_URL,
  apiPrefix: '',
  endpoints: ['chat'],
  balance: jsonBalance(
    (channel) => ({
      method: 'GET',
      url: `${stripApiPrefix(resolveBaseUrl(channel, DEFAULT_BASE_URL), '/v1')}/user/balance`,
      headers: bearerHeaders(channel.key),
    }),
    (body) => body?.balance_infos?.[0]?.total_balance,
  ),
}), messagesUrlUnder(DEFAULT_BASE_URL, '/v1', '/anthropic/v1/messages'));
