/**
 * SiliconCloud / SiliconFlow (channel type 40): OpenAI-compatible at api.siliconflow.cn/v1 with chat,
 * embeddings, rerank, images and audio. Balance (CNY, gifted plus charged) from /v1/user/info.
 */
import { ChannelType } from '@gw/contracts';
import { apiUrl, bearerHeaders, jsonBalance, openAICompatibleAdapter, resolveBaseUrl } from '../openai-compatible/index.js';

const DEFAULT_BASE_URL = 'https://api.siliconflow.cn';

export const siliconCloudAdapter = openAICompatibleAdapter({
  name: 'siliconcloud',
  channelTypes: [ChannelType.SiliconCloud],
  defaultBaseUrl: DEFAULT_BASE_URL,
  endpoints: ['chat', 'completions', 'embeddings', 'rerank', 'images.generations', 'audio.speech', 'audio.transcriptions'],
  balance: jsonBalance(
    (channel) => ({ method: 'GET', url: apiUrl(resolveBaseUrl(channel, DEFAULT_BASE_URL), '/v1', '/user/info'), headers: bearerHeaders(channel.key) }),
    (body) => body?.data?.totalBalance,
  ),
});
