import { createHash } from 'node:crypto';
import { safeEqual } from '../platform/crypto.js';

/** EPay ("易支付") protocol: an MD5 of the sorted non-empty parameters followed by the merchant key. */
export type EpayParams = Record<string, string>;

/** The trade status a notification carries for a paid order. */
export const EPAY_TRADE_SUCCESS = 'TRADE_SUCCESS';

/** Lower-case hex MD5 of `k1=v1&k2=v2…` (keys sorted, sign/sign_type and empty values left out) + key. */
export function epaySign(params: EpayParams, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(text + key, 'utf8').digest('hex');
}

export function verifyEpaySign(params: EpayParams, key: string): boolean {
  const sign = params.sign;
  if (typeof sign !== 'string' || !/^[0-9a-f]{32}$/i.test(sign)) return false;
  return safeEqual(sign.toLowerCase(), epaySign(params, key));
}

export interface EpayPurchase {
  payAddress: string;
  pid: string;
  key: string;
  /** alipay, wxpay, … (the gateway's `type`). */
  type: string;
  outTradeNo: string;
  name: string;
  /** Two decimals, as text. */
  money: string;
  notifyUrl: string;
  returnUrl: string;
}

/** The signed form the browser posts to the gateway's submit page. */
export function epayPurchaseForm(p: EpayPurchase): { url: string; params: EpayParams } {
  const params: EpayParams = {
    pid: p.pid,
    type: p.type,
    out_trade_no: p.outTradeNo,
    notify_url: p.notifyUrl,
    return_url: p.returnUrl,
    name: p.name,
    money: p.money,
    device: 'pc',
  };
  return { url: `${p.payAddress.replace(/\/+$/, '')}/submit.php`, params: { ...params, sign: epaySign(params, p.key), sign_type: 'MD5' } };
}
