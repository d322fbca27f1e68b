/** Where a Vertex AI request goes: project (from the service account), region (from the channel) and host. */
import { channelConfigError } from '../channel-config-error.js';
import { apiUrl } from '../openai-compatible/index.js';
import type { ChannelInfo } from '../provider-adapter.js';
import { isJsonObject } from '../../formats/json-object.js';

export const VERTEX_DEFAULT_BASE_URL = 'https://aiplatform.googleapis.com';
export const DEFAULT_REGION = 'us-central1';

/** The project_id of the channel's service-account JSON key. The error never repeats the key. */
export function vertexProjectId(channel: ChannelInfo): string {
  let account: unknown;
  try {
    account = JSON.parse(channel.key);
  } catch {
    throw channelConfigError(channel, 'needs a service account JSON key (the whole JSON on one line)');
  }
  const projectId = isJsonObject(account) ? account.project_id : undefined;
  if (typeof projectId !== 'string' || !projectId.trim()) throw channelConfigError(channel, 'has a service account key without project_id');
  return projectId.trim();
}

/**
 * channel.other is a region (`us-east5`), or a JSON map from model to region with a `default`
 * (`{"default":"us-central1","claude-sonnet-4-5@20250929":"us-east5"}`); us-central1 when empty.
 * The map is looked up with each of `models` in turn (the name as mapped, then as sent upstream).
 */
export function vertexRegion(channel: ChannelInfo, models: readonly string[]): string {
  const text = channel.other.trim();
  if (!text) return DEFAULT_REGION;
  if (!text.startsWith('{')) return text;
  let map: unknown;
  try {
    map = JSON.parse(text);
  } catch {
    throw channelConfigError(channel, 'has a region map (other) that is not valid JSON');
  }
  if (!isJsonObject(map)) throw channelConfigError(channel, 'has a region map (other) that is not a JSON object');
  for (const key of [...models, 'default']) {
    const region = map[key];
    if (typeof region === 'string' && region.trim()) return region.trim();
  }
  return DEFAULT_REGION;
}

/**
 * https://{region}-aiplatform.googleapis.com/v1/projects/{project}/locations/{region}/publishers/{publisher}/models/{model}:{action};
 * the `global` region lives on aiplatform.googleapis.com without a prefix. A channel base URL other
 * than the default (a proxy, a private endpoint) replaces the host.
 */
export function vertexModelUrl(channel: ChannelInfo, a: { project: string; region: string; publisher: string; model: string; action: string }): string {
  const base = channel.baseUrl.trim().replace(/\/+$/, '');
  const host = base && base !== VERTEX_DEFAULT_BASE_URL
    ? base
    : a.region === 'global' ? VERTEX_DEFAULT_BASE_URL : `https://${a.region}-aiplatform.googleapis.com`;
  const path = `/projects/${encodeURIComponent(a.project)}/locations/${encodeURIComponent(a.region)}/publishers/${a.publisher}/models/${a.model}:${a.action}`;
  return apiUrl(host, '/v1', path);
}
