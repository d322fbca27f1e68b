import type {
  BillingPreference, PageResult, StripePayResult, SubscriptionOrderSearchQuery, SubscriptionOrderView, SubscriptionPlanInput,
  SubscriptionPlanItem, SubscriptionPlanView, SubscriptionResetResult, SubscriptionSelfView, SubscriptionSummary, TopUpPayForm,
} from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';

/** new-api's /api/subscription calls: the user's plans, subscriptions and purchases, and the administrators' plan management. */

/** GET /api/subscription/plans: the plans on sale, in their display order. */
export const listPlans = (signal?: AbortSignal) => api.get<SubscriptionPlanItem[]>('/api/subscription/plans', undefined, signal);

/** GET /api/subscription/self: the billing preference and the user's subscriptions. */
export const getSelfSubscriptions = (signal?: AbortSignal) => api.get<SubscriptionSelfView>('/api/subscription/self', undefined, signal);

/** PUT /api/subscription/self/preference. */
export const updateBillingPreference = (billingPreference: BillingPreference) =>
  api.put<{ billing_preference: BillingPreference }>('/api/subscription/self/preference', { billing_preference: billingPreference });

/** POST /api/subscription/balance/pay: buys the plan with wallet quota. */
export const payWithBalance = (planId: number) => api.post<SubscriptionSummary>('/api/subscription/balance/pay', { plan_id: planId });

/** The signed form to post to the EPay gateway. */
export interface SubscriptionGatewayForm {
  url: string;
  params: TopUpPayForm;
}

/**
 * POST /api/subscription/epay/pay: creates the order; answers where the browser posts which fields — as
 * `data: {url, params}`, or as the wallet top-up answers it (`data` the fields, `url` beside it).
 */
export async function payWithEpay(planId: number, paymentMethod: string): Promise<SubscriptionGatewayForm> {
  const { data, envelope } = await requestEnvelope<Partial<SubscriptionGatewayForm> & TopUpPayForm>('POST', '/api/subscription/epay/pay', {
    body: { plan_id: planId, payment_method: paymentMethod },
  });
  if (data && typeof data.params === 'object' && data.params !== null) return { url: String(data.url ?? envelope.url ?? ''), params: data.params };
  return { url: String(envelope.url ?? ''), params: data ?? {} };
}

/** POST /api/subscription/stripe/pay: answers the Stripe Checkout page to open. */
export const payWithStripe = (planId: number) => api.post<StripePayResult>('/api/subscription/stripe/pay', { plan_id: planId });

/** POST /api/subscription/creem/pay: answers Creem's checkout page. */
export const payWithCreem = (planId: number) => api.post<{ checkout_url: string }>('/api/subscription/creem/pay', { plan_id: planId });

/** GET /api/subscription/admin/plans (administrators): every plan, disabled ones too. */
export const listAdminPlans = (signal?: AbortSignal) => api.get<SubscriptionPlanItem[]>('/api/subscription/admin/plans', undefined, signal);

export const createPlan = (plan: SubscriptionPlanInput) => api.post<SubscriptionPlanView>('/api/subscription/admin/plans', { plan });

export const updatePlan = (id: number, plan: SubscriptionPlanInput) => api.put<SubscriptionPlanView>(`/api/subscription/admin/plans/${id}`, { plan });

/** PATCH /api/subscription/admin/plans/:id: puts a plan on sale or takes it off. */
export const setPlanEnabled = (id: number, enabled: boolean) =>
  requestEnvelope<unknown>('PATCH', `/api/subscription/admin/plans/${id}`, { body: { enabled } }).then((r) => r.data);

/** GET /api/subscription/admin/users/:id/subscriptions: a user's subscriptions, newest first. */
export const listUserSubscriptions = (userId: number, signal?: AbortSignal) =>
  api.get<SubscriptionSummary[]>(`/api/subscription/admin/users/${userId}/subscriptions`, undefined, signal);

/** POST /api/subscription/admin/users/:id/subscriptions: gives the user a plan. */
export const giveUserPlan = (userId: number, planId: number) =>
  api.post<SubscriptionSummary>(`/api/subscription/admin/users/${userId}/subscriptions`, { plan_id: planId });

/** POST /api/subscription/admin/user_subscriptions/:id/invalidate: ends the subscription now. */
export const invalidateSubscription = (id: number) => api.post<unknown>(`/api/subscription/admin/user_subscriptions/${id}/invalidate`);

export const deleteSubscription = (id: number) => api.delete<unknown>(`/api/subscription/admin/user_subscriptions/${id}`);

/** Which page of plan orders to read, filtered (administrators) by order number or buyer and status. */
export type SubscriptionOrderPage = { p: number; page_size: number } & SubscriptionOrderSearchQuery;

/** GET /api/subscription/self/orders: the user's own plan orders, newest first. */
export const listSelfOrders = (params: { p: number; page_size: number }, signal?: AbortSignal) =>
  api.get<PageResult<SubscriptionOrderView>>('/api/subscription/self/orders', params, signal);

/** GET /api/subscription/admin/orders (administrators): every plan order. */
export const listAdminOrders = (params: SubscriptionOrderPage, signal?: AbortSignal) =>
  api.get<PageResult<SubscriptionOrderView>>('/api/subscription/admin/orders', params, signal);

/** POST /api/subscription/admin/orders/complete: marks a pending plan order paid and creates its subscription. */
export const completePlanOrder = (tradeNo: string) => api.post<SubscriptionOrderView>('/api/subscription/admin/orders/complete', { trade_no: tradeNo });

/** POST /api/subscription/admin/plans/:id/subscriptions/reset: every active subscription of the plan starts its budget again. */
export const resetPlanBudgets = (planId: number, advanceResetTime: boolean) =>
  api.post<SubscriptionResetResult>(`/api/subscription/admin/plans/${planId}/subscriptions/reset`, { advance_reset_time: advanceResetTime });

/** POST /api/subscription/admin/users/:id/subscriptions/reset: one user's active subscriptions of the plan. */
export const resetUserPlanBudgets = (userId: number, planId: number, advanceResetTime: boolean) =>
  api.post<SubscriptionResetResult>(`/api/subscription/admin/users/${userId}/subscriptions/reset`, { plan_id: planId, advance_reset_time: advanceResetTime });
