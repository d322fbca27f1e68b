import { num, numberMap, secret, str, url } from '../option-def.js';

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

  'alipay.app_id': str(),
  /** Alipay's own public key: not a credential of ours, so it stays readable. */
  'alipay.public_key': str(),
  'alipay.private_key': secret(),

  'yunpian.api_key': secret(),
  'yunpian.sign': str(),

  'api.error_addition_message': str(),
};
