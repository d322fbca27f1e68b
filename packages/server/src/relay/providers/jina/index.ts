/**
 * Jina (channel type 38): embeddings at api.jina.ai/v1/embeddings and rerank at /v1/rerank. Both
 * take the hub bodies unchanged (the hub rerank format is Jina's); usage is `total_tokens` only,
 * read as prompt tokens. Jina has no model list endpoint.
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const jinaAdapter = openAICompatibleAdapter({
  name: 'jina',
  channelTypes: [ChannelType.Jina],
  defaultBaseUrl: 'https://api.jina.ai',
  endpoints: ['embeddings', 'rerank'],
  modelList: false,
});
