/** Tencent Hunyuan (channel type 23): the OpenAI-compatible API at api.hunyuan.cloud.tencent.com/v1, bearer key. */
import { ChannelType } from '@gw/contracts';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';

export const hunyuanAdapter = openAICompatibleAdapter({
  name: 'hunyuan',
  channelTypes: [ChannelType.TencentHunyuan],
  defaultBaseUrl: 'https://api.hunyuan.cloud.tencent.com/v1',
  endpoints: ['chat', 'embeddings'],
});
