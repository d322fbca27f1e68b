import { describe, expect, it } from 'vitest';
import type { UserSettingView } from '@gw/contracts';
import { accountNameProblem, isHttpsUrl, settingBody, visibleModels } from './personal-rules';

describe('personal page rules', () => {
  it('shows the first 10 models until expanded', () => {
    const models = Array.from({ length: 13 }, (_, i) => `m${i}`);
    expect(visibleModels(models, false)).toEqual({ shown: models.slice(0, 10), hidden: 3 });
    expect(visibleModels(models, true)).toEqual({ shown: models, hidden: 0 });
    expect(visibleModels(models.slice(0, 10), false).hidden).toBe(0);
  });

  it('deletes the account only when the typed name is exactly the username', () => {
    expect(accountNameProblem('', 'alice')).toBe('empty');
    expect(accountNameProblem('  ', 'alice')).toBe('empty');
    expect(accountNameProblem('Alice', 'alice')).toBe('mismatch');
    expect(accountNameProblem(' alice ', 'alice')).toBeNull();
  });

  it('saves one change on top of all saved settings, keeping the secret', () => {
    const saved: UserSettingView = { notify_type: 'webhook', quota_warning_threshold: 500000, webhook_url: 'https://h.example/x', webhook_secret_set: true, notification_email: '', accept_unset_model_ratio_model: false };
    expect(settingBody(saved, { accept_unset_model_ratio_model: true })).toEqual({
      notify_type: 'webhook', quota_warning_threshold: 500000, webhook_url: 'https://h.example/x', notification_email: '', accept_unset_model_ratio_model: true, webhook_secret: '',
    });
  });

  it('accepts only https webhook addresses', () => {
    expect(isHttpsUrl('https://hooks.example.com/a')).toBe(true);
    expect(isHttpsUrl('http://hooks.example.com/a')).toBe(false);
    expect(isHttpsUrl('hooks.example.com')).toBe(false);
  });
});
