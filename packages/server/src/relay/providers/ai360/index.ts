/** 360 AI (channel type 19): OpenAI-compatible at ai.360.cn/v1. */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const ai360Adapter = openAICompatibleAdapter({
  name: '360',
  channelTypes: [ChannelType.Ai360],
  defaultBaseUrl: 'https://ai.360.cn',
  endpoints: ['chat', 'embeddings', 'images.generations'],
});
