import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TokenView } from '@gw/contracts';
import { newTokenValues, tokenToValues, valuesToBody } from './token-form';
import { keysText, maskedKey } from './token-key';

const token: TokenView = {
  id: 7, user_id: 1, key: 'a'.repeat(44) + 'wxyz', status: 1, name: 'ci', created_time: 1, accessed_time: 1, expired_time: 1_900_000_000,
  remain_quota: 1234, unlimited_quota: false, model_limits_enabled: true, model_limits: 'gpt-4o, gpt-4o-mini', allow_ips: '10.0.0.0/8', used_quota: 0, group: 'vip',
  cross_group_retry: false, budget_quota: 0, budget_period: '', budget_used: 0, budget_reset_time: 0,
};

describe('token form mapping', () => {
  it('creates with the spec defaults: 500000 quota, never expires, one token', () => {
    expect(valuesToBody({ ...newTokenValues(), name: '  ci  ' })).toEqual({
      name: 'ci', remain_quota: 500_000, unlimited_quota: false, expired_time: -1, model_limits_enabled: false, model_limits: '',
      allow_ips: '', group: '', cross_group_retry: false, budget_quota: 0, budget_period: '', count: 1,
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

describe('token keys', () => {
  it('masks the key in the table and copies name and full key per line', () => {
    expect(maskedKey(token)).toBe('sk-aaaa********wxyz');
    expect(keysText([token, { ...token, name: 'b', key: 'k' }])).toBe(`ci\tsk-${token.key}\nb\tsk-k`);
  });
});
