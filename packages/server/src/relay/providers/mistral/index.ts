/**
 * Mistral (channel type 42): OpenAI-compatible at api.mistral.ai/v1. Its API rejects unknown fields,
 * `stream_options` included (422 "Extra inputs are not permitted"), so it is never forced and a
 * client's own is removed; Mistral sends usage in the last stream chunk anyway.
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const mistralAdapter = openAICompatibleAdapter({
  name: 'mistral',
  channelTypes: [ChannelType.Mistral],
  defaultBaseUrl: 'https://api.mistral.ai',
  endpoints: ['chat', 'embeddings'],
  forceStreamUsage: false,
  mapRequest: ({ stream_options: _ignored, ...body }) => body,
});
