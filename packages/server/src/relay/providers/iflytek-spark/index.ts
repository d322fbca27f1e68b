/**
 * iFlytek Spark (channel type 18) through its OpenAI-compatible HTTP API at spark-api-open.xf-yun.com.
 * The key is the HTTP APIPassword (or `APIKey:APISecret`), not the appid|secret|key triple of the
 * WebSocket API, and the channel's `other` (the WebSocket version) is not used. The X1 reasoning
 * models are served under /v2, the others under /v1.
 */
import { ChannelType } from '@gw/contracts';
import { OPENAI_PATHS, openAICompatibleAdapter, resolveBaseUrl, stripApiPrefix } from '../openai-compatible/index.js';

const DEFAULT_BASE_URL = 'https://spark-api-open.xf-yun.com';

export const iflytekSparkAdapter = openAICompatibleAdapter({
  name: 'iflytek-spark',
  channelTypes: [ChannelType.IflytekSpark],
  defaultBaseUrl: DEFAULT_BASE_URL,
  endpoints: ['chat'],
  urlFor: (endpoint, ctx) => {
    const host = stripApiPrefix(stripApiPrefix(resolveBaseUrl(ctx.channel, DEFAULT_BASE_URL), '/v1'), '/v2');
    const version = /^x1/i.test(ctx.upstreamModel) ? '/v2' : '/v1';
    return `${host}${version}${OPENAI_PATHS[endpoint]}`;
  },
});
