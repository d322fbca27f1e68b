/** URL building for OpenAI-style APIs: one rule for base URL, version prefix and endpoint path. */
import { channelConfigError } from '../channel-config-error.js';
import type { ChannelInfo, RelayEndpoint } from '../provider-adapter.js';

/** The endpoints an OpenAI-style upstream can serve, with their paths under the API prefix. */
export const OPENAI_PATHS = {
  chat: '/chat/completions',
  completions: '/completions',
  embeddings: '/embeddings',
  'images.generations': '/images/generations',
  'images.edits': '/images/edits',
  'audio.speech': '/audio/speech',
  'audio.transcriptions': '/audio/transcriptions',
  'audio.translations': '/audio/translations',
  moderations: '/moderations',
  rerank: '/rerank',
  responses: '/responses',
  'responses.compact': '/responses/compact',
} as const satisfies Partial<Record<RelayEndpoint, string>>;

export type OpenAIEndpoint = keyof typeof OPENAI_PATHS;

export const OPENAI_ENDPOINTS = Object.keys(OPENAI_PATHS) as OpenAIEndpoint[];

export const isOpenAIEndpoint = (endpoint: RelayEndpoint): endpoint is OpenAIEndpoint => Object.hasOwn(OPENAI_PATHS, endpoint);

const trimSlashes = (url: string): string => url.trim().replace(/\/+$/, '');

/**
 * The channel's base URL without trailing slashes, or the adapter default when the channel has none.
 * Throws a channel error when neither exists (custom, Azure, Xinference… need one).
 */
export function resolveBaseUrl(channel: ChannelInfo, defaultBaseUrl: string): string {
  const base = trimSlashes(channel.baseUrl || defaultBaseUrl);
  if (!base) throw channelConfigError(channel, 'has no base URL');
  return base;
}

/**
 * base + prefix + path, where the prefix (`/v1`, `/api/paas/v4`, `/compatible-mode/v1`…) is left out
 * when the base URL already ends with it: `https://host/v1` never becomes `https://host/v1/v1`.
 */
export function apiUrl(baseUrl: string, prefix: string, path: string): string {
  const base = trimSlashes(baseUrl);
  const versionPrefix = trimSlashes(prefix);
  const root = versionPrefix && !base.toLowerCase().endsWith(versionPrefix.toLowerCase()) ? base + versionPrefix : base;
  return root + path;
}

/** The base URL with a trailing API prefix removed, for endpoints that live at the host root. */
export function stripApiPrefix(baseUrl: string, prefix: string): string {
  const base = trimSlashes(baseUrl);
  const versionPrefix = trimSlashes(prefix);
  return versionPrefix && base.toLowerCase().endsWith(versionPrefix.toLowerCase()) ? base.slice(0, -versionPrefix.length) : base;
}

export const bearerHeaders = (key: string): Record<string, string> => (key ? { Authorization: `Bearer ${key}` } : {});
