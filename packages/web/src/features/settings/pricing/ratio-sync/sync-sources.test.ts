import { describe, expect, it } from 'vitest';
import { RatioSyncFetchBody, type SyncableChannel } from '@gw/contracts';
import { emptyCustomUpstream, fetchBodyOf } from './sync-sources';

const channels: SyncableChannel[] = [
  { id: 3, name: 'peer', base_url: 'https://peer.example', status: 1, type: 1 },
  { id: 4, name: 'other', base_url: 'https://other.example', status: 2, type: 1 },
  { id: -100, name: 'Official ratio preset', base_url: 'https://basellm.github.io', status: 1, type: 0 },
];

describe('sync sources', () => {
  it('sends chosen channels with the channel endpoint, presets with their own, and custom upstreams trimmed', () => {
    const body = fetchBodyOf(
      { channelIds: [3, -100], channelEndpoint: '/api/pricing', custom: [{ name: ' mine ', base_url: ' https://mine.example/ ', endpoint: '/api/ratio_config' }], timeout: 15 },
      channels,
      () => 'Official preset',
    );
    expect(body).toEqual({
      upstreams: [
        { id: 3, name: 'peer', base_url: 'https://peer.example', endpoint: '/api/pricing' },
        { id: -100, name: 'Official preset', base_url: 'https://basellm.github.io', endpoint: '/llm-metadata/api/newapi/ratio_config-v1-base.json' },
        { name: 'mine', base_url: 'https://mine.example/', endpoint: '/api/ratio_config' },
      ],
      timeout: 15,
    });
    expect(RatioSyncFetchBody.safeParse(body).success).toBe(true);
  });

  it("reads an OpenRouter channel's public model list whatever endpoint the other channels use", () => {
    const body = fetchBodyOf({ channelIds: [5], channelEndpoint: '/api/ratio_config', custom: [], timeout: null }, [{ id: 5, name: 'or', base_url: 'https://openrouter.ai/api', status: 1, type: 20 }], String);
    expect(body.upstreams).toEqual([{ id: 5, name: 'or', base_url: 'https://openrouter.ai/api', endpoint: 'openrouter' }]);
  });

  it('leaves an unfilled custom upstream for the contract to refuse, by field', () => {
    const body = fetchBodyOf({ channelIds: [], channelEndpoint: '/api/ratio_config', custom: [emptyCustomUpstream()], timeout: null }, channels, String);
    const parsed = RatioSyncFetchBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['upstreams', 0, 'name']);
  });
});
