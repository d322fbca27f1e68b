import type { AdminTopUpOrderView, PageResult, TopUpInfo, TopUpOrderView, TopUpPayForm } from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';

/** POST /api/user/topup {key}: redeems a code; answers the quota added (spec 3 §7). */
export function redeemCode(key: string): Promise<number> {
  return api.post<number>('/api/user/topup', { key });
}

/** GET /api/user/topup/info: whether online payment is offered, its methods, minimum and price. */
export const getTopUpInfo = (signal?: AbortSignal) => api.get<TopUpInfo>('/api/user/topup/info', undefined, signal);

/** GET /api/user/topup/self: the user's latest online orders. */
export const listMyOrders = (signal?: AbortSignal) => api.get<TopUpOrderView[]>('/api/user/topup/self', undefined, signal);

/** GET /api/user/topup (administrators): every order, newest first; `keyword` = order number or username part. */
export const listAllOrders = (params: { p: number; page_size: number; keyword: string; status: string }, signal?: AbortSignal) =>
  api.get<PageResult<AdminTopUpOrderView>>('/api/user/topup', params, signal);

/** POST /api/user/topup/complete (administrators): marks a pending order paid and credits it. */
export const completeOrder = (tradeNo: string) => api.post<AdminTopUpOrderView>('/api/user/topup/complete', { trade_no: tradeNo });

/** POST /api/user/amount: the money to pay for an amount, as "12.34". */
export const quoteAmount = (amount: number) => api.post<string>('/api/user/amount', { amount, top_up_code: '' });

/** The signed form to post to the payment gateway (new-api answers the address beside `data`). */
export interface GatewayForm {
  url: string;
  params: TopUpPayForm;
}

/**
 * POST /api/user/pay (or /pay/alipay for Alipay, which the server sends to Alipay itself when configured):
 * creates the order; answers where the browser must post which fields.
 */
export async function createPayment(amount: number, paymentMethod: string): Promise<GatewayForm> {
  const path = paymentMethod === 'alipay' ? '/api/user/pay/alipay' : '/api/user/pay';
  const { data, envelope } = await requestEnvelope<TopUpPayForm>('POST', path, { body: { amount, payment_method: paymentMethod, top_up_code: '' } });
  return { url: String(envelope.url ?? ''), params: data };
}
