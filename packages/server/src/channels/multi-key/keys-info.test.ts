import { describe, expect, it } from 'vitest';
import { enabledKeyIndices, freshKeysInfo, keysInfoOf, readKeysInfo, setKeyStatus, withoutKeys } from './keys-info.js';
import { channelKeys, joinChannelKeys } from './channel-keys.js';

describe('keys info', () => {
  it('reads what it wrote and tolerates anything else as a single enabled key', () => {
    const info = freshKeysInfo(3, 'polling');
    setKeyStatus(info, 1, 3, 'quota exceeded', 1700);
    expect(readKeysInfo(JSON.stringify(info))).toEqual(info);
    for (const bad of [null, '', 'not json', '[1,2]', '{"multi_key_size":-2,"multi_key_mode":"sideways","multi_key_status_list":{"0":7}}']) {
      expect(readKeysInfo(bad)).toEqual(freshKeysInfo(1));
    }
  });

  it('counts info written for another number of keys as fresh', () => {
    const info = freshKeysInfo(2, 'polling');
    setKeyStatus(info, 0, 2);
    expect(enabledKeyIndices(keysInfoOf(3, JSON.stringify(info)))).toEqual([0, 1, 2]);
    expect(keysInfoOf(3, JSON.stringify(info)).multi_key_mode).toBe('polling');
    expect(enabledKeyIndices(keysInfoOf(2, JSON.stringify(info)))).toEqual([1]);
  });

  it('moves the remaining keys up, with their statuses, when keys are taken out', () => {
    const info = freshKeysInfo(4);
    setKeyStatus(info, 1, 2, '', 5);
    setKeyStatus(info, 3, 3, 'banned', 6);
    const next = withoutKeys(info, new Set([0, 2]));
    expect(next.multi_key_size).toBe(2);
    expect(next.multi_key_status_list).toEqual({ '0': 2, '1': 3 });
    expect(next.multi_key_disabled_reason).toEqual({ '1': 'banned' });
    expect(next.multi_key_disabled_time).toEqual({ '0': 5, '1': 6 });
    setKeyStatus(next, 1, 1);
    expect(enabledKeyIndices(next)).toEqual([1]);
  });

  it('writes a key list back as lines, or as a JSON array when the keys are JSON', () => {
    expect(channelKeys(joinChannelKeys(['a', 'b']))).toEqual(['a', 'b']);
    const json = ['{"type":"service_account","n":1}', '{"type":"service_account","n":2}'];
    expect(channelKeys(joinChannelKeys(json))).toEqual(json);
  });
});
