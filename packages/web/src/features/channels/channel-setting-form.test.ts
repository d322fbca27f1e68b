import { describe, expect, it } from 'vitest';
import { channelSettingProblem } from '@gw/contracts';
import {
  absorbSettingText, emptyChannelSettings, mergeChannelSetting, settingProblem, settingsToStore, splitChannelSetting, type ChannelSettingsValues,
} from './channel-setting-form';

const set = (partial: Partial<ChannelSettingsValues>): ChannelSettingsValues => ({ ...emptyChannelSettings(), ...partial });

describe('splitChannelSetting (a stored channel → fields and the other keys)', () => {
  it('puts the known keys into the fields and keeps the other keys as JSON text', () => {
    const stored = JSON.stringify({
      force_format: true, thinking_to_content: false, pass_through_body_enabled: true, proxy: ' socks5://127.0.0.1:1080 ',
      system_prompt: 'Be brief.', system_prompt_override: true, aws_inference_profile: 'arn:x', nested: { a: 1 },
    });
    const { settings, setting } = splitChannelSetting(stored);
    expect(settings).toEqual({
      force_format: true, thinking_to_content: false, pass_through_body_enabled: true, proxy: 'socks5://127.0.0.1:1080',
      system_prompt: 'Be brief.', system_prompt_override: true,
    });
    expect(JSON.parse(setting)).toEqual({ aws_inference_profile: 'arn:x', nested: { a: 1 } });
  });

  it('leaves the text empty when only known keys were stored', () => {
    expect(splitChannelSetting('{"proxy":"http://p:3128"}')).toEqual({ settings: set({ proxy: 'http://p:3128' }), setting: '' });
  });

  it('gives empty fields and the text unchanged for null, blank, no known key, or text that is not a JSON object', () => {
    expect(splitChannelSetting(null)).toEqual({ settings: emptyChannelSettings(), setting: '' });
    expect(splitChannelSetting('')).toEqual({ settings: emptyChannelSettings(), setting: '' });
    expect(splitChannelSetting('{ "aws_inference_profile" : "x" }')).toEqual({ settings: emptyChannelSettings(), setting: '{ "aws_inference_profile" : "x" }' });
    expect(splitChannelSetting('{"broken"')).toEqual({ settings: emptyChannelSettings(), setting: '{"broken"' });
    expect(splitChannelSetting('[1]').setting).toBe('[1]');
  });

  it('keeps a known key of the wrong type in the text, where the editor reports it', () => {
    const { settings, setting } = splitChannelSetting('{"force_format":"yes","proxy":"http://p:1"}');
    expect(settings).toEqual(set({ proxy: 'http://p:1' }));
    expect(JSON.parse(setting)).toEqual({ force_format: 'yes' });
  });
});

describe('absorbSettingText (known keys typed into the JSON text)', () => {
  it('moves them into the fields, the typed value winning, and keeps the other keys', () => {
    const result = absorbSettingText(set({ proxy: 'http://old:1', force_format: true }), '{"proxy":"socks5h://new:2","thinking_to_content":true,"x":1}');
    expect(result).toEqual({ settings: set({ proxy: 'socks5h://new:2', force_format: true, thinking_to_content: true }), setting: '{\n  "x": 1\n}', moved: ['proxy', 'thinking_to_content'] });
  });

  it('empties the text when it held only known keys', () => {
    expect(absorbSettingText(emptyChannelSettings(), '{"system_prompt":"Hi"}')).toEqual({ settings: set({ system_prompt: 'Hi' }), setting: '', moved: ['system_prompt'] });
  });

  it('changes nothing for text without a known key, blank text or text that is not JSON', () => {
    const settings = set({ force_format: true });
    expect(absorbSettingText(settings, '{ "a" : 1 }')).toEqual({ settings, setting: '{ "a" : 1 }', moved: [] });
    expect(absorbSettingText(settings, '')).toEqual({ settings, setting: '', moved: [] });
    expect(absorbSettingText(settings, '{"proxy":')).toEqual({ settings, setting: '{"proxy":', moved: [] });
  });

  it('rejects a known key of the wrong type with the contract message, moving nothing', () => {
    expect(absorbSettingText(emptyChannelSettings(), '{"force_format":"true","proxy":"http://p:1"}')).toEqual({ problem: 'setting.force_format must be true or false' });
    expect(absorbSettingText(emptyChannelSettings(), '{"proxy":8080}')).toEqual({ problem: 'setting.proxy must be a string' });
  });
});

describe('mergeChannelSetting (fields + other keys → the stored JSON)', () => {
  it('merges the set fields with the other keys into one object', () => {
    const merged = mergeChannelSetting(set({ proxy: ' http://p:3128 ', system_prompt: 'Be brief.', force_format: true }), '{"aws_inference_profile":"arn:x"}');
    expect(JSON.parse(merged)).toEqual({ aws_inference_profile: 'arn:x', proxy: 'http://p:3128', system_prompt: 'Be brief.', force_format: true });
    expect(channelSettingProblem(JSON.parse(merged) as Record<string, unknown>)).toBeNull();
  });

  it('leaves out off switches, blank texts and an override without a system prompt', () => {
    expect(settingsToStore(set({ proxy: '  ', system_prompt: ' ', system_prompt_override: true }))).toEqual({});
    expect(settingsToStore(set({ system_prompt: 'P', system_prompt_override: true, pass_through_body_enabled: true }))).toEqual({
      system_prompt: 'P', system_prompt_override: true, pass_through_body_enabled: true,
    });
    expect(mergeChannelSetting(set({ system_prompt_override: true }), '')).toBe('');
  });

  it('sends the text unchanged (trimmed) when no field is set: empty stays empty', () => {
    expect(mergeChannelSetting(emptyChannelSettings(), '')).toBe('');
    expect(mergeChannelSetting(emptyChannelSettings(), '  {"a": 1}\n')).toBe('{"a": 1}');
    expect(mergeChannelSetting(undefined, '{}')).toBe('{}');
  });

  it('round-trips a stored setting through the fields', () => {
    const stored = '{"aws_inference_profile":"arn:x","proxy":"socks5://h:1","thinking_to_content":true}';
    const { settings, setting } = splitChannelSetting(stored);
    expect(JSON.parse(mergeChannelSetting(settings, setting))).toEqual(JSON.parse(stored));
  });

  it('never lets the text and a field disagree: a known key left in the text is moved first', () => {
    expect(JSON.parse(mergeChannelSetting(set({ proxy: 'http://field:1' }), '{"proxy":"http://text:2","b":2}'))).toEqual({ b: 2, proxy: 'http://text:2' });
    // Cleared in the text: the field's value goes too.
    expect(mergeChannelSetting(set({ force_format: true }), '{"force_format":false}')).toBe('');
  });
});

describe('settingProblem', () => {
  it('blocks an unusable proxy with the contract message', () => {
    expect(settingProblem(set({ proxy: 'ftp://p:21' }), '')).toEqual({ field: 'proxy', reason: 'the proxy must start with http://, https://, socks5:// or socks5h://' });
    expect(settingProblem(set({ proxy: 'not a url' }), '')?.field).toBe('proxy');
    expect(settingProblem(emptyChannelSettings(), '{"proxy":"ftp://p:21"}')?.field).toBe('proxy');
    for (const proxy of ['', 'http://p:3128', 'https://u:pw@p', 'socks5://127.0.0.1:1080', 'socks5h://h:1']) expect(settingProblem(set({ proxy }), '')).toBeNull();
  });

  it('blocks a known key of the wrong type in the text', () => {
    expect(settingProblem(emptyChannelSettings(), '{"system_prompt_override":1}')).toEqual({ field: 'setting', reason: 'setting.system_prompt_override must be true or false' });
  });
});
