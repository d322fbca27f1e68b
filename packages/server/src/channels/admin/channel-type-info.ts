/** What the console's editor needs to know of each channel type: label, default base URL, whether one is required. */
import type { ChannelTypeInfo } from '@gw/contracts';
import { ChannelType, channelTypeOptions } from '../channel-types.js';

/** The part of an adapter this module reads (the relay's provider registry supplies it). */
export type DefaultBaseUrlLookup = (type: number) => { defaultBaseUrl: string } | undefined;

/** Types with no default base URL whose address comes from other settings (the AWS region in the key). */
const ADDRESS_FROM_CREDENTIALS: ReadonlySet<number> = new Set([ChannelType.AwsClaude]);

export function defaultBaseUrlOf(type: number, lookup: DefaultBaseUrlLookup): string {
  return lookup(type)?.defaultBaseUrl ?? '';
}

/** True when a channel of this type cannot reach its upstream without its own base URL (Azure, custom, self-hosted services). */
export function baseUrlRequired(type: number, lookup: DefaultBaseUrlLookup): boolean {
  return defaultBaseUrlOf(type, lookup) === '' && !ADDRESS_FROM_CREDENTIALS.has(type);
}

export function channelTypeInfos(lookup: DefaultBaseUrlLookup): ChannelTypeInfo[] {
  return channelTypeOptions.map(({ value, label }) => ({
    value,
    label,
    default_base_url: defaultBaseUrlOf(value, lookup),
    base_url_required: baseUrlRequired(value, lookup),
  }));
}
