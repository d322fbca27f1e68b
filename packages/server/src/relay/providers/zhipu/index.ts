/**
 * Zhipu GLM (channel types 16 and 26): the v4 OpenAI-compatible API at open.bigmodel.cn/api/paas/v4,
 * whose paths have no /v1. A base URL of just `https://open.bigmodel.cn` (as new-api stores it) works
 * too: the prefix is added when missing. The API key is sent as a bearer token. GLM takes `top_p` only
 * below 1, so a client's `top_p: 1` is sent as 0.99 (as new-api does). Claude Messages go natively to
 * {host}/api/anthropic/v1/messages.
 */
import { ChannelType } from '@gw/contracts';
import { messagesUrlUnder, withClaudeMessages } from '../anthropic/claude-compatible.js';
import { openAICompatibleAdapter, withTopPWithin } from '../openai-compatible/index.js';

const DEFAULT_BASE_URL = 'https://open.bigmodel.cn/api/paas/v4';

export const zhipuAdapter = withClaudeMessages(openAICompatibleAdapter({
  name: 'zhipu',
  channelTypes: [ChannelType.Zhipu, ChannelType.ZhipuV4],
  defaultBaseUrl: DEFAULT_BASE_URL,
  apiPrefix: '/api/paas/v4',
  endpoints: ['chat', 'embeddings', 'images.generations'],
  mapRequest: (body) => withTopPWithin(body, 0.01, 0.99),
}), messagesUrlUnder(DEFAULT_BASE_URL, '/api/paas/v4', '/api/anthropic/v1/messages'));
