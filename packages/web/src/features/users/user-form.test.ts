import { describe, expect, it } from 'vitest';
import { UpdateUserBody, type UserView } from '@gw/contracts';
import { userToValues, valuesToSelfBody, valuesToUpdateBody } from './user-form';

const user: UserView = {
  id: 12, username: 'ivy', display_name: 'Ivy', password: '', role: 1, status: 1, email: '', github_id: '', oidc_id: '', wechat_id: '', telegram_id: '',
  google_id: '', linux_do_id: '', discord_id: '', quota: 5_000_000, used_quota: 0, request_count: 0, group: 'default', remarks: 'team a', aff_code: 'abcd',
  aff_count: 0, aff_quota: 0, aff_history_quota: 0, activity_quota: 0, activity_history_quota: 0, history_fuel_pack_quota: 0, inviter_id: 0, created_at: 1,
  login_ip: '', DeletedAt: null, setting: '', budget_quota: 0, budget_period: '', budget_used: 0, budget_reset_time: 0,
};

describe('user form mapping', () => {
  it('opens with the stored fields, an empty password and no quota to add', () => {
    expect(userToValues(user)).toEqual({
      username: 'ivy', display_name: 'Ivy', password: '', original_password: '', group: 'default', add_quota: null, remarks: 'team a', budget_quota: 0, budget_period: '',
    });
  });

  it('sends an administrator\'s edit with trimmed names, the quota only as a whole delta, and no limit', () => {
    const body = valuesToUpdateBody(12, { ...userToValues(user), username: ' ivy2 ', display_name: ' Ivy B ', add_quota: 250_000.6 });
    expect(body).toEqual({ id: 12, username: 'ivy2', display_name: 'Ivy B', password: '', group: 'default', remarks: 'team a', add_quota: 250_000, budget_quota: 0, budget_period: '' });
    expect(body).not.toHaveProperty('quota');
    expect(valuesToUpdateBody(12, userToValues(user))).not.toHaveProperty('add_quota');
    expect(UpdateUserBody.safeParse(body).success).toBe(true);
  });

  it('shows and sends back a stored spending limit, and a chosen one as whole quota units', () => {
    const limited = { ...user, budget_quota: 1_000_000, budget_period: 'daily' as const, budget_used: 40_000, budget_reset_time: 1_900_000_000 };
    const values = userToValues(limited);
    expect(values).toMatchObject({ budget_quota: 1_000_000, budget_period: 'daily' });
    expect(valuesToUpdateBody(12, values)).toMatchObject({ budget_quota: 1_000_000, budget_period: 'daily' });
    expect(valuesToUpdateBody(12, { ...values, budget_quota: 2_000_000.5, budget_period: 'weekly' })).toMatchObject({ budget_quota: 2_000_000, budget_period: 'weekly' });
  });

  it('clears the amount when "No limit" is chosen, whatever was typed before', () => {
    const values = { ...userToValues(user), budget_quota: 1_000_000, budget_period: '' as const };
    expect(valuesToUpdateBody(12, values)).toMatchObject({ budget_quota: 0, budget_period: '' });
  });

  it('is checked by the contract: a negative amount is refused with a message naming the field', () => {
    const negative = UpdateUserBody.safeParse(valuesToUpdateBody(12, { ...userToValues(user), budget_quota: -5, budget_period: 'monthly' }));
    expect(negative.success).toBe(false);
    expect(negative.error?.issues[0]).toMatchObject({ path: ['budget_quota'], message: 'budget_quota must not be negative' });
  });

  it('sends only name and passwords for the signed-in user, the current password only when typed', () => {
    const values = { ...userToValues(user), display_name: ' Me ', password: 'new-pass-1', original_password: '' };
    expect(valuesToSelfBody(values)).toEqual({ display_name: 'Me', password: 'new-pass-1', original_password: undefined });
    expect(valuesToSelfBody({ ...values, original_password: 'old-pass-1' })).toMatchObject({ original_password: 'old-pass-1' });
  });
});
