/**
 * Alibaba Qwen (channel type 17): DashScope's OpenAI-compatible mode at
 * dashscope.aliyuncs.com/compatible-mode/v1 (a bare `https://dashscope.aliyuncs.com` base works too;
 * international accounts set dashscope-intl.aliyuncs.com). Bearer key. DashScope takes `top_p` only
 * inside (0, 1), so an explicit one is clamped to 0.01–0.99 (as new-api does).
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter, withTopPWithin } from '../openai-compatible/index.js';

export const qwenAdapter = openAICompatibleAdapter({
  name: 'qwen',
  channelTypes: [ChannelType.AlibabaQwen],
  defaultBaseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  apiPrefix: '/compatible-mode/v1',
  endpoints: ['chat', 'completions', 'embeddings'],
  mapRequest: (body) => withTopPWithin(body, 0.01, 0.99),
});
