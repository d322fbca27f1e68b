import { computeQuota, type BillablePrice } from '../../billing/price-calculator.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { LogType } from '../../logs/log-types.js';
import { logsRepository } from '../../logs/logs.repository.js';
import { consumeLogOther } from './consume-log-other.js';
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
  const quota = computeQuota(price, result.usage, deps.options.get('QuotaPerUnit'));
  const u = result.usage;
  const promptTokens = u.semantic === 'anthropic' ? u.promptTokens + u.cachedTokens + u.cacheCreationTokens : u.promptTokens;
  const log = deps.options.get('LogConsumeEnabled')
    ? {
        type: LogType.Consume,
        username: input.principal.username,
        token_name: input.principal.tokenName,
        model_name: input.model,
        prompt_tokens: promptTokens,
        completion_tokens: u.completionTokens,
        use_time: Math.round((Date.now() - input.startedAt) / 1000),
        is_stream: input.stream ? 1 : 0,
        channel_name: result.channel.name,
        group: input.principal.group,
        ip: input.clientIp,
        request_id: input.requestId,
        content: '',
        other: consumeLogOther(price, {
          usage: u,
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
        }),
      }
    : null;
  const p = input.principal;
  deps.keyCache.charge(p.userId, p.tokenId, quota);
  deps.billing
    .settleBatched({ requestId: input.requestId, userId: p.userId, tokenId: p.tokenId, tokenUnlimited: p.tokenUnlimited, actualQuota: quota, channelId: result.channel.id, log })
    .catch((err: unknown) => deps.log.error({ err, requestId: input.requestId }, 'settlement failed'));
  return quota;
}

/** Gives the hold back (if one was taken) and writes an error log (type 5) with what went wrong and where. */
export async function recordFailure(deps: RelayDeps, input: RelayInput, error: RelayError, trace: RouteTrace, channel: RoutableChannel | undefined): Promise<void> {
  const log = {
    type: LogType.Error,
    username: input.principal.username,
    token_name: input.principal.tokenName,
    model_name: input.model,
    quota: 0,
    use_time: Math.round((Date.now() - input.startedAt) / 1000),
    is_stream: input.stream ? 1 : 0,
    channel_id: channel?.id ?? 0,
    channel_name: channel?.name ?? '',
    group: input.principal.group,
    ip: input.clientIp,
    request_id: input.requestId,
    content: error.message,
    other: JSON.stringify({ status_code: error.status, error_code: error.code, error_kind: error.kind, request_path: input.path, admin_info: { use_channel: trace.tried, route_trace: trace.reasons } }),
  };
  if (deps.billing.hasOpenHold(input.requestId)) await deps.billing.refund(input.requestId, log);
  else await logsRepository.insert(deps.db, { user_id: input.principal.userId, token_id: input.principal.tokenId, ...log });
}

function reasoningEffortOf(input: RelayInput): string | undefined {
  if (input.body.kind !== 'json') return undefined;
  const effort = input.body.json.reasoning_effort ?? (input.body.json.reasoning as { effort?: unknown } | undefined)?.effort;
  return typeof effort === 'string' ? effort : undefined;
}
