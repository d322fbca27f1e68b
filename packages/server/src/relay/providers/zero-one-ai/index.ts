/** 01.AI / Yi (channel type 31): OpenAI-compatible at api.lingyiwanwu.com/v1. */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const zeroOneAiAdapter = openAICompatibleAdapter({
  name: '01-ai',
  channelTypes: [ChannelType.ZeroOneAi],
  defaultBaseUrl: 'https://api.lingyiwanwu.com',
  endpoints: ['chat'],
});
