/**
 * MokaAI M3E (channel type 44): a self-hosted M3E embedding server exposing OpenAI's /v1/embeddings;
 * the base URL is required.
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const mokaM3eAdapter = openAICompatibleAdapter({
  name: 'moka-m3e',
  channelTypes: [ChannelType.MokaAiM3e],
  defaultBaseUrl: '',
  endpoints: ['embeddings'],
  modelList: false,
});
