/** The Bedrock credentials of a channel key. */
import { channelConfigError } from '../channel-config-error.js';
import type { ChannelInfo } from '../provider-adapter.js';
import type { AwsCredentials } from './sigv4.js';
import { isJsonObject } from '../../formats/json-object.js';

export type BedrockAuth =
  | { kind: 'sigv4'; credentials: AwsCredentials; region: string }
  | { kind: 'api_key'; apiKey: string; region: string };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Accepted keys: `AK|SK|REGION` (new-api style), `APIKEY|REGION` (a Bedrock API key, sent as a
 * bearer token), or JSON `{"accessKeyId","secretAccessKey","region","sessionToken"?}` /
 * `{"apiKey","region"}`. The region falls back to channel.other. Errors never repeat the key.
 */
export function bedrockAuth(channel: ChannelInfo): BedrockAuth {
  const key = channel.key.trim();
  const fallbackRegion = channel.other.trim();
  const needRegion = (region: string) => {
    if (!region) throw channelConfigError(channel, 'has no AWS region (put it in the key or in the channel\'s other field)');
    return region;
  };
  if (key.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(key);
    } catch {
      throw channelConfigError(channel, 'has an AWS key that is not valid JSON');
    }
    if (!isJsonObject(json)) throw channelConfigError(channel, 'has an AWS key that is not a JSON object');
    const region = needRegion(text(json.region) || fallbackRegion);
    if (text(json.apiKey)) return { kind: 'api_key', apiKey: text(json.apiKey), region };
    const accessKeyId = text(json.accessKeyId);
    const secretAccessKey = text(json.secretAccessKey);
    if (!accessKeyId || !secretAccessKey) throw channelConfigError(channel, 'has an AWS key JSON without accessKeyId and secretAccessKey');
    const sessionToken = text(json.sessionToken);
    return { kind: 'sigv4', credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }, region };
  }
  const parts = key.split('|').map((p) => p.trim());
  if (parts.length === 3 && parts[0] && parts[1]) {
    return { kind: 'sigv4', credentials: { accessKeyId: parts[0], secretAccessKey: parts[1] }, region: needRegion(parts[2] || fallbackRegion) };
  }
  if (parts.length === 2 && parts[0]) return { kind: 'api_key', apiKey: parts[0], region: needRegion(parts[1] || fallbackRegion) };
  throw channelConfigError(channel, 'needs an AWS key as AK|SK|REGION, APIKEY|REGION or JSON');
}
