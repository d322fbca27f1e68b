/**
 * Volcano Ark / Doubao (channel type 45): OpenAI-compatible at ark.cn-beijing.volces.com/api/v3, paths
 * without /v1. Models are endpoint ids (`ep-…`) or model names; application bots (`bot-…`) are served
 * at /bots/chat/completions.
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const volcanoArkAdapter = openAICompatibleAdapter({
  name: 'volcano-ark',
  channelTypes: [ChannelType.VolcanoArk],
  defaultBaseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
  apiPrefix: '/api/v3',
  endpoints: ['chat', 'embeddings', 'images.generations', 'responses'],
  pathFor: (endpoint, ctx) => (endpoint === 'chat' && ctx.upstreamModel.startsWith('bot-') ? '/bots/chat/completions' : undefined),
});
