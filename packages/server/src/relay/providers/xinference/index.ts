/**
 * Xinference (channel type 47): a self-hosted OpenAI-compatible server; the base URL is required and a
 * key is optional. Serves chat, completions, embeddings, rerank, images and audio.
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const xinferenceAdapter = openAICompatibleAdapter({
  name: 'xinference',
  channelTypes: [ChannelType.Xinference],
  defaultBaseUrl: '',
  endpoints: ['chat', 'completions', 'embeddings', 'rerank', 'images.generations', 'audio.speech', 'audio.transcriptions', 'audio.translations'],
});
