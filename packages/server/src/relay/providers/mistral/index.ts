/**
 * Mistral (channel type 42): OpenAI-compatible at api.mistral.ai/v1. Its API rejects unknown fields,
 * `stream_options` included (422 "Extra inputs are not permitted"), so it is never forced and a
 * client's own is removed; Mistral sends usage in the last stream chunk anyway. It also accepts only
 * 9-character alphanumeric tool call ids, so the ids of earlier turns are mapped (as new-api does).
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';
import { withMistralToolCallIds } from './tool-call-ids.js';

export const mistralAdapter = openAICompatibleAdapter({
  name: 'mistral',
  channelTypes: [ChannelType.Mistral],
  defaultBaseUrl: 'https://api.mistral.ai',
  endpoints: ['chat', 'embeddings'],
  forceStreamUsage: false,
  mapRequest: ({ stream_options: _ignored, ...body }) => (Array.isArray(body.messages) ? { ...body, messages: withMistralToolCallIds(body.messages) } : body),
});
