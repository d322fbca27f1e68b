import { ChannelType, RATIO_SYNC_CONSOLE_ENDPOINT, RATIO_SYNC_OPENROUTER_ENDPOINT, RATIO_SYNC_PRESETS, type SyncableChannel } from '@gw/contracts';

/** An upstream typed in by hand (another gateway's address). */
export interface CustomUpstream {
  name: string;
  base_url: string;
  endpoint: string;
}

/** What root chose to fetch from. */
export interface SyncSources {
  channelIds: number[];
  /** The endpoint read on the chosen channels (presets keep their own). */
  channelEndpoint: string;
  custom: CustomUpstream[];
  timeout: number | null;
}

/** The endpoints offered: new-api's exposed ratios, its public price list that every site answers, and OpenRouter's model list. */
export const SYNC_ENDPOINTS = [RATIO_SYNC_CONSOLE_ENDPOINT, '/api/pricing', RATIO_SYNC_OPENROUTER_ENDPOINT] as const;

export const emptyCustomUpstream = (): CustomUpstream => ({ name: '', base_url: '', endpoint: RATIO_SYNC_CONSOLE_ENDPOINT });

export function presetOf(id: number) {
  return RATIO_SYNC_PRESETS.find((p) => p.id === id);
}

/**
 * The POST /api/ratio_sync/fetch body, in the form new-api's page sends: every source as an upstream
 * (channels carry their id, so the answer names them `name(id)`). `presetName` gives a preset its shown name.
 */
export function fetchBodyOf(sources: SyncSources, channels: readonly SyncableChannel[], presetName: (id: number) => string) {
  const chosen = channels.filter((c) => sources.channelIds.includes(c.id));
  const fromChannels = chosen.map((c) => {
    const preset = presetOf(c.id);
    return preset
      ? { id: c.id, name: presetName(c.id), base_url: preset.base_url, endpoint: preset.endpoint }
      : { id: c.id, name: c.name, base_url: c.base_url, endpoint: c.type === ChannelType.OpenRouter ? RATIO_SYNC_OPENROUTER_ENDPOINT : sources.channelEndpoint };
  });
  const custom = sources.custom.map((u) => ({ name: u.name.trim(), base_url: u.base_url.trim(), endpoint: u.endpoint.trim() }));
  return { upstreams: [...fromChannels, ...custom], timeout: sources.timeout ?? undefined };
}
