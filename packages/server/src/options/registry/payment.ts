import { commaList, num, numberMap, secret, str, url } from '../option-def.js';

/** Addresses, online top-up, Alipay, the SMS provider and the extra text appended to API errors. */
export const paymentOptions = {
  ServerAddress: url(),
  WorkerUrl: url(),
  WorkerValidKey: secret(),

  /** Exchange rate shown on the top-up page (currency per US dollar). */
  Price: num(7.3, 0),
  MinTopUp: num(1, 0),
  TopupGroupRatio: numberMap({ default: 1, vip: 1, svip: 1 }),
  PayAddress: url(),
  CustomCallbackAddress: url(),
  /** EPay merchant id and signing key (online top-up is on when PayAddress, EpayId and EpayKey are set). */
  EpayId: str(),
  EpayKey: secret(),
  /** EPay `type` values offered on the wallet page. */
  PayMethods: commaList(['alipay', 'wxpay']),

  'alipay.app_id': str(),
  /** Alipay's own public key: not a credential of ours, so it stays readable. */
  'alipay.public_key': str(),
  'alipay.private_key': secret(),
  /** Alipay's gateway (the sandbox's, or a local stand-in in tests). */
  'alipay.gateway': url('https://openapi.alipay.com/gateway.do'),

  'yunpian.api_key': secret(),
  'yunpian.sign': str(),

  'api.error_addition_message': str(),
};
