/**
 * Alibaba Qwen (channel type 17): DashScope's OpenAI-compatible mode at
 * dashscope.aliyuncs.com/compatible-mode/v1 (a bare `https://dashscope.aliyuncs.com` base works too;
 * international accounts set dashscope-intl.aliyuncs.com). Bearer key. DashScope takes `top_p` only
 * inside (0, 1), so an explicit one is clamped to 0.01–0.99 (as new-api does). Claude Messages go natively to
 * {host}/apps/anthropic/v1/messages.
 */
import { ChannelType } from '@gw/contracts';
import { messagesUrlUnder, withClaudeMessages } from '../anthropic/claude-compatible.js';
import { openAICompatibleAdapter, withTopPWithin } from '../openai-compatible/index.js';

const DEFAULT_BASE_URL = 'https://dashscope.aliyuncs.com/compatible-mode/v1';

export const qwenAdapter = withClaudeMessages(openAICompatibleAdapter({
  name: 'qwen',
  channelTypes: [ChannelType.AlibabaQwen],
  defaultBaseUrl: DEFAULT_BASE_URL,
  apiPrefix: '/compatible-mode/v1',
  endpoints: ['chat', 'completions', 'embeddings'],
  mapRequest: (body) => withTopPWithin(body, 0.01, 0.99),
}), messagesUrlUnder(DEFAULT_BASE_URL, '/compatible-mode/v1', '/apps/anthropic/v1/messages'));
