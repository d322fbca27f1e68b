/** OpenAI (channel type 1): api.openai.com, every OpenAI endpoint except rerank. */
import { ChannelType } from '@gw/contracts';
import { OPENAI_ENDPOINTS, bearerHeaders, openAICompatibleAdapter } from '../openai-compatible/index.js';
import type { ChannelInfo } from '../provider-adapter.js';
import { merged } from '../../../platform/merged.js';

/** Bearer key, plus `OpenAI-Organization` when the channel names one. */
export function openAIHeaders(channel: ChannelInfo): Record<string, string> {
  const organization = channel.openaiOrganization.trim();
  return organization ? merged(bearerHeaders(channel.key), { 'OpenAI-Organization': organization }) : bearerHeaders(channel.key);
}

/**
 * No balance reader: OpenAI's balance needs two calls (the subscription's hard limit minus this
 * month's usage), and the key-based billing endpoints have been closed to API keys since 2023.
 */
export const openAIAdapter = openAICompatibleAdapter({
  name: 'openai',
  channelTypes: [ChannelType.OpenAI],
  defaultBaseUrl: 'https://api.openai.com',
  endpoints: OPENAI_ENDPOINTS.filter((endpoint) => endpoint !== 'rerank'),
  headers: openAIHeaders,
});
