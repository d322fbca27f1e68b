import { describe, expect, it } from 'vitest';
import {
  changedOptions,
  formValuesOf,
  isJsonText,
  isSameOption,
  refreshedFormValues,
  saveOutcome,
  toFormValue,
  toOptionString,
  type OptionFieldKinds,
} from './option-fields';

describe('option field conversion', () => {
  it('shows stored strings as typed form values', () => {
    expect(toFormValue('bool', 'true')).toBe(true);
    expect(toFormValue('bool', 'false')).toBe(false);
    expect(toFormValue('number', '500000')).toBe(500000);
    expect(toFormValue('number', '')).toBeNull();
    expect(toFormValue('list', 'gmail.com, qq.com,,')).toEqual(['gmail.com', 'qq.com']);
    expect(toFormValue('json', '{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(toFormValue('json', 'not json')).toBe('not json');
    expect(toFormValue('secret', undefined)).toBe('');
    expect(toFormValue('text', undefined)).toBe('');
  });

  it('turns form values back into the stored strings', () => {
    expect(toOptionString('bool', true)).toBe('true');
    expect(toOptionString('bool', undefined)).toBe('false');
    expect(toOptionString('number', 7.3)).toBe('7.3');
    expect(toOptionString('number', null)).toBe('');
    expect(toOptionString('list', [' a.com ', 'b.com', ''])).toBe('a.com,b.com');
    expect(toOptionString('json', '  {"a": 1}\n')).toBe('{"a": 1}');
  });

  it('checks JSON text, refusing an empty text area', () => {
    expect(isJsonText('{"gpt-4o": 1.25}')).toBe(true);
    expect(isJsonText('[]')).toBe(true);
    expect(isJsonText('{"gpt-4o": }')).toBe(false);
    expect(isJsonText('   ')).toBe(false);
  });

  it('compares options by meaning', () => {
    expect(isSameOption('json', '{"a":1,"b":2}', '{\n  "a": 1,\n  "b": 2\n}')).toBe(true);
    expect(isSameOption('json', '{"a":1}', '{"a":2}')).toBe(false);
    expect(isSameOption('number', '5', '5.0')).toBe(true);
    expect(isSameOption('list', 'a.com, b.com', 'a.com,b.com')).toBe(true);
    expect(isSameOption('secret', undefined, '')).toBe(true);
    expect(isSameOption('secret', undefined, 'sk-new')).toBe(false);
  });
});

describe('changedOptions', () => {
  const kinds: OptionFieldKinds = {
    GitHubOAuthEnabled: 'bool',
    GitHubClientId: 'text',
    GitHubClientSecret: 'secret',
    PasswordLoginEnabled: 'bool',
    ModelRatio: 'json',
  };
  const original = { GitHubOAuthEnabled: 'false', GitHubClientId: '', PasswordLoginEnabled: 'true', ModelRatio: '{"m":1}' };

  it('finds nothing when the loaded values are submitted unchanged', () => {
    expect(changedOptions(kinds, formValuesOf(kinds, original), original)).toEqual([]);
  });

  it('sends switches turned off first and switches turned on after their credentials', () => {
    const values = { ...formValuesOf(kinds, original), GitHubOAuthEnabled: true, GitHubClientId: 'id-1', GitHubClientSecret: 'sec', PasswordLoginEnabled: false };
    expect(changedOptions(kinds, values, original)).toEqual([
      { key: 'PasswordLoginEnabled', value: 'false' },
      { key: 'GitHubClientId', value: 'id-1' },
      { key: 'GitHubClientSecret', value: 'sec' },
      { key: 'GitHubOAuthEnabled', value: 'true' },
    ]);
  });

  it('leaves an empty secret out', () => {
    const values = { ...formValuesOf(kinds, original), GitHubClientId: 'x' };
    expect(changedOptions(kinds, values, original).map((c) => c.key)).toEqual(['GitHubClientId']);
  });
});

describe('refreshedFormValues', () => {
  const kinds: OptionFieldKinds = { SystemName: 'text', Logo: 'text' };

  it('keeps a pending edit and refreshes the untouched fields', () => {
    const before = { SystemName: 'Old', Logo: 'a.png' };
    const after = { SystemName: 'Old', Logo: 'b.png' };
    expect(refreshedFormValues(kinds, { SystemName: 'Typing', Logo: 'a.png' }, before, after)).toEqual({ Logo: 'b.png' });
  });

  it('sets every field on the first load', () => {
    expect(refreshedFormValues(kinds, {}, null, { SystemName: 'S' })).toEqual({ SystemName: 'S', Logo: '' });
  });
});

describe('saveOutcome', () => {
  it('tells nothing, success, partial and total failure apart', () => {
    expect(saveOutcome(0, [])).toEqual({ kind: 'nothing' });
    expect(saveOutcome(3, [])).toEqual({ kind: 'success' });
    expect(saveOutcome(3, ['bad'])).toEqual({ kind: 'partial', failures: ['bad'] });
    expect(saveOutcome(1, ['bad'])).toEqual({ kind: 'failed', failures: ['bad'] });
  });
});
