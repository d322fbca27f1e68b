/**
 * Azure OpenAI (channel type 3). Requests go to a deployment of the resource named in the base URL:
 * `{base}/openai/deployments/{deployment}/{path}?api-version={channel.other or 2025-04-01-preview}`
 * with an `api-key` header. The Responses API is not per deployment: `{base}/openai/responses`.
 */
import { ChannelType } from '@gw/contracts';
import { OPENAI_PATHS, openAICompatibleAdapter, resolveBaseUrl, type OpenAIEndpoint } from '../openai-compatible/index.js';
import type { AdapterContext } from '../provider-adapter.js';

export const AZURE_DEFAULT_API_VERSION = '2025-04-01-preview';

/**
 * Azure deployment names cannot contain dots, so the deployment of `gpt-4.1` is conventionally named
 * `gpt-41` (the rule new-api channels already follow); name deployments after the model without dots,
 * or map the model to the deployment name with the channel's model mapping.
 */
export const azureDeploymentName = (model: string): string => model.replace(/\./g, '');

/**
 * Compaction lives only in Azure's v1 API (`/openai/v1/responses/compact`, preview features with
 * `api-version=preview`); an AI Foundry resource (`*.cognitiveservices.azure.com`) takes it under
 * `/openai/responses/compact` with the channel's api-version, as new-api sends it.
 */
function azureCompactUrl(base: string, version: string): string {
  if (/\.cognitiveservices\.azure\.com(:\d+)?(\/|$)/i.test(base)) return `${base}/openai/responses/compact?api-version=${version}`;
  return `${base}/openai/v1/responses/compact?api-version=preview`;
}

function azureUrl(endpoint: OpenAIEndpoint, ctx: AdapterContext): string {
  const base = resolveBaseUrl(ctx.channel, '');
  const version = encodeURIComponent(ctx.channel.other.trim() || AZURE_DEFAULT_API_VERSION);
  if (endpoint === 'responses') return `${base}/openai/responses?api-version=${version}`;
  if (endpoint === 'responses.compact') return azureCompactUrl(base, version);
  const deployment = encodeURIComponent(azureDeploymentName(ctx.upstreamModel));
  return `${base}/openai/deployments/${deployment}${OPENAI_PATHS[endpoint]}?api-version=${version}`;
}

export const azureOpenAIAdapter = openAICompatibleAdapter({
  name: 'azure-openai',
  channelTypes: [ChannelType.AzureOpenAI],
  defaultBaseUrl: '',
  endpoints: [
    'chat',
    'completions',
    'embeddings',
    'images.generations',
    'images.edits',
    'audio.speech',
    'audio.transcriptions',
    'audio.translations',
    'responses',
    'responses.compact',
  ],
  urlFor: azureUrl,
  headers: (channel) => ({ 'api-key': channel.key }),
  // Azure lists base models, not the resource's deployments, so a fetched list would mislead.
  modelList: false,
});
