/**
 * Cloudflare Workers AI (channel type 39): the OpenAI-compatible endpoints under
 * `https://api.cloudflare.com/client/v4/accounts/{account id}/ai/v1`. The account id comes from the
 * channel's `other` field and the key is an API token sent as a bearer token. Models are listed by
 * Workers AI's own model search.
 */
import { ChannelType } from '@gw/contracts';
import { channelConfigError } from '../channel-config-error.js';
import { badResponseBody, bearerHeaders, openAICompatibleAdapter, resolveBaseUrl } from '../openai-compatible/index.js';
import type { ChannelInfo } from '../provider-adapter.js';

export const CLOUDFLARE_DEFAULT_BASE_URL = 'https://api.cloudflare.com';

function accountPath(channel: ChannelInfo): string {
  const accountId = channel.other.trim();
  if (!accountId) throw channelConfigError(channel, 'needs the Cloudflare account id in its "other" field');
  return `/client/v4/accounts/${encodeURIComponent(accountId)}`;
}

export function parseCloudflareModels(raw: string): string[] {
  let body: { result?: { name?: unknown }[] };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    throw badResponseBody(raw.slice(0, 200));
  }
  if (!Array.isArray(body?.result)) throw badResponseBody('no model list in the answer');
  return body.result.map((m) => m?.name).filter((name): name is string => typeof name === 'string');
}

export const cloudflareAdapter = openAICompatibleAdapter({
  name: 'cloudflare',
  channelTypes: [ChannelType.Cloudflare],
  defaultBaseUrl: CLOUDFLARE_DEFAULT_BASE_URL,
  apiPrefix: (channel) => `${accountPath(channel)}/ai/v1`,
  endpoints: ['chat', 'embeddings', 'responses'],
  modelList: {
    request: (channel) => ({
      method: 'GET',
      url: `${resolveBaseUrl(channel, CLOUDFLARE_DEFAULT_BASE_URL)}${accountPath(channel)}/ai/models/search?per_page=1000`,
      headers: bearerHeaders(channel.key),
    }),
    parse: parseCloudflareModels,
  },
});
