/**
 * Alibaba Qwen (channel type 17): DashScope's OpenAI-compatible mode at
 * dashscope.aliyuncs.com/compatible-mode/v1 (a bare `https://dashscope.aliyuncs.com` base works too;
 * international accounts set dashscope-intl.aliyuncs.com). Bearer key.
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const qwenAdapter = openAICompatibleAdapter({
  name: 'qwen',
  channelTypes: [ChannelType.AlibabaQwen],
  defaultBaseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  apiPrefix: '/compatible-mode/v1',
  endpoints: ['chat', 'completions', 'embeddings'],
});
