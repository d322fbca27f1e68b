import type { TopUpInfo } from '@gw/contracts';

/** Which online top-up cards the wallet shows. */
export interface TopUpMethods {
  /** The EPay/Alipay card; it is also where "online top-up is not enabled" is said when nothing is offered. */
  gateway: boolean;
  stripe: boolean;
  creem: boolean;
}

export function topUpMethods(info: TopUpInfo | undefined): TopUpMethods {
  const stripe = info?.enable_stripe_topup === true;
  const creem = info?.enable_creem_topup === true;
  return { gateway: !info || info.enable_online_topup || (!stripe && !creem), stripe, creem };
}
