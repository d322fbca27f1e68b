import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/** Alipay open platform (page pay, RSA2): parameters are signed as sorted `k=v&…` with SHA256withRSA. */
export type AlipayParams = Record<string, string>;

/** Trade statuses of a paid order in Alipay's notification. */
export const ALIPAY_PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** The signed text: every non-empty parameter except `sign` (and, for notifications, `sign_type`), sorted by key. */
export function alipaySignContent(params: AlipayParams, excludeSignType: boolean): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(excludeSignType && k === 'sign_type') && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** Alipay's console hands out keys as bare base64; PEM is accepted too. */
function pem(key: string, label: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const trimmed = key.trim();
  if (trimmed.startsWith('-----BEGIN')) return trimmed;
  const body = trimmed.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
}

export function alipayPrivateKey(key: string): KeyObject {
  try {
    return createPrivateKey(pem(key, 'PRIVATE KEY'));
  } catch {
    // A PKCS#1 key without its PEM header.
    return createPrivateKey({ key: Buffer.from(key.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs1' });
  }
}

export function alipayPublicKey(key: string): KeyObject {
  return createPublicKey(pem(key, 'PUBLIC KEY'));
}

export function alipaySign(params: AlipayParams, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(alipaySignContent(params, false), 'utf8').sign(privateKey, 'base64');
}

/** Checks a notification's signature with Alipay's public key. */
export function verifyAlipayNotification(params: AlipayParams, publicKey: KeyObject): boolean {
  if (!params.sign || params.sign_type !== 'RSA2') return false;
  try {
    return createVerify('RSA-SHA256').update(alipaySignContent(params, true), 'utf8').verify(publicKey, params.sign, 'base64');
  } catch {
    return false;
  }
}

export interface AlipayPagePay {
  gateway: string;
  appId: string;
  privateKey: KeyObject;
  outTradeNo: string;
  /** Two decimals, as text. */
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  /** Alipay wants local China time "yyyy-MM-dd HH:mm:ss". */
  now: Date;
}

/** The signed form (alipay.trade.page.pay) the browser posts to the Alipay gateway. */
export function alipayPagePayForm(p: AlipayPagePay): { url: string; params: AlipayParams } {
  const params: AlipayParams = {
    app_id: p.appId,
    method: 'alipay.trade.page.pay',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: chinaTime(p.now),
    version: '1.0',
    notify_url: p.notifyUrl,
    return_url: p.returnUrl,
    biz_content: JSON.stringify({ out_trade_no: p.outTradeNo, total_amount: p.totalAmount, subject: p.subject, product_code: 'FAST_INSTANT_TRADE_PAY' }),
  };
  return { url: `${p.gateway}?charset=utf-8`, params: { ...params, sign: alipaySign(params, p.privateKey) } };
}

function chinaTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
