import { describe, expect, it } from 'vitest';
import type { RoutableChannel } from '../../channels/routing-table.js';
import type { ProviderAdapter } from '../providers/provider-adapter.js';
import { anyChannelInfo, channelInfo } from './attempt-channel.js';

const openai = { defaultBaseUrl: 'https://api.openai.com' } as ProviderAdapter;
const deepseek = { defaultBaseUrl: 'https://api.deepseek.com/' } as ProviderAdapter;

const row = (over: Partial<RoutableChannel> = {}) =>
  ({ id: 4, type: 1, name: 'main', key: 'sk-one\nsk-two', base_url: 'https://proxy.example.com//', setting: '{"proxy":""}', other: '', openai_organization: null, ...over }) as RoutableChannel;

describe('channelInfo', () => {
  it('trims trailing slashes from the base URL and falls back to the adapter default', () => {
    expect(anyChannelInfo(row(), openai).baseUrl).toBe('https://proxy.example.com');
    expect(anyChannelInfo(row({ base_url: '' }), openai).baseUrl).toBe('https://api.openai.com');
    expect(anyChannelInfo(row({ base_url: undefined }), deepseek).baseUrl).toBe('https://api.deepseek.com');
  });

  it('follows changes to the same row and a different adapter', () => {
    const channel = row();
    expect(anyChannelInfo(channel, openai).baseUrl).toBe('https://proxy.example.com');
    channel.base_url = 'https://other.example.com/';
    expect(anyChannelInfo(channel, openai).baseUrl).toBe('https://other.example.com');
    channel.base_url = '';
    expect(anyChannelInfo(channel, openai).baseUrl).toBe('https://api.openai.com');
    expect(anyChannelInfo(channel, deepseek).baseUrl).toBe('https://api.deepseek.com');
    channel.key = 'sk-three';
    expect(anyChannelInfo(channel, deepseek).key).toBe('sk-three');
  });

  it('uses one of several keys and gives each call its own setting object', () => {
    const channel = row();
    const keys = new Set(Array.from({ length: 50 }, () => anyChannelInfo(channel, openai).key));
    expect([...keys].sort()).toEqual(['sk-one', 'sk-two']);
    const a = anyChannelInfo(channel, openai);
    a.setting.proxy = 'changed';
    expect(anyChannelInfo(channel, openai).setting.proxy).toBe('');
  });

  it('uses only the enabled keys, none when every key is disabled (tests and balances then take the first disabled automatically, else the first)', () => {
    const channel = row({ key: 'k1\nk2\nk3', channel_info: JSON.stringify({ multi_key_size: 3, multi_key_status_list: { '0': 2, '2': 3 } }) });
    expect(new Set(Array.from({ length: 20 }, () => channelInfo(channel, openai)?.key))).toEqual(new Set(['k2']));
    expect(channelInfo(channel, openai)?.keyIndex).toBe(1);
    channel.channel_info = JSON.stringify({ multi_key_size: 3, multi_key_status_list: { '0': 2, '1': 2, '2': 3 } });
    expect(channelInfo(channel, openai)).toBeUndefined();
    expect(anyChannelInfo(channel, openai)).toMatchObject({ key: 'k3', keyIndex: 2 });
    channel.channel_info = JSON.stringify({ multi_key_size: 3, multi_key_status_list: { '0': 2, '1': 2, '2': 2 } });
    expect(anyChannelInfo(channel, openai)).toMatchObject({ key: 'k1', keyIndex: 0 });
  });
});
