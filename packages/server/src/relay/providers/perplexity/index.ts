/**
 * Perplexity (channel type 27): the Sonar models, OpenAI-compatible chat at api.perplexity.ai/chat/completions
 * (no /v1 in its paths; a base URL ending in /v1 also works). Answers add the web search behind them
 * (citations, search_results, images, related questions, usage.cost…), passed on as they came. Its usage
 * counts citation and Deep Research reasoning tokens apart from prompt and completion tokens: the bill adds
 * them, and the searches run (see usage.ts). Every stream chunk carries the usage so far without asking, and
 * stream_options is never sent (Perplexity refused it as an invalid parameter). It lists no models.
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';
import { perplexityUsage } from './usage.js';

export const perplexityAdapter = openAICompatibleAdapter({
  name: 'perplexity',
  channelTypes: [ChannelType.Perplexity],
  defaultBaseUrl: 'https://api.perplexity.ai',
  apiPrefix: '',
  endpoints: ['chat'],
  forceStreamUsage: false,
  mapRequest: ({ stream_options: _ignored, ...body }) => body,
  chatUsage: { read: perplexityUsage },
  modelList: false,
});
