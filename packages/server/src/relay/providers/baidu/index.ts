/**
 * Baidu Wenxin / Qianfan (channel types 15 and 46): the Qianfan v2 OpenAI-compatible API at
 * qianfan.baidubce.com/v2 with a bearer API key (the v1 access-token flow is retired; old type-15
 * channels need a v2 API key).
 */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const baiduAdapter = openAICompatibleAdapter({
  name: 'baidu',
  channelTypes: [ChannelType.BaiduWenxin, ChannelType.BaiduWenxinV2],
  defaultBaseUrl: 'https://qianfan.baidubce.com/v2',
  apiPrefix: '/v2',
  endpoints: ['chat', 'embeddings', 'images.generations'],
});
