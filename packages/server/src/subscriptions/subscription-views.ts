import type { Selectable } from 'kysely';
import type { SubscriptionDurationUnit, SubscriptionPlanView, SubscriptionResetPeriod, SubscriptionStatus, UserSubscriptionView } from '@gw/contracts';
import type { SubscriptionPlansTable, UserSubscriptionsTable } from '../db/schema.js';

export type PlanRow = Selectable<SubscriptionPlansTable>;
export type UserSubscriptionRow = Selectable<UserSubscriptionsTable>;

/** Every number as a JS number, whichever driver read it. */
const num = (v: unknown) => Number(v);

export function toPlanView(p: PlanRow): SubscriptionPlanView {
  return {
    id: num(p.id),
    title: p.title,
    subtitle: p.subtitle,
    price_amount: num(p.price_amount),
    currency: p.currency,
    duration_unit: p.duration_unit as SubscriptionDurationUnit,
    duration_value: num(p.duration_value),
    custom_seconds: num(p.custom_seconds),
    enabled: num(p.enabled) === 1,
    sort_order: num(p.sort_order),
    stripe_price_id: p.stripe_price_id,
    creem_product_id: p.creem_product_id,
    max_purchase_per_user: num(p.max_purchase_per_user),
    upgrade_group: p.upgrade_group,
    total_amount: num(p.total_amount),
    quota_reset_period: p.quota_reset_period as SubscriptionResetPeriod,
    quota_reset_custom_seconds: num(p.quota_reset_custom_seconds),
    created_at: num(p.created_at),
    updated_at: num(p.updated_at),
  };
}

export function toUserSubscriptionView(s: UserSubscriptionRow & { plan_title: string | null }): UserSubscriptionView {
  return {
    id: num(s.id),
    user_id: num(s.user_id),
    plan_id: num(s.plan_id),
    plan_title: s.plan_title ?? '',
    amount_total: num(s.amount_total),
    amount_used: num(s.amount_used),
    start_time: num(s.start_time),
    end_time: num(s.end_time),
    status: s.status as SubscriptionStatus,
    source: s.source,
    quota_reset_period: s.quota_reset_period as SubscriptionResetPeriod,
    last_reset_time: num(s.last_reset_time),
    next_reset_time: num(s.next_reset_time),
    upgrade_group: s.upgrade_group,
    created_at: num(s.created_at),
    updated_at: num(s.updated_at),
  };
}
