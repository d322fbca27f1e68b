import { describe, expect, it } from 'vitest';
import { countChannelKeys, showsKeySelection } from './channel-keys-text';

describe('countChannelKeys', () => {
  it('counts one key per non-empty line', () => {
    expect(countChannelKeys('sk-a\r\n  sk-b \n\n\tsk-c\n')).toBe(3);
    expect(countChannelKeys('sk-only')).toBe(1);
    expect(countChannelKeys('  \n ')).toBe(0);
    expect(countChannelKeys(undefined)).toBe(0);
  });

  it('counts the elements of a JSON array, strings or credential objects', () => {
    expect(countChannelKeys('["sk-a", "sk-b"]')).toBe(2);
    expect(countChannelKeys('[{"type":"service_account"},{"type":"service_account"},{"type":"service_account"}]')).toBe(3);
    expect(countChannelKeys('["sk-a", ""]')).toBe(1);
  });

  it('takes a JSON object, or text that only looks like an array, as one key', () => {
    expect(countChannelKeys('{\n  "type": "service_account",\n  "project_id": "p"\n}')).toBe(1);
    expect(countChannelKeys('[not json\nsecond line')).toBe(1);
  });
});

describe('showsKeySelection', () => {
  it('shows the choice when the key field holds several keys', () => {
    expect(showsKeySelection({ keyText: 'k1\nk2', batch: false, storedMultiKey: false })).toBe(true);
    expect(showsKeySelection({ keyText: '["k1","k2"]', batch: false, storedMultiKey: false })).toBe(true);
    expect(showsKeySelection({ keyText: 'k1', batch: false, storedMultiKey: false })).toBe(false);
  });

  it('never shows it for a batch create, where each key makes its own channel', () => {
    expect(showsKeySelection({ keyText: 'k1\nk2', batch: true, storedMultiKey: false })).toBe(false);
  });

  it('shows it on an edited multi-key channel while its keys are kept, not once one key replaces them', () => {
    expect(showsKeySelection({ keyText: '', batch: false, storedMultiKey: true })).toBe(true);
    expect(showsKeySelection({ keyText: 'single', batch: false, storedMultiKey: true })).toBe(false);
    expect(showsKeySelection({ keyText: '', batch: false, storedMultiKey: false })).toBe(false);
  });
});
