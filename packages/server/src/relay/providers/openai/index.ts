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
 * OpenAI models (and their dated snapshots) that `/v1/chat/completions` refuses ("only supported in
 * v1/responses"): o1-pro, o3-pro, the deep-research models, codex-mini-latest, computer-use-preview, and
 * the GPT-5 family's -codex and -pro models.
 */
const RESPONSES_ONLY = /^(o1-pro|o3-pro|o3-deep-research|o4-mini-deep-research|codex-mini-latest|computer-use-preview|gpt-5(\.\d+)?-(codex|pro))(-|$)/;

export const isResponsesOnlyOpenAIModel = (model: string): boolean => RESPONSES_ONLY.test(model);

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
  responsesOnlyModels: isResponsesOnlyOpenAIModel,
});
