import { computeQuota, type BillablePrice } from '../../billing/price-calculator.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { LogType } from '../../logs/log-types.js';
import { logsRepository } from '../../logs/logs.repository.js';
import { consumeLogOther, type ConsumeLogDetails } from './consume-log-other.js';
import { totalPromptTokens, type Usage } from '../formats/usage.js';
import type { ApiKeyPrincipal } from './authenticate-api-key.js';
import type { RelayError } from '../relay-error.js';
import type { AttemptSuccess } from './attempt-channel.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';
import type { PromptEstimate } from './estimate-prompt-tokens.js';

/** Which channels a request tried, in order, and why each was chosen (admins see it in the log). */
export interface RouteTrace {
  tried: number[];
  reasons: string[];
}

/**
 * Settles the exact cost and queues the consume log (type 2) for the same transaction, returning the
 * quota charged. It does not wait for that group commit (up to the batch window later; graceful
 * shutdown drains it): a request waiting for it kept everything it had touched, body and answer
 * included, alive through garbage collections.
 */
export function recordSuccess(deps: RelayDeps, input: RelayInput, price: BillablePrice, result: AttemptSuccess, trace: RouteTrace, promptEstimate: PromptEstimate): number {
  return chargeAnswer(deps, {
    principal: input.principal,
    requestId: input.requestId,
    model: input.model,
    price,
    channel: result.channel,
    stream: input.stream,
    startedAt: input.startedAt,
    clientIp: input.clientIp,
    details: {
      usage: result.usage,
      firstTokenMs: result.firstTokenMs,
      isMapped: result.isMapped,
      upstreamModel: result.upstreamModel,
      reasoningEffort: reasoningEffortOf(input),
      requestPath: input.path,
      streamStatus: result.streamStatus,
      triedChannels: trace.tried,
      routeTrace: trace.reasons,
      localCount: result.localCount,
      promptEstimate: promptEstimate.computed ? promptEstimate.tokens : undefined,
      channelAffinity: deps.channelAffinity?.recordServed(input, result.channel),
      multiKeyIndex: result.keyIndex,
      fallbackFrom: input.requestedModel,
    },
  });
}

/** One answered request (or realtime response) to charge. */
export interface ChargedAnswer {
  principal: ApiKeyPrincipal;
  requestId: string;
  /** The hold this answer settles when it is not the request's own (a realtime response's); logged under requestId still. */
  holdId?: string;
  /** The model the client asked for (billed and logged under this name). */
  model: string;
  price: BillablePrice;
  /** The channel that served (id 0 and no name for an answer from the response cache). */
  channel: Pick<RoutableChannel, 'id' | 'name'>;
  stream: boolean;
  startedAt: number;
  clientIp: string;
  /** The usage and what the log's `other` records besides the price. */
  details: ConsumeLogDetails;
  /** An answer from the response cache is charged this share of its cost (cachedQuota). */
  cacheRatio?: number;
}

/** Who asked for what through which channel: what every consume log says of an answer. */
export type LoggedAnswer = Pick<ChargedAnswer, 'principal' | 'requestId' | 'model' | 'channel' | 'stream' | 'startedAt' | 'clientIp'>;

/** A consume log's fields but its user, key and quota (which settlement adds). */
export function consumeLogFields(a: LoggedAnswer, u: Usage, content: string, other: string) {
  const p = a.principal;
  return {
    type: LogType.Consume,
    username: p.username,
    token_name: p.tokenName,
    model_name: a.model,
    prompt_tokens: totalPromptTokens(u),
    completion_tokens: u.completionTokens,
    use_time: Math.round((Date.now() - a.startedAt) / 1000),
    is_stream: a.stream ? 1 : 0,
    channel_name: a.channel.name,
    group: p.group,
    ip: a.clientIp,
    request_id: a.requestId,
    content,
    other,
  };
}

/**
 * Prices an answer and charges it: the key cache at once, then balances, usage counters, the channel's
 * used quota and the consume log (type 2, unless LogConsumeEnabled is off) in the next group commit.
 * Returns the quota charged.
 */
export function chargeAnswer(deps: RelayDeps, a: ChargedAnswer): number {
  const u = a.details.usage;
  const full = computeQuota(a.price, u, deps.options.get('QuotaPerUnit'));
  const quota = a.cacheRatio === undefined ? full : cachedQuota(full, a.cacheRatio);
  const p = a.principal;
  const log = deps.options.get('LogConsumeEnabled') ? consumeLogFields(a, u, '', consumeLogOther(a.price, a.details)) : null;
  const holdId = a.holdId ?? a.requestId;
  deps.keyCache.charge(p.userId, p.tokenId, quota, deps.billing.fundingOf(holdId) === undefined);
  // A key with a tpm_limit counts the answer's tokens toward its current minute.
  if (p.tpmLimit > 0) deps.keyRateLimits?.used(p, totalPromptTokens(u) + u.completionTokens);
  deps.billing
    .settleBatched({ requestId: holdId, userId: p.userId, tokenId: p.tokenId, tokenUnlimited: p.tokenUnlimited, actualQuota: quota, channelId: a.channel.id, log, budgetPeriod: p.tokenBudgetPeriod || undefined, userBudgetPeriod: p.userBudgetPeriod || undefined })
    .catch((err: unknown) => deps.log.error({ err, requestId: a.requestId }, 'settlement failed'));
  return quota;
}

/** What an answer from the response cache costs: `ratio` of the full cost, at least 1 unless the ratio or the cost is 0. */
export function cachedQuota(full: number, ratio: number): number {
  return full === 0 || ratio === 0 ? 0 : Math.max(1, Math.round(full * ratio));
}

/** Gives the hold back (if one was taken) and writes an error log (type 5) with what went wrong and where. */
export async function recordFailure(deps: RelayDeps, input: RelayInput, error: RelayError, trace: RouteTrace, channel: RoutableChannel | undefined): Promise<void> {
  const log = errorLog({ ...input, trace, channel }, error);
  if (deps.billing.hasOpenHold(input.requestId)) await deps.billing.refund(input.requestId, log);
  else await logsRepository.insert(deps.db, { user_id: input.principal.userId, token_id: input.principal.tokenId, ...log });
}

/** A failed request (or realtime session) as its error log records it. */
export interface FailedRequest {
  principal: ApiKeyPrincipal;
  requestId: string;
  model: string;
  stream: boolean;
  startedAt: number;
  clientIp: string;
  path: string;
  trace: RouteTrace;
  channel: RoutableChannel | undefined;
}

/** The error log (type 5) row of a failed request, without its user and token ids. */
export function errorLog(f: FailedRequest, error: RelayError) {
  return {
    type: LogType.Error,
    username: f.principal.username,
    token_name: f.principal.tokenName,
    model_name: f.model,
    quota: 0,
    use_time: Math.round((Date.now() - f.startedAt) / 1000),
    is_stream: f.stream ? 1 : 0,
    channel_id: f.channel?.id ?? 0,
    channel_name: f.channel?.name ?? '',
    group: f.principal.group,
    ip: f.clientIp,
    request_id: f.requestId,
    content: error.message,
    other: JSON.stringify({ status_code: error.status, error_code: error.code, error_kind: error.kind, request_path: f.path, admin_info: { use_channel: f.trace.tried, route_trace: f.trace.reasons } }),
  };
}

function reasoningEffortOf(input: RelayInput): string | undefined {
  if (input.body.kind !== 'json') return undefined;
  const effort = input.body.json.reasoning_effort ?? (input.body.json.reasoning as { effort?: unknown } | undefined)?.effort;
  return typeof effort === 'string' ? effort : undefined;
}
