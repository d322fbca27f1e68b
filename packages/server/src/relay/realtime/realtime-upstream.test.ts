import { describe, expect, it } from 'vitest';
import type { ChannelInfo } from '../providers/provider-adapter.js';
import { upstreamTarget } from './realtime-upstream.js';

const channel = (over: Partial<ChannelInfo>): ChannelInfo => ({ id: 1, type: 1, name: 'c', key: 'sk-chan', baseUrl: '', other: '', openaiOrganization: '', setting: {}, ...over });

describe('upstreamTarget', () => {
  it('dials OpenAI and compatible channels at {base}/v1/realtime with the key as Bearer', () => {
    expect(upstreamTarget(channel({ baseUrl: 'https://api.example.com/' }), 'gpt-realtime', undefined)).toEqual({
      url: 'wss://api.example.com/v1/realtime?model=gpt-realtime',
      headers: { Authorization: 'Bearer sk-chan' },
    });
    expect(upstreamTarget(channel({ type: 8, baseUrl: 'http://10.0.0.1:8080', openaiOrganization: 'org-1' }), 'm', 'realtime=v1')).toEqual({
      url: 'ws://10.0.0.1:8080/v1/realtime?model=m',
      headers: { Authorization: 'Bearer sk-chan', 'OpenAI-Organization': 'org-1', 'OpenAI-Beta': 'realtime=v1' },
    });
    expect(upstreamTarget(channel({}), 'm', undefined).url).toBe('wss://api.openai.com/v1/realtime?model=m');
  });

  it('dials Azure at {base}/openai/realtime with the api-version and deployment, and the key as api-key', () => {
    const azure = channel({ type: 3, baseUrl: 'https://res.openai.azure.com' });
    expect(upstreamTarget(azure, 'gpt-realtime', undefined)).toEqual({
      url: 'wss://res.openai.azure.com/openai/realtime?api-version=2025-04-01-preview&deployment=gpt-realtime',
      headers: { 'api-key': 'sk-chan' },
    });
    expect(upstreamTarget({ ...azure, other: '2024-10-01-preview' }, 'd', undefined).url).toBe('wss://res.openai.azure.com/openai/realtime?api-version=2024-10-01-preview&deployment=d');
  });
});
