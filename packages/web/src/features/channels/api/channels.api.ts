import type { ChannelCreated, ChannelHealthOverview, ChannelHealthResetBody, ChannelPage, ChannelTypeInfo, ChannelView } from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';
import { modelNamesOf, type ChannelPayload } from '../channel-form';
import type { TagEditPayload } from '../tag-form';

/** URL filters of the channel list: the search fields plus the id-sort and tag-mode switches ('1' = on). */
export const CHANNEL_FILTER_KEYS = ['keyword', 'group', 'model', 'id_sort', 'tag_mode'] as const;
export type ChannelFilterKey = (typeof CHANNEL_FILTER_KEYS)[number];
export type ChannelFilters = Record<ChannelFilterKey, string>;

export interface ChannelListParams {
  filters: ChannelFilters;
  p: number;
  page_size: number;
}

/** The answer of a channel test (GET /api/channel/test/:id). */
export interface ChannelTestResult {
  success: boolean;
  message: string;
  /** Seconds. */
  time: number;
}

/** POST /api/channel/fix: channels whose abilities were rebuilt, and failures. */
export interface FixAbilitiesResult {
  success: number;
  fails: number;
}

/** GET /api/channel/ without search fields, GET /api/channel/search with any (spec 2 §7). */
export function listChannels({ filters, p, page_size }: ChannelListParams, signal?: AbortSignal): Promise<ChannelPage> {
  const paging = { p, page_size, id_sort: filters.id_sort === '1', tag_mode: filters.tag_mode === '1' };
  const { keyword, group, model } = filters;
  if (!keyword && !group && !model) return api.get('/api/channel/', paging, signal);
  return api.get('/api/channel/search', { ...paging, keyword, group, model }, signal);
}

export function getChannel(id: number, signal?: AbortSignal): Promise<ChannelView> {
  return api.get(`/api/channel/${id}`, undefined, signal);
}

export function listChannelTypes(signal?: AbortSignal): Promise<ChannelTypeInfo[]> {
  return api.get('/api/channel/types', undefined, signal);
}

/** POST /api/channel/:id/key: the stored key, for the editor's "show key". */
export async function revealChannelKey(id: number): Promise<string> {
  const data = await api.post<{ key?: string }>(`/api/channel/${id}/key`);
  return data?.key ?? '';
}

/** POST /api/channel/: one channel, or one per key line (mode batch). Answers how many were made. */
export async function createChannel(body: ChannelPayload): Promise<number> {
  const data = await api.post<ChannelCreated | undefined>('/api/channel/', body);
  return data?.ids?.length ?? 0;
}

export function updateChannel(body: Partial<ChannelPayload> & { id: number; status?: number }): Promise<ChannelView> {
  return api.put('/api/channel/', body);
}

export function deleteChannel(id: number): Promise<void> {
  return api.delete(`/api/channel/${id}/`);
}

/** DELETE /api/channel/disabled: answers how many channels went. */
export function deleteDisabledChannels(): Promise<number> {
  return api.delete('/api/channel/disabled');
}

/** POST /api/channel/batch: answers how many channels went. */
export function deleteChannels(ids: number[]): Promise<number> {
  return api.post('/api/channel/batch', { ids });
}

/** POST /api/channel/status/batch: enables (1) or disables (2) the selection; answers how many changed. */
export function setChannelsStatus(ids: number[], enabled: boolean): Promise<number> {
  return api.post('/api/channel/status/batch', { ids, status: enabled ? 1 : 2 });
}

export function tagChannels(ids: number[], tag: string): Promise<unknown> {
  return api.post('/api/channel/batch/tag', { ids, tag });
}

export function fixAbilities(): Promise<FixAbilitiesResult> {
  return api.post('/api/channel/fix');
}

export function copyChannel(id: number): Promise<unknown> {
  return api.post(`/api/channel/copy/${id}`);
}

export function editTag(body: TagEditPayload): Promise<unknown> {
  return api.put('/api/channel/tag', body);
}

export function setTagStatus(tag: string, enabled: boolean): Promise<unknown> {
  return api.post(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag });
}

/** GET /api/channel/test/:id?model: a failed test throws its message (and carries the result as data). */
export async function testChannel(id: number, model?: string): Promise<ChannelTestResult> {
  const { data, envelope } = await requestEnvelope<ChannelTestResult | undefined>('GET', `/api/channel/test/${id}`, {
    query: model ? { model } : undefined,
  });
  return { success: true, message: String(envelope.message ?? ''), time: Number(data?.time ?? envelope.time ?? 0) };
}

/** GET /api/channel/test: starts testing every channel; false when a run is already going. */
export async function testAllChannels(): Promise<boolean> {
  return (await requestEnvelope<{ started?: boolean } | undefined>('GET', '/api/channel/test')).data?.started !== false;
}

/** GET /api/channel/update_balance/:id: the channel's new balance in USD. */
export async function updateChannelBalance(id: number): Promise<number> {
  const { data, envelope } = await requestEnvelope<{ balance?: number } | undefined>('GET', `/api/channel/update_balance/${id}/`);
  return Number(data?.balance ?? envelope.balance ?? 0);
}

/** GET /api/channel/update_balance: refreshes every enabled channel whose provider reports a balance; how many were updated and failed. */
export async function updateAllBalances(): Promise<{ updated: number; failed: number }> {
  const { data } = await requestEnvelope<{ updated?: number; failed?: number } | undefined>('GET', '/api/channel/update_balance');
  return { updated: Number(data?.updated ?? 0), failed: Number(data?.failed ?? 0) };
}

export async function listEnabledModels(signal?: AbortSignal): Promise<string[]> {
  return modelNamesOf(await api.get<unknown>('/api/channel/models_enabled', undefined, signal));
}

/**
 * The upstream's model list as the editor has the channel: POST /api/channel/fetch_models with the
 * entered type, base URL, key and proxy. An edit whose key field is blank sends the channel's id, and
 * the server uses the stored key (callers make sure a new channel has a key).
 */
export async function fetchUpstreamModels(input: { id?: number; base_url: string; type: number; key: string; proxy?: string }): Promise<string[]> {
  const key = input.key.trim();
  const proxy = input.proxy?.trim();
  const data = await api.post<unknown>('/api/channel/fetch_models', {
    ...(key ? { key } : { id: input.id }),
    base_url: input.base_url,
    type: input.type,
    ...(proxy ? { setting: JSON.stringify({ proxy }) } : {}),
  });
  return modelNamesOf(data);
}

/** GET /api/channel/health: every process's cool-downs, recent outcomes and first-byte latencies (live, not stored). */
export function getChannelHealth(signal?: AbortSignal): Promise<ChannelHealthOverview> {
  return api.get('/api/channel/health', undefined, signal);
}

/** POST /api/channel/health/reset: ends one channel's cool-down (`{ id }`) or every one's (`{ all: true }`); answers the server's message. */
export async function resetChannelHealth(body: ChannelHealthResetBody): Promise<string> {
  return (await requestEnvelope<unknown>('POST', '/api/channel/health/reset', { body })).message;
}
