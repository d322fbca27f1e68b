/** MiniMax (channel type 35): the OpenAI-compatible API at api.minimax.chat/v1 (api.minimax.io internationally). */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const miniMaxAdapter = openAICompatibleAdapter({
  name: 'minimax',
  channelTypes: [ChannelType.MiniMax],
  defaultBaseUrl: 'https://api.minimax.chat',
  endpoints: ['chat'],
});
