import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { CreateTokenBody, type TokenView } from '@gw/contracts';
import { newTokenValues, tokenToValues, valuesToBody } from './token-form';
import { keysText, maskedKey } from './token-key';
import { rateLimitsText } from './token-rate-limits';

const token: TokenView = {
  id: 7, user_id: 1, key: 'a'.repeat(44) + 'wxyz', status: 1, name: 'ci', created_time: 1, accessed_time: 1, expired_time: 1_900_000_000,
  remain_quota: 1234, unlimited_quota: false, model_limits_enabled: true, model_limits: 'gpt-4o, gpt-4o-mini', allow_ips: '10.0.0.0/8', used_quota: 0, group: 'vip',
  cross_group_retry: false, budget_quota: 0, budget_period: '', budget_used: 0, budget_reset_time: 0, rpm_limit: 0, tpm_limit: 0,
};

describe('token form mapping', () => {
  it('creates with the spec defaults: 500000 quota, never expires, one token', () => {
    expect(valuesToBody({ ...newTokenValues(), name: '  ci  ' })).toEqual({
      name: 'ci', remain_quota: 500_000, unlimited_quota: false, expired_time: -1, model_limits_enabled: false, model_limits: '',
      allow_ips: '', group: '', cross_group_retry: false, budget_quota: 0, budget_period: '', rpm_limit: 0, tpm_limit: 0, count: 1,
    });
  });

  it('round-trips a token: expiry as a date, model limits as a list joined by commas again', () => {
    const values = tokenToValues(token);
    expect(values.expires?.unix()).toBe(1_900_000_000);
    expect(values.model_limits).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(valuesToBody(values)).toMatchObject({ expired_time: 1_900_000_000, model_limits_enabled: true, model_limits: 'gpt-4o,gpt-4o-mini', group: 'vip' });
  });

  it('drops stored limits that are switched off and turns a chosen date into unix seconds', () => {
    expect(tokenToValues({ ...token, model_limits_enabled: false }).model_limits).toEqual([]);
    const at = dayjs('2030-01-01T00:00:00Z');
    expect(valuesToBody({ ...newTokenValues(), name: 'x', expires: at }).expired_time).toBe(at.unix());
  });
});

describe('token spending limit', () => {
  it('shows a stored limit and sends it back as whole quota units', () => {
    const values = tokenToValues({ ...token, budget_quota: 250_000, budget_period: 'weekly', budget_used: 1_000, budget_reset_time: 1_900_000_000 });
    expect(values).toMatchObject({ budget_quota: 250_000, budget_period: 'weekly' });
    expect(valuesToBody({ ...values, budget_quota: 500_000.7 })).toMatchObject({ budget_quota: 500_000, budget_period: 'weekly' });
  });

  it('sends no amount when the period is "no limit", whatever was typed before', () => {
    expect(valuesToBody({ ...newTokenValues(), name: 'x', budget_quota: 500_000, budget_period: '' })).toMatchObject({ budget_quota: 0, budget_period: '' });
  });
});

describe('token rate limits', () => {
  it('shows stored limits in the editor and sends them back; 0 (no limit) is an empty field', () => {
    const values = tokenToValues({ ...token, rpm_limit: 60, tpm_limit: 100_000 });
    expect(values).toMatchObject({ rpm_limit: 60, tpm_limit: 100_000 });
    expect(valuesToBody(values)).toMatchObject({ rpm_limit: 60, tpm_limit: 100_000 });
    expect(tokenToValues(token)).toMatchObject({ rpm_limit: null, tpm_limit: null });
  });

  it('sends an emptied field as 0 (unlimited) and a typed fraction as a whole number', () => {
    const values = tokenToValues({ ...token, rpm_limit: 60, tpm_limit: 100_000 });
    expect(valuesToBody({ ...values, rpm_limit: null, tpm_limit: 2500.9 })).toMatchObject({ rpm_limit: 0, tpm_limit: 2500 });
    expect(valuesToBody({ ...newTokenValues(), name: 'x', rpm_limit: undefined as unknown as null, tpm_limit: Number.NaN })).toMatchObject({ rpm_limit: 0, tpm_limit: 0 });
  });

  it('is checked by the contract: a limit past the maximum is refused with a message naming the field', () => {
    const body = valuesToBody({ ...newTokenValues(), name: 'x', rpm_limit: 2_000_000_000 });
    const parsed = CreateTokenBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['rpm_limit'], message: expect.stringContaining('rpm_limit must be at most') });
    expect(CreateTokenBody.safeParse(valuesToBody({ ...newTokenValues(), name: 'x', rpm_limit: 60, tpm_limit: 100_000 })).success).toBe(true);
  });

  it('reads "60 RPM · 100k TPM" in the list, only the limits that are set, and nothing without any', () => {
    const t = ((key: string, o: { value: string }) => `${o.value} ${key === 'rateLimits.rpm' ? 'RPM' : 'TPM'}`) as unknown as Parameters<typeof rateLimitsText>[1];
    expect(rateLimitsText({ rpm_limit: 60, tpm_limit: 100_000 }, t)).toBe('60 RPM · 100k TPM');
    expect(rateLimitsText({ rpm_limit: 0, tpm_limit: 2_500_000 }, t)).toBe('2.5M TPM');
    expect(rateLimitsText({ rpm_limit: 5, tpm_limit: 0 }, t)).toBe('5 RPM');
    expect(rateLimitsText({ rpm_limit: 0, tpm_limit: 0 }, t)).toBe('');
  });
});

describe('token keys', () => {
  it('masks the key in the table and copies name and full key per line', () => {
    expect(maskedKey(token)).toBe('sk-aaaa********wxyz');
    expect(keysText([token, { ...token, name: 'b', key: 'k' }])).toBe(`ci\tsk-${token.key}\nb\tsk-k`);
  });
});
