import { useQuery } from '@tanstack/react-query';
import { channelTypeOptions } from '@gw/contracts';
import { channelQueries } from '../../api/channels.queries';

export interface ChannelTypeChoice {
  value: number;
  label: string;
  defaultBaseUrl: string;
  /** False while the server's list is unknown: then no type is held to need a base URL. */
  known: boolean;
}

/** The types from GET /api/channel/types, or the built-in list (without default URLs) until it answers. */
export function useChannelTypes(enabled: boolean): ChannelTypeChoice[] {
  const query = useQuery({ ...channelQueries.types(), enabled });
  if (query.data?.length) return query.data.map((c) => ({ value: c.value, label: c.label, defaultBaseUrl: c.default_base_url, known: true }));
  return channelTypeOptions.map((c) => ({ value: c.value, label: c.label, defaultBaseUrl: '', known: false }));
}

/** Types without a default base URL (Azure, custom) need one entered. */
export function needsBaseUrl(types: ChannelTypeChoice[], type: number | undefined): boolean {
  const choice = types.find((c) => c.value === type);
  return Boolean(choice?.known && choice.defaultBaseUrl === '');
}
