import { describe, expect, it } from 'vitest';
import type { TopUpInfo } from '@gw/contracts';
import { topUpMethods } from './topup-methods';

const info = (over: Partial<TopUpInfo>): TopUpInfo => ({
  enable_online_topup: false,
  min_topup: 1,
  pay_methods: [],
  price: 7.3,
  group_ratio: 1,
  quota_per_unit: 500000,
  enable_stripe_topup: false,
  stripe_min_topup: 1,
  stripe_unit_price: 8,
  enable_creem_topup: false,
  creem_products: '[]',
  ...over,
});

describe('wallet top-up cards', () => {
  it('shows the gateway card (saying top-up is off) when nothing is offered or the info is still loading', () => {
    expect(topUpMethods(undefined)).toEqual({ gateway: true, stripe: false, creem: false });
    expect(topUpMethods(info({}))).toEqual({ gateway: true, stripe: false, creem: false });
  });

  it('shows only Stripe and Creem when they are offered without EPay', () => {
    expect(topUpMethods(info({ enable_stripe_topup: true }))).toEqual({ gateway: false, stripe: true, creem: false });
    expect(topUpMethods(info({ enable_creem_topup: true, enable_stripe_topup: true }))).toEqual({ gateway: false, stripe: true, creem: true });
  });

  it('shows every offered method side by side', () => {
    expect(topUpMethods(info({ enable_online_topup: true, enable_creem_topup: true }))).toEqual({ gateway: true, stripe: false, creem: true });
  });
});
