import { describe, expect, it } from 'vitest';
import { ChannelFields, channelProxyProblem, channelSettingProblem, readChannelSettings } from '@gw/contracts';

describe('channel settings', () => {
  it('reads the keys the gateway acts on, ignoring values of the wrong type and switches that are off', () => {
    expect(readChannelSettings({ force_format: true, thinking_to_content: 'yes', proxy: '  socks5://h:1 ', system_prompt: '', allow_service_tier: true, disable_store: false, other: 1 })).toEqual({
      force_format: true,
      thinking_to_content: undefined,
      proxy: 'socks5://h:1',
      pass_through_body_enabled: undefined,
      system_prompt: undefined,
      system_prompt_override: undefined,
      allow_service_tier: true,
    });
  });

  it('accepts http, https and socks5 proxies with a host, and nothing else', () => {
    for (const ok of ['', 'http://127.0.0.1:8080', 'https://u:p@proxy.example', 'socks5://h:1080', 'socks5h://h:1080']) expect(channelProxyProblem(ok), ok).toBeNull();
    expect(channelProxyProblem('ftp://h:21')).toContain('http://, https://, socks5://');
    expect(channelProxyProblem('not a url')).toContain('must be a URL');
  });

  it('names the first key of the wrong type; unknown keys are not checked', () => {
    expect(channelSettingProblem({ allow_speed: 'on' })).toBe('setting.allow_speed must be true or false');
    expect(channelSettingProblem({ system_prompt: 7 })).toBe('setting.system_prompt must be a string');
    expect(channelSettingProblem({ aws_inference_profile: 5, force_format: false })).toBeNull();
  });

  it('makes the channel schema refuse such a setting with that message', () => {
    const parsed = ChannelFields.partial().safeParse({ setting: JSON.stringify({ proxy: 'gopher://h' }) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toContain('socks5://');
    expect(ChannelFields.partial().safeParse({ setting: '' }).success).toBe(true);
  });
});
