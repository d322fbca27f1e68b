/** Custom (channel type 8): any OpenAI-compatible server at the channel's base URL (required). */
import { ChannelType } from '@gw/contracts';
import { OPENAI_ENDPOINTS, openAICompatibleAdapter } from '../openai-compatible/index.js';
import { openAIHeaders } from '../openai/index.js';

export const customAdapter = openAICompatibleAdapter({
  name: 'custom',
  channelTypes: [ChannelType.Custom],
  defaultBaseUrl: '',
  endpoints: OPENAI_ENDPOINTS,
  headers: openAIHeaders,
});
