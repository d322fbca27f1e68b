import { InsufficientSubscriptionQuotaError, InsufficientTokenQuotaError, InsufficientUserQuotaError } from '../billing/billing-errors.js';
import { subscriptionFunding } from '../subscriptions/subscription-funding.js';
import type { SettlementLog } from '../billing/billing.service.js';
import type { RoutableChannel } from '../channels/routing-table.js';
import { LogType } from '../logs/log-types.js';
import { nextRequestId } from '../platform/request-id.js';
import { quotaExhausted } from '../relay/relay-error.js';
import type { ApiKeyPrincipal } from '../relay/pipeline/authenticate-api-key.js';
import type { TaskDeps } from './task-deps.js';
import type { TaskPrice } from './task-pricing.js';

/** Quota held for one task submission until the upstream accepted (charge) or refused (release) it. */
export interface TaskHold {
  requestId: string;
  principal: ApiKeyPrincipal;
  price: TaskPrice;
}

/**
 * Holds the task's price before the upstream call, so concurrent submissions can never spend more than
 * the balance. Refused holds change nothing and answer "quota not enough" in the caller's shape.
 */
export async function holdTaskQuota(deps: TaskDeps, principal: ApiKeyPrincipal, price: TaskPrice): Promise<TaskHold> {
  const requestId = nextRequestId();
  try {
    const funding = subscriptionFunding(principal.subscriptionUntil, principal.userSetting);
    await deps.billing.preConsume({ requestId, userId: principal.userId, tokenId: principal.tokenId, tokenUnlimited: principal.tokenUnlimited, amount: price.quota, funding });
  } catch (err) {
    if (err instanceof InsufficientSubscriptionQuotaError) throw quotaExhausted('quota_not_enough: your subscriptions have no quota left for this task', 'insufficient_subscription_quota');
    if (err instanceof InsufficientUserQuotaError) throw quotaExhausted('quota_not_enough: your account quota is not enough for this task; please top up', 'insufficient_user_quota');
    if (err instanceof InsufficientTokenQuotaError) throw quotaExhausted('quota_not_enough: this API key does not have enough quota left for this task', 'pre_consume_token_quota_failed');
    throw err;
  }
  return { requestId, principal, price };
}

/** The upstream accepted the task: the hold becomes the charge, with its consume log (type 2) in the same transaction. */
export async function chargeTaskQuota(deps: TaskDeps, hold: TaskHold, channelId: number, log: SettlementLog | null): Promise<void> {
  const fromWallet = deps.billing.fundingOf(hold.requestId) === undefined;
  await deps.billing.settle({ requestId: hold.requestId, actualQuota: hold.price.quota, channelId, log: deps.options.get('LogConsumeEnabled') ? log : null });
  deps.keyCache.charge(hold.principal.userId, hold.principal.tokenId, hold.price.quota, fromWallet);
}

/** The upstream refused the task (or could not be reached): everything held goes back. */
export async function releaseTaskQuota(deps: TaskDeps, hold: TaskHold): Promise<void> {
  await deps.billing.refund(hold.requestId);
}

/** Runs one step of a submission after the hold; if it throws, everything held goes back before the error travels on. */
export async function releasingOnError<T>(deps: TaskDeps, hold: TaskHold | null, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (hold) await releaseTaskQuota(deps, hold);
    throw err;
  }
}

/** Where and when a task submission came in, as its consume log records it. */
export interface TaskRequestInfo {
  clientIp: string;
  path: string;
  startedAt: number;
}

/** The consume log of an accepted task: its per-call price, the channel that took it, and `what` it was (action, upstream id). */
export function taskConsumeLog(hold: TaskHold, request: TaskRequestInfo, channel: Pick<RoutableChannel, 'id' | 'name'>, what: string): SettlementLog {
  const p = hold.principal;
  return {
    type: LogType.Consume,
    username: p.username,
    token_name: p.tokenName,
    model_name: hold.price.model,
    use_time: Math.round((Date.now() - request.startedAt) / 1000),
    is_stream: 0,
    channel_name: channel.name,
    group: p.group,
    ip: request.clientIp,
    request_id: hold.requestId,
    content: `fixed price ${hold.price.modelPrice}, group ratio ${hold.price.groupRatio}, ${what}`,
    other: taskLogOther(hold, channel.id, request.path),
  };
}

/** `other` of a task's consume log: the per-call price that applied and where it ran. */
function taskLogOther(hold: TaskHold, channelId: number, path: string): string {
  return JSON.stringify({ model_price: hold.price.modelPrice, group_ratio: hold.price.groupRatio, request_path: path, admin_info: { use_channel: [channelId] } });
}
