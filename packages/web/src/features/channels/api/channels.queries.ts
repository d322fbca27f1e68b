import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelHealthResetBody } from '@gw/contracts';
import type { ChannelPayload } from '../channel-form';
import type { TagEditPayload } from '../tag-form';
import {
  copyChannel, createChannel, deleteChannel, deleteChannels, deleteDisabledChannels, editTag, fixAbilities, getChannel, getChannelHealth,
  listChannels, listChannelTypes, listEnabledModels, resetChannelHealth, setChannelsStatus, setTagStatus, tagChannels, testAllChannels,
  testChannel, updateAllBalances, updateChannel, updateChannelBalance, type ChannelListParams,
} from './channels.api';
import { getKeyStatus, manageKeys, type KeyStatusParams, type KeyWrite } from './multi-key.api';

export const channelKeys = {
  all: ['channels'] as const,
  lists: () => [...channelKeys.all, 'list'] as const,
  list: (params: ChannelListParams) => [...channelKeys.lists(), params] as const,
  detail: (id: number) => [...channelKeys.all, 'detail', id] as const,
  types: () => [...channelKeys.all, 'types'] as const,
  enabledModels: () => [...channelKeys.all, 'models-enabled'] as const,
  keyStatus: (params: KeyStatusParams) => [...channelKeys.all, 'key-status', params] as const,
  health: () => [...channelKeys.all, 'health'] as const,
};

/** How often the channel list reads the channels' live health while it is shown. */
const CHANNEL_HEALTH_REFRESH_MS = 10_000;

export const channelQueries = {
  list: (params: ChannelListParams) =>
    queryOptions({ queryKey: channelKeys.list(params), queryFn: ({ signal }) => listChannels(params, signal), placeholderData: keepPreviousData }),
  detail: (id: number) => queryOptions({ queryKey: channelKeys.detail(id), queryFn: ({ signal }) => getChannel(id, signal), staleTime: 0 }),
  types: () => queryOptions({ queryKey: channelKeys.types(), queryFn: ({ signal }) => listChannelTypes(signal), staleTime: 10 * 60_000 }),
  enabledModels: () =>
    queryOptions({ queryKey: channelKeys.enabledModels(), queryFn: ({ signal }) => listEnabledModels(signal), staleTime: 0 }),
  keyStatus: (params: KeyStatusParams) =>
    queryOptions({
      queryKey: channelKeys.keyStatus(params),
      queryFn: () => getKeyStatus(params),
      staleTime: 0,
      // Keeps the table while paging or filtering one channel's keys, never showing another channel's.
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2].channel_id === params.channel_id ? previous : undefined),
    }),
  /**
   * The live health overview, read again every 10 s while a component uses it (the channel list) and the
   * window is visible. Silent: a failed read leaves the Health column empty instead of a notice per poll.
   */
  health: () =>
    queryOptions({
      queryKey: channelKeys.health(),
      queryFn: ({ signal }) => getChannelHealth(signal),
      staleTime: 0,
      refetchInterval: CHANNEL_HEALTH_REFRESH_MS,
      meta: { silent: true },
    }),
};

/** Every channel mutation refreshes the lists and the channel details (also after a failure: tests save their result). */
function useChannelMutation<V, R>(mutationFn: (vars: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: silent ? { silent: true } : undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all, predicate: (q) => q.queryKey[1] !== 'types' }),
  });
}

export const useCreateChannel = () => useChannelMutation((body: ChannelPayload) => createChannel(body));
export const useUpdateChannel = () => useChannelMutation((body: Partial<ChannelPayload> & { id: number; status?: number }) => updateChannel(body));
export const useDeleteChannel = () => useChannelMutation((id: number) => deleteChannel(id));
export const useDeleteChannels = () => useChannelMutation((ids: number[]) => deleteChannels(ids));
export const useSetChannelsStatus = () => useChannelMutation(({ ids, enabled }: { ids: number[]; enabled: boolean }) => setChannelsStatus(ids, enabled));
export const useDeleteDisabledChannels = () => useChannelMutation((_: void) => deleteDisabledChannels());
export const useTagChannels = () => useChannelMutation(({ ids, tag }: { ids: number[]; tag: string }) => tagChannels(ids, tag));
export const useFixAbilities = () => useChannelMutation((_: void) => fixAbilities());
/** A failure shows the server's "channel copy failed: <reason>". */
export const useCopyChannel = () => useChannelMutation((id: number) => copyChannel(id));
export const useEditTag = () => useChannelMutation((body: TagEditPayload) => editTag(body));
export const useSetTagStatus = () => useChannelMutation(({ tag, enabled }: { tag: string; enabled: boolean }) => setTagStatus(tag, enabled));
export const useTestChannel = () => useChannelMutation(({ id, model }: { id: number; model?: string }) => testChannel(id, model));
/** Silent: the model picker shows each model's failure in its own row. */
export const useTestChannelQuietly = () => useChannelMutation(({ id, model }: { id: number; model?: string }) => testChannel(id, model), true);
export const useTestAllChannels = () => useChannelMutation((_: void) => testAllChannels());
export const useUpdateChannelBalance = () => useChannelMutation((id: number) => updateChannelBalance(id));
export const useUpdateAllBalances = () => useChannelMutation((_: void) => updateAllBalances());
/** A Manage keys write; like every channel mutation it refreshes the lists, details and key pages. */
export const useManageKeys = () => useChannelMutation((body: KeyWrite) => manageKeys(body));

/** Ends a cool-down (one channel's or every one's) and reads the health again; resolves to the server's message. */
export function useResetChannelHealth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelHealthResetBody) => resetChannelHealth(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.health() }),
  });
}
