import { describe, expect, it } from 'vitest';
import type { RoutableChannel } from '../../channels/routing-table.js';
import type { ProviderAdapter } from '../providers/provider-adapter.js';
import { channelInfo } from './attempt-channel.js';

const openai = { defaultBaseUrl: 'https://api.openai.com' } as ProviderAdapter;
const deepseek = { defaultBaseUrl: 'https://api.deepseek.com/' } as ProviderAdapter;

const row = (over: Partial<RoutableChannel> = {}) =>
  ({ id: 4, type: 1, name: 'main', key: 'sk-one\nsk-two', base_url: 'https://proxy.example.com//', setting: '{"proxy":""}', other: '', openai_organization: null, ...over }) as RoutableChannel;

describe('channelInfo', () => {
  it('trims trailing slashes from the base URL and falls back to the adapter default', () => {
    expect(channelInfo(row(), openai).baseUrl).toBe('https://proxy.example.com');
    expect(channelInfo(row({ base_url: '' }), openai).baseUrl).toBe('https://api.openai.com');
    expect(channelInfo(row({ base_url: undefined }), deepseek).baseUrl).toBe('https://api.deepseek.com');
  });

  it('follows changes to the same row and a different adapter', () => {
    const channel = row();
    expect(channelInfo(channel, openai).baseUrl).toBe('https://proxy.example.com');
    channel.base_url = 'https://other.example.com/';
    expect(channelInfo(channel, openai).baseUrl).toBe('https://other.example.com');
    channel.base_url = '';
    expect(channelInfo(channel, openai).baseUrl).toBe('https://api.openai.com');
    expect(channelInfo(channel, deepseek).baseUrl).toBe('https://api.deepseek.com');
    channel.key = 'sk-three';
    expect(channelInfo(channel, deepseek).key).toBe('sk-three');
  });

  it('uses one of several keys and gives each call its own setting object', () => {
    const channel = row();
    const keys = new Set(Array.from({ length: 50 }, () => channelInfo(channel, openai).key));
    expect([...keys].sort()).toEqual(['sk-one', 'sk-two']);
    const a = channelInfo(channel, openai);
    a.setting.proxy = 'changed';
    expect(channelInfo(channel, openai).setting.proxy).toBe('');
  });
});
