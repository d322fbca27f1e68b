import type { BillingPreference } from '@gw/contracts';
import { InsufficientSubscriptionQuotaError, InsufficientTokenQuotaError, InsufficientUserQuotaError } from '../../billing/billing-errors.js';
import { computeQuota, type BillablePrice } from '../../billing/price-calculator.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { logsRepository } from '../../logs/logs.repository.js';
import type { Usage } from '../formats/usage.js';
import type { RelayError } from '../relay-error.js';
import type { ApiKeyPrincipal } from '../pipeline/authenticate-api-key.js';
import { chargeAnswer, errorLog, type RouteTrace } from '../pipeline/record-usage.js';
import type { RelayDeps } from '../pipeline/relay-deps.js';

export const REALTIME_PATH = '/v1/realtime';

/** One realtime session: who, which model, through which channel. */
export interface RealtimeSessionInfo {
  /** The session's request id: every response's consume log carries it. */
  requestId: string;
  principal: ApiKeyPrincipal;
  /** The API key as the client sent it, minus `sk-` (the key cache's key). */
  cacheKey: string;
  /** The model the client asked for (logged), and the one the channel was asked for. */
  model: string;
  upstreamModel: string;
  isMapped: boolean;
  channel: RoutableChannel;
  clientIp: string;
  trace: RouteTrace;
}

/** A charged session, as billing sees it: the session and its price. */
export interface RealtimeBilling extends RealtimeSessionInfo {
  /** The price when the session started: a session keeps its price to the end. */
  price: BillablePrice;
  /** How a subscriber's responses are paid (subscriptionFunding when the session started); undefined: the wallet. */
  funding?: BillingPreference;
}

/** How a finished response went, for its log row. */
export interface RealtimeResponse {
  usage: Usage;
  /** When response.created arrived (the session's start for a response without one). */
  startedAt: number;
  /** Milliseconds from response.created to the response's next frame. */
  firstTokenMs: number;
  status: string | undefined;
  /**
   * What else than the session's model did the work, at its own price: the model transcribing the input
   * audio, which OpenAI charges apart (logged under its own name).
   */
  by?: { model: string; price: BillablePrice };
}

/**
 * Charges one completed response as the HTTP relay settles a request that took no hold (recordSuccess):
 * the key cache at once, and balances, usage counters, the channel's used quota and the consume log
 * (type 2) in one group commit. Returns the quota charged.
 */
export function chargeRealtimeResponse(deps: RelayDeps, s: RealtimeBilling, r: RealtimeResponse, holdId?: string): number {
  const model = r.by?.model ?? s.model;
  const quota = chargeAnswer(deps, {
    principal: s.principal,
    requestId: s.requestId,
    holdId,
    model,
    price: r.by?.price ?? s.price,
    channel: s.channel,
    stream: true,
    startedAt: r.startedAt,
    clientIp: s.clientIp,
    details: {
      usage: r.usage,
      firstTokenMs: r.firstTokenMs,
      isMapped: r.by ? false : s.isMapped,
      upstreamModel: r.by?.model ?? s.upstreamModel,
      reasoningEffort: undefined,
      requestPath: REALTIME_PATH,
      streamStatus: r.status,
      triedChannels: s.trace.tried,
      routeTrace: s.trace.reasons,
      localCount: false,
      promptEstimate: undefined,
    },
  });
  deps.metrics?.relayServed(model, s.channel.id, (Date.now() - r.startedAt) / 1000, quota, { prompt: r.usage.promptTokens, completion: r.usage.completionTokens });
  return quota;
}

/**
 * Charges one response of a subscriber's session where the billing preference says: the exact cost is held
 * from a subscription's budget or the wallet (one hold per response, in the order the preference gives)
 * and settled at once. The answer is in, so it is charged even when no source covers it: to a subscription
 * that still has room (unless the user pays from the wallet first), else to the wallet — and the session ends.
 * Resolves to whether the session may go on.
 */
export async function chargeSubscriberResponse(deps: RelayDeps, s: RealtimeBilling & { funding: BillingPreference }, r: RealtimeResponse, holdId: string): Promise<boolean> {
  const p = s.principal;
  const amount = computeQuota(r.by?.price ?? s.price, r.usage, deps.options.get('QuotaPerUnit'));
  const hold = (value: number, funding: BillingPreference) => deps.billing.preConsume({ requestId: holdId, userId: p.userId, tokenId: p.tokenId, tokenUnlimited: p.tokenUnlimited, amount: value, funding });
  let covered = true;
  try {
    await hold(amount, s.funding);
  } catch (err) {
    if (!isInsufficientQuota(err)) throw err;
    covered = false;
    // An empty hold on a subscription with room left takes the overdraft there, as a request whose cost outgrew its hold.
    if (s.funding !== 'wallet_first') await hold(0, 'subscription_only').catch((again: unknown) => {
      if (!isInsufficientQuota(again)) throw again;
    });
  }
  const quota = chargeRealtimeResponse(deps, s, r, deps.billing.hasOpenHold(holdId) ? holdId : undefined);
  return covered && !(quota > 0 && tokenExhausted(deps, s));
}

function isInsufficientQuota(err: unknown): boolean {
  return err instanceof InsufficientUserQuotaError || err instanceof InsufficientSubscriptionQuotaError || err instanceof InsufficientTokenQuotaError;
}

function tokenExhausted(deps: RelayDeps, s: RealtimeBilling): boolean {
  if (s.principal.tokenUnlimited) return false;
  const cached = deps.keyCache.get(s.cacheKey);
  return cached !== undefined && cached.remain_quota <= 0;
}

/**
 * Whether the user or the (limited) key has run out after `chargedSoFar` in this session: the lower of
 * the key cache's live balances (every request of this process charges them) and the balances at the
 * session's start minus its own charges.
 */
export function balanceExhausted(deps: RelayDeps, s: RealtimeBilling, chargedSoFar: number): boolean {
  const p = s.principal;
  const cached = deps.keyCache.get(s.cacheKey);
  const user = Math.min(p.userQuota - chargedSoFar, cached?.user_quota ?? Infinity);
  if (user <= 0) return true;
  if (p.tokenUnlimited) return false;
  return Math.min(p.tokenRemainQuota - chargedSoFar, cached?.remain_quota ?? Infinity) <= 0;
}

/** The error log (type 5) of a session that never started, as the HTTP relay's recordFailure writes it. */
export async function recordRealtimeFailure(
  deps: RelayDeps,
  f: { requestId: string; principal: ApiKeyPrincipal; model: string; clientIp: string; startedAt: number; trace: RouteTrace; channel: RoutableChannel | undefined },
  error: RelayError,
): Promise<void> {
  const log = errorLog({ ...f, stream: true, path: REALTIME_PATH }, error);
  await logsRepository.insert(deps.db, { user_id: f.principal.userId, token_id: f.principal.tokenId, ...log });
}
