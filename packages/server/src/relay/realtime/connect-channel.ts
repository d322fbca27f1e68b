import { ChannelType } from '@gw/contracts';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { RelayError } from '../relay-error.js';
import type { ApiKeyPrincipal } from '../pipeline/authenticate-api-key.js';
import { adapterAndModel, channelInfo, configFailure, upstreamFailure, type AttemptFailure } from '../pipeline/attempt-channel.js';
import { chooseChannel } from '../pipeline/choose-channel.js';
import { classifyUpstreamError, upstreamErrorPolicy, networkFailure, retryAfterSeconds } from '../pipeline/retry-policy.js';
import type { RouteTrace } from '../pipeline/record-usage.js';
import type { RelayDeps } from '../pipeline/relay-deps.js';
import { REALTIME_CHANNEL_TYPES, connectUpstream, upstreamTarget, type OpenUpstream } from './realtime-upstream.js';

export interface ConnectRequest {
  principal: ApiKeyPrincipal;
  model: string;
  openaiBeta: string | undefined;
  connectTimeoutMs: number;
  /** Aborted when the client leaves while the gateway is still connecting. */
  signal: AbortSignal;
}

export type ConnectOutcome =
  | { kind: 'open'; upstream: OpenUpstream; channel: RoutableChannel; upstreamModel: string; isMapped: boolean; trace: RouteTrace }
  | { kind: 'failed'; error: RelayError; channel: RoutableChannel | undefined; trace: RouteTrace }
  | { kind: 'aborted' };

type Attempt = { kind: 'open'; upstream: OpenUpstream; upstreamModel: string; isMapped: boolean } | AttemptFailure | { kind: 'aborted' };

/**
 * Finds a channel that speaks the Realtime API and opens its socket, with the HTTP relay's routing
 * (priority tiers, weights, cooling, model mapping) and retry policy (RetryTimes more channels, never
 * the same one twice, only for failures that are not the caller's). Channels of other types are
 * passed over without counting as attempts.
 */
export async function connectChannel(deps: RelayDeps, req: ConnectRequest): Promise<ConnectOutcome> {
  const trace: RouteTrace = { tried: [], reasons: [] };
  const pinned = req.principal.pinnedChannelId !== null;
  const attempts = pinned ? 1 : deps.options.get('RetryTimes') + 1;
  const excluded = new Set<number>();
  let passedOver = 0;
  let last: { error: RelayError; channel: RoutableChannel } | undefined;
  for (let made = 0; made < attempts; ) {
    const choice = chooseChannel(deps, req.principal, req.model, excluded);
    if (!choice) break;
    excluded.add(choice.channel.id);
    if (!REALTIME_CHANNEL_TYPES.has(choice.channel.type)) {
      passedOver++;
      continue;
    }
    made++;
    trace.tried.push(choice.channel.id);
    trace.reasons.push(`#${choice.channel.id}: ${choice.reason}`);
    const attempt = await attemptChannel(deps, req, choice.channel);
    if (attempt.kind === 'aborted') return attempt;
    if (attempt.kind === 'open') {
      deps.health.recordSuccess(choice.channel.id);
      return { kind: 'open', upstream: attempt.upstream, channel: choice.channel, upstreamModel: attempt.upstreamModel, isMapped: attempt.isMapped, trace };
    }
    last = { error: attempt.error, channel: choice.channel };
    deps.metrics?.upstreamError(choice.channel.id, attempt.error.status);
    if (!attempt.retry) break;
  }
  if (last) return { kind: 'failed', ...last, trace };
  const error =
    passedOver > 0
      ? new RelayError(400, 'realtime_not_supported', `no channel for the model ${req.model} serves the Realtime API`, 'client', 'invalid_request_error')
      : new RelayError(503, 'model_not_found', `no available channel for model ${req.model} under group ${req.principal.group}`, 'gateway');
  return { kind: 'failed', error, channel: undefined, trace };
}

/**
 * Opens the socket of a model the caller configured with their own supplier key (a virtual channel):
 * one attempt, no routing, no health record; a failure is logged without a channel (as over HTTP).
 */
export async function connectOwnKeyChannel(deps: RelayDeps, req: ConnectRequest, channel: RoutableChannel): Promise<ConnectOutcome> {
  const trace: RouteTrace = { tried: [], reasons: [`${channel.name}: the caller's own key`] };
  if (!REALTIME_CHANNEL_TYPES.has(channel.type)) {
    const error = new RelayError(400, 'realtime_not_supported', `your own key for ${req.model} is for a supplier whose API has no Realtime sessions`, 'client', 'invalid_request_error');
    return { kind: 'failed', error, channel: undefined, trace };
  }
  const attempt = await attemptChannel(deps, req, channel);
  if (attempt.kind === 'aborted') return attempt;
  if (attempt.kind === 'open') return { kind: 'open', upstream: attempt.upstream, channel, upstreamModel: attempt.upstreamModel, isMapped: attempt.isMapped, trace };
  return { kind: 'failed', error: attempt.error, channel: undefined, trace };
}

async function attemptChannel(deps: RelayDeps, req: ConnectRequest, channel: RoutableChannel): Promise<Attempt> {
  const resolved = adapterAndModel(deps, channel, req.model);
  if (resolved.kind === 'failed') return resolved;
  const { adapter, mapped } = resolved;
  const info = channelInfo(channel, adapter);
  if (!info) return configFailure(channel, 'every key of the channel is disabled');
  if (channel.type === ChannelType.AzureOpenAI && !info.baseUrl) return configFailure(channel, 'an Azure channel needs its resource URL as base URL');
  const result = await connectUpstream(upstreamTarget(info, mapped.upstreamModel, req.openaiBeta), req.connectTimeoutMs, req.signal);
  if (result.kind === 'aborted') return result;
  if (result.kind === 'open') return { kind: 'open', upstream: result, upstreamModel: mapped.upstreamModel, isMapped: mapped.isMapped };
  if (result.kind === 'network') return upstreamFailure(deps, channel, networkFailure(), 502, `upstream connection failed: ${result.reason}`, 'do_request_failed');
  const verdict = classifyUpstreamError(result.status, result.info, upstreamErrorPolicy(deps.options));
  const wait = retryAfterSeconds(result.retryAfter);
  if (wait !== undefined && verdict.channelFault) deps.health.coolFor(channel.id, wait * 1000);
  const code = result.info.code ?? (verdict.kind === 'client' ? 'invalid_request' : 'upstream_error');
  return upstreamFailure(deps, channel, verdict, result.status, result.info.message || `upstream answered HTTP ${result.status} to the WebSocket upgrade`, code);
}


